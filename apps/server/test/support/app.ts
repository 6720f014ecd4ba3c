/**
 * The one app builder of the server tests: the real app (buildApp) on a test database, with
 * test settings, silent logs and no built web app; auth rate limits off unless a test asks.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { AuthRateLimit } from '../../src/auth/types.ts';
import type { Clock } from '../../src/clock.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/index.ts';
import type { TableHooks } from '../../src/modules/table/index.ts';
import type { IndexSetsOptions } from '../../src/modules/indices/index.ts';

export const TEST_APP_URL = 'http://localhost:3000';

export function appTestConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-dist',
    ...env,
  });
}

export interface TestAppOptions {
  clock?: Clock;
  /** Settings over the test ones (SMTP_URL, GOOGLE_*, ADMIN_USER_IDS, SSE_CLIENTS_MAX, ...). */
  env?: Record<string, string | undefined>;
  heartbeat_ms?: number;
  table?: TableHooks;
  /** better-auth's rate limits; default off (the auth tests pass the server's own or tighter ones). */
  authRateLimit?: AuthRateLimit;
  /** The leaderboard refresher's lease (ADR 0048; default 10 s). */
  leaderboardLease_ms?: number;
  /** The index sets' sampling or a generator of the test's own (modules/indices/store.ts). */
  indices?: IndexSetsOptions;
  /** Adds GET /api/test/whoami: the user requireUser resolved (the auth tests' probe). */
  whoami?: boolean;
}

const AUTH_RATE_LIMIT_OFF: AuthRateLimit = { enabled: false, max: 1000, window_s: 60 };

/** The full app on a test database (see the file comment), ready. */
export async function buildTestApp(db: Database, opts: TestAppOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: appTestConfig(opts.env),
    db,
    logger: false,
    ...(opts.clock ? { clock: opts.clock } : {}),
    authRateLimit: opts.authRateLimit ?? AUTH_RATE_LIMIT_OFF,
    streamHeartbeat_ms: opts.heartbeat_ms ?? 15_000,
    ...(opts.table ? { table: opts.table } : {}),
    ...(opts.indices ? { indices: opts.indices } : {}),
    ...(opts.leaderboardLease_ms !== undefined ? { leaderboardLease_ms: opts.leaderboardLease_ms } : {}),
  });
  if (opts.whoami === true)
    app.get('/api/test/whoami', { preHandler: app.requireUser }, (request) => ({ user: request.user }));
  await app.ready();
  return app;
}
