/**
 * The server's job queue (decision record 0048): pg-boss 10 on the app's own database, PGlite
 * or PostgreSQL alike. pg-boss talks to the database only through `Database.runText` (its
 * documented `db.executeSql` adapter), so on PGlite its statements queue on the one session
 * like every other caller's, and on PostgreSQL they use the app's pool (no second pool).
 *
 * What the queue promises the modules that define jobs (index sets, tournament closing, the
 * leaderboard's lease):
 * - a job is run by one worker of the fleet at a time; `policy: 'stately'` also keeps at most
 *   one job of a queue waiting and one running, whatever number of processes send it;
 * - a job whose process died (killed, machine lost) stays `active` until `expire_s` after its
 *   start, then maintenance (every `maintenanceInterval_s`, one process at a time) puts it back
 *   for another worker, up to `retryLimit` times;
 * - concurrency is bounded per queue and process (`concurrency` workers, one job each);
 * - stop() asks running handlers to end (their AbortSignal), waits for them, and fails what is
 *   still running so it is retried elsewhere.
 * pg-boss keeps its tables in its own schema `pgboss`, created and migrated by pg-boss at start
 * under its own advisory lock (safe with several processes starting at once).
 */
import assert from 'node:assert/strict';
import PgBoss from 'pg-boss';
import type { Database } from '../db/open.ts';

export type JobPolicy = 'standard' | 'singleton' | 'stately';

export interface JobContext {
  id: string;
  /** 0 on the first run; more when an earlier run failed or its process died. */
  retryCount: number;
  /** Aborted when this process stops: a long handler returns early. */
  signal: AbortSignal;
}

export interface JobDefinition<T extends object> {
  name: string;
  policy: JobPolicy;
  /** Workers of this queue in one process (each runs one job at a time). */
  concurrency: number;
  /** A running job older than this is taken for dead and retried (its handler must end before). */
  expire_s: number;
  retryLimit: number;
  retryDelay_s?: number;
  /** How often an idle worker looks for a job. */
  pollInterval_s?: number;
  handler: (data: T, job: JobContext) => Promise<object | undefined | void>;
}

export interface SendOptions {
  /** Not run before this many seconds from now. */
  startAfter_s?: number;
  /** With the singleton and stately policies: the one key jobs are counted under. */
  singletonKey?: string;
}

export interface JobQueueOptions {
  /** How often one process runs pg-boss's maintenance (expiring dead jobs, archiving). */
  maintenanceInterval_s?: number;
  log: { warn(obj: object, msg: string): void };
}

/** pg-boss's schema (one per database; every process uses the same). */
export const JOB_SCHEMA = 'pgboss';
const POLL_INTERVAL_DEFAULT_s = 2;
const MAINTENANCE_INTERVAL_DEFAULT_s = 30;
/** Waits for running handlers at stop before failing them (they are retried elsewhere). */
const STOP_TIMEOUT_ms = 5000;

/**
 * pg-boss's create_queue attaches a partition to its job table under no lock of its own, so two
 * processes starting at once, each creating a different queue, can deadlock on PostgreSQL (CI:
 * `deadlock detected` from JobQueue.define at start-up). PostgreSQL aborts one of them; the
 * function is idempotent (ON CONFLICT DO NOTHING), so the aborted one is simply run again.
 */
const DEADLOCK_RETRIES_MAX = 5;
const DEADLOCK = '40P01';

export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= DEADLOCK_RETRIES_MAX || (e as { code?: unknown }).code !== DEADLOCK) throw e;
    }
  }
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly queues = new Set<string>();
  private readonly running = new AbortController();
  private started = false;

  constructor(
    db: Database,
    private readonly options: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => db.runText(text, values) },
      schema: JOB_SCHEMA,
      // Cron scheduling is not used (recurring jobs send their next run themselves): no timers for it.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceInterval_s ?? MAINTENANCE_INTERVAL_DEFAULT_s,
    });
    this.boss.on('error', (e: unknown) => options.log.warn({ err: e }, 'job queue error'));
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  /** Creates (or updates) the queue and starts this process's workers for it. */
  async define<T extends object>(def: JobDefinition<T>): Promise<void> {
    assert.ok(this.started, 'job queue not started');
    assert.ok(Number.isInteger(def.concurrency) && def.concurrency >= 1 && def.concurrency <= 16, 'bad concurrency');
    assert.ok(!this.queues.has(def.name), `job queue ${def.name} defined twice`);
    const queue = {
      name: def.name,
      policy: def.policy,
      expireInSeconds: def.expire_s,
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelay_s ?? 0,
    };
    // createQueue is a no-op for an existing queue; updateQueue applies changed settings.
    await retryOnDeadlock(() => this.boss.createQueue(def.name, queue));
    await this.boss.updateQueue(def.name, queue);
    this.queues.add(def.name);
    const signal = this.running.signal;
    for (let i = 0; i < def.concurrency; i++) {
      await this.boss.work<T>(
        def.name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: def.pollInterval_s ?? POLL_INTERVAL_DEFAULT_s },
        async ([job]) => {
          if (job === undefined) return undefined;
          return def.handler(job.data, { id: job.id, retryCount: job.retryCount, signal });
        },
      );
    }
  }

  /** Queues a job; null when the queue's policy already holds one (singleton/stately). */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, {
      ...(options.startAfter_s !== undefined ? { startAfter: options.startAfter_s } : {}),
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
    });
  }

  /** Jobs waiting (created or retry) in each defined queue: the metrics' queue depth. */
  async depth(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const name of this.queues) out[name] = await this.boss.getQueueSize(name, { before: 'active' });
    return out;
  }

  /** Runs maintenance now: jobs past their expiry go back to be retried (tests, and operators' tools). */
  async expireDead(): Promise<void> {
    await this.boss.expire();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.running.abort();
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_ms });
  }
}
