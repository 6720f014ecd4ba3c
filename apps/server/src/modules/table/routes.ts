/**
 * The signed-in player's table: GET /api/table, POST /api/table/actions, GET /api/table/shoes
 * (replaced shoes, to verify against their commitments) and GET /api/table/patterns.
 * Contract: packages/shared/src/table.ts. All behind requireUser; the POST is CSRF-guarded like
 * every state-changing route.
 */
import {
  BettingPatternsSchema,
  ErrorBodySchema,
  ShoeRevealHistorySchema,
  TableActionRequestSchema,
  TableSnapshotSchema,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppModule } from '../module.ts';
import { applyTableAction, defaultRng, readPatterns, readSnapshot } from './play.ts';
import { listReveals } from './reveals.ts';

export const tableRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const hooks = deps.table ?? {};
  const rng = defaultRng(hooks);
  const auth = { onRequest: app.requireUser };

  r.get('/api/table', { ...auth, schema: { response: { 200: TableSnapshotSchema } } }, async (request) =>
    readSnapshot(db, request.userId()),
  );

  r.post(
    '/api/table/actions',
    { ...auth, schema: { body: TableActionRequestSchema, response: { 200: TableSnapshotSchema, 409: ErrorBodySchema } } },
    async (request, reply) => {
      const answer = await applyTableAction({ db, now: clock(), hooks, rng }, request.userId(), request.body);
      return reply.status(answer.status).send(answer.body);
    },
  );

  r.get('/api/table/shoes', { ...auth, schema: { response: { 200: ShoeRevealHistorySchema } } }, async (request) => ({
    items: await listReveals(db.kysely, request.userId()),
  }));

  r.get('/api/table/patterns', { ...auth, schema: { response: { 200: BettingPatternsSchema } } }, async (request) =>
    BettingPatternsSchema.parse(await readPatterns(db, request.userId())),
  );
};
