/**
 * One refresher for the fleet (decision record 0048; ADR 0038 measured what one per process
 * cost). The right to flush is a job on the job queue, `leaderboard-lease`, with the stately
 * policy: at most one lease runs and one waits, whatever number of processes send it. Its
 * holder flushes for `lease_ms`, drains what is waiting, and ends; the next lease, sent by the
 * holder when its lease starts and due when it ends, is taken by whichever worker asks first
 * (usually the same process, whose worker asks again at once). A holder killed mid-lease leaves
 * its job active until it expires (3 leases); maintenance then hands it to another process,
 * which reconciles the board first (changes nobody refreshed meanwhile). The holder's writes
 * announce the board through LISTEN/NOTIFY as before, so every process's live top reloads.
 */
import type { JobQueue } from '../../jobs/index.ts';
import type { LeaderboardRefresher } from './refresher.ts';

export const LEADERBOARD_LEASE_JOB = 'leaderboard-lease';
export const LEADERBOARD_LEASE_DEFAULT_ms = 10_000;

export interface LeaseResult {
  /** Refresh statements this lease ran (the test reads them from the job's output). */
  refreshes: number;
  reconciled: number;
}

export interface LeaseOptions {
  lease_ms: number;
  log: { warn(obj: object, msg: string): void };
}

/** Defines the lease job and sends the first one (a no-op when one is already waiting). */
export async function startRefresherLease(jobs: JobQueue, refresher: LeaderboardRefresher, options: LeaseOptions): Promise<void> {
  const lease_s = options.lease_ms / 1000;
  let firstLease = true;
  await jobs.define<Record<string, never>>({
    name: LEADERBOARD_LEASE_JOB,
    policy: 'stately',
    concurrency: 1,
    // Whole seconds (pg-boss); past it a lease's process is taken for dead.
    expire_s: Math.max(2, Math.ceil(lease_s * 3)),
    retryLimit: 1_000_000,
    // The holder's worker asks again as its lease ends; the others only need to notice a dead holder.
    pollInterval_s: Math.max(0.5, Math.min(2, lease_s)),
    handler: async (_data, job) => {
      // The next lease first: due when this one ends, there already if this process dies.
      await jobs.send(LEADERBOARD_LEASE_JOB, {}, { startAfter_s: lease_s });
      let reconciled = 0;
      // A dead holder's lease (retried), or the first lease of this process (all may have been
      // down): changes nobody refreshed are healed from the profiles.
      if (job.retryCount > 0 || firstLease) reconciled = await refresher.reconcile();
      firstLease = false;
      const before = refresher.refreshes;
      refresher.activate();
      await leaseEnd(options.lease_ms, job.signal);
      await refresher.deactivate();
      const result: LeaseResult = { refreshes: refresher.refreshes - before, reconciled };
      return result;
    },
  });
  await jobs.send(LEADERBOARD_LEASE_JOB, {});
}

/** Resolves after `lease_ms`, or at once when the process stops. */
function leaseEnd(lease_ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, lease_ms);
    signal.addEventListener('abort', done);
  });
}
