import { AppConfigSchema, HealthSchema } from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database } from '../../db/open.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module.ts';
import { buildAppConfig } from './app-config.ts';

const HEALTH_TIMEOUT_ms = 2000;

async function checkDatabase(db: Database): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${HEALTH_TIMEOUT_ms} ms`), HEALTH_TIMEOUT_ms);
  });
  // Reads the tables every request needs, not just `select 1`: a database whose files are
  // damaged still answers `select 1` while sessions and profiles cannot be read.
  const query = sql<{ ok: number }>`select 1 as ok from (select 1 from auth_session limit 1) s
    right join (select 1 from profiles limit 1) p on true
    right join (select 1) one on true`
    .execute(db.kysely)
    .then((r) => (r.rows[0]?.ok === 1 ? 'ok' : 'unexpected answer'))
    .catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Needs only the configuration and the database (tests mount it on a bare Fastify). */
export const systemRoutes: FastifyPluginAsync<Pick<ModuleDeps, 'config' | 'db'>> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const database = await checkDatabase(deps.db);
      const ok = database === 'ok';
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', database });
    },
  );
  const appConfig = buildAppConfig(deps.config);
  r.get('/api/config', { schema: { response: { 200: AppConfigSchema } } }, async () => appConfig);
};
