import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Clock } from '../../src/clock.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/index.ts';
import type { TableHooks } from '../../src/modules/table/index.ts';

export const TEST_APP_URL = 'http://localhost:3000';

export function appTestConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-dist',
    ...env,
  });
}

/** The full app on a test database, auth rate limits off, silent logs. */
export async function buildTestApp(
  db: Database,
  opts: { clock?: Clock; env?: Record<string, string>; heartbeat_ms?: number; table?: TableHooks } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: appTestConfig(opts.env),
    db,
    logger: false,
    ...(opts.clock ? { clock: opts.clock } : {}),
    authRateLimit: { enabled: false, max: 1000, window_s: 60 },
    streamHeartbeat_ms: opts.heartbeat_ms ?? 15_000,
    ...(opts.table ? { table: opts.table } : {}),
  });
  await app.ready();
  return app;
}
