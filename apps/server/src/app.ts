/**
 * The Fastify app factory: validation with the shared zod schemas, the error catalogue,
 * better-auth under /api/auth, the live-update hub, the feature modules (modules/index.ts)
 * and the web app. Expects a migrated database (main.ts runs migrateDatabase first).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino, type Logger } from 'pino';
import { installAccountSignInLimit } from './auth/account-limits.ts';
import { installAuthNameLimits } from './auth/name-limits.ts';
import { authPlugin } from './auth/plugin.ts';
import { DEFAULT_AUTH_RATE_LIMIT, type AuthRateLimit } from './auth/types.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/open.ts';
import { installErrorHandler } from './error-handler.ts';
import { JobQueue } from './jobs/index.ts';
import { LiveHub } from './live/live-hub.ts';
import { Metrics } from './metrics/metrics.ts';
import { installCsrfGuard } from './http/csrf.ts';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.ts';
import { installInputGuard } from './http/input-guard.ts';
import { installNoStore } from './http/no-store.ts';
import { installRetryAfter } from './http/retry-after.ts';
import { RequestLog } from './http/request-log.ts';
import { recordRouteTable } from './http/route-table.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { SessionWatch } from './http/session-watch.ts';
import type { Mailer } from './mail/types.ts';
import { accountGate } from './modules/admin/index.ts';
import { MODULES } from './modules/index.ts';
import type { IndexSetsOptions } from './modules/indices/index.ts';
import type { ModuleDeps } from './modules/module.ts';
import { profileHooks } from './modules/profiles/index.ts';
import type { TableHooks } from './modules/table/index.ts';
import { RecordGrader } from './modules/record/index.ts';
import { webRoutes } from './web-app.ts';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Default: SMTP_URL's mailer, else the outbox (auth module). */
  mailer?: Mailer;
  /** Default: a pino logger at config.logLevel; false = silent. */
  logger?: Logger | false;
  /** Injected time (daily bonus, ledger timestamps); default the system clock. */
  clock?: Clock;
  /** Auth rate limits (tests turn them off or tighten them). */
  authRateLimit?: AuthRateLimit;
  /** SSE heartbeat period (default 15 s). */
  streamHeartbeat_ms?: number;
  /** How often open streams' sessions are checked (default 2 s: a stream ends within it). */
  streamSessionCheck_ms?: number;
  /** How often the job queue's maintenance runs (default 30 s; tests shorten it). */
  jobsMaintenanceInterval_s?: number;
  /** The leaderboard's lease on its refresher (default 10 s; tests shorten it). */
  leaderboardLease_ms?: number;
  /** The index sets' sampling; tests inject a generator (modules/indices/store.ts). */
  indices?: IndexSetsOptions;
  /** Tests only: the table module's seeded shuffle or stacked first shoe (no request can set these). */
  table?: TableHooks;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The fleet's job queue (jobs/queue.ts). */
    jobs: JobQueue;
    /** Prometheus metrics (metrics/metrics.ts); served on METRICS_PORT only. */
    metrics: Metrics;
  }
}

/** Largest request body; larger ones are refused with 413 PAYLOAD_TOO_LARGE. */
export const BODY_LIMIT_bytes = 64 * 1024;


export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const logger =
    options.logger === false
      ? pino({ level: 'silent' })
      : (options.logger ?? pino({ level: config.logLevel }));
  const app = Fastify({
    loggerInstance: logger,
    // Behind a reverse proxy request.ip must be the client's (rate limits key on it).
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_bytes,
    // Requests are logged once each, at debug (http/request-log.ts).
    logController: new RequestLog(),
    frameworkErrors,
    clientErrorHandler,
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  recordRouteTable(app);
  // Before every route and plugin: its hook must cover all of them (input-guard.ts).
  installInputGuard(app);
  installNoStore(app);
  // Headers first, so even the CSRF guard's refusals carry them.
  await installSecurityHeaders(app, { appUrl: config.appUrl, stripe: config.stripe !== undefined });
  installCsrfGuard(app, config.appUrl);
  installRetryAfter(app, (options.authRateLimit ?? DEFAULT_AUTH_RATE_LIMIT).window_s);

  installAccountSignInLimit(app, db);
  installAuthNameLimits(app);
  await app.register(authPlugin, {
    config,
    db,
    mailer: options.mailer,
    profiles: profileHooks(db, clock),
    gate: accountGate(db),
    rateLimit: options.authRateLimit,
  });

  const live = new LiveHub(db, { clientsMax: config.sseClientsMax }, app.log);
  // Grades the table's decisions after their write (ADR 0028); decisions a crash left ungraded at start.
  const grader = new RecordGrader(db, app.log);
  grader.warm();
  grader.poke();
  // The fleet's job queue (ADR 0048); modules define their jobs when they register.
  const jobs = new JobQueue(db, {
    log: app.log,
    ...(options.jobsMaintenanceInterval_s !== undefined ? { maintenanceInterval_s: options.jobsMaintenanceInterval_s } : {}),
  });
  await jobs.start();
  app.decorate('jobs', jobs);
  const sessions = new SessionWatch(db, options.streamSessionCheck_ms ?? 2000, app.log);
  sessions.start();
  // Open streams would keep close() waiting forever: end them first.
  app.addHook('preClose', async () => {
    sessions.stop();
    await live.stop();
    await grader.close();
  });
  // onClose runs after every preClose hook; main.ts closes the database only after this.
  app.addHook('onClose', () => jobs.stop());
  // Metrics on a port of their own when METRICS_PORT is set (ADR 0049), never on the app's.
  const metrics = new Metrics({ db, live, jobs });
  metrics.install(app);
  app.decorate('metrics', metrics);
  if (config.metricsPort !== undefined) await metrics.listen(config.metricsPort, config.host);
  app.addHook('onClose', () => metrics.close());

  const deps: ModuleDeps = {
    config,
    db,
    clock,
    live,
    sessions,
    grader,
    jobs,
    ...(options.leaderboardLease_ms !== undefined ? { leaderboardLease_ms: options.leaderboardLease_ms } : {}),
    streamHeartbeat_ms: options.streamHeartbeat_ms ?? 15_000,
    ...(options.table ? { table: options.table } : {}),
    ...(options.indices ? { indices: options.indices } : {}),
  };
  for (const module of MODULES) await app.register(module, deps);
  await webRoutes(app, config.webDistDir, { installableApp: config.installableApp });
  return app;
}
