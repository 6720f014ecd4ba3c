/**
 * What every feature module gets from the app factory. A module is a Fastify plugin that
 * registers its own routes (and serves its live topics) from these; it reaches other modules
 * only through their index.ts, never through their routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import type { SessionWatch } from '../http/session-watch.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { IndexSetsOptions } from './indices/store.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { RecordGrader } from './record/grader.ts';
import type { TableHooks } from './table/hooks.ts';

export interface ModuleDeps {
  config: Config;
  db: Database;
  /** Injected time (daily bonus, ledger timestamps). */
  clock: Clock;
  /** This process's live-update hub (Server-Sent Events streams). */
  live: LiveHub;
  /** Ends live streams whose session ended or expired. */
  sessions: SessionWatch;
  /** Grades the table's decisions after their write (record/grader.ts, ADR 0028). */
  grader: RecordGrader;
  /** The fleet's job queue (jobs/queue.ts, ADR 0048): define jobs at registration. */
  jobs: JobQueue;
  /** The leaderboard refresher's lease period (tests shorten it). */
  leaderboardLease_ms?: number;
  /** Heartbeat period of the live streams. */
  streamHeartbeat_ms: number;
  /** The index sets' sampling, and in tests a generator of their own (indices/store.ts). */
  indices?: IndexSetsOptions;
  /** Test-only injections of the table module (a seeded shuffle, a stacked first shoe); unset in play. */
  table?: TableHooks;
}

export type AppModule = FastifyPluginAsync<ModuleDeps>;
