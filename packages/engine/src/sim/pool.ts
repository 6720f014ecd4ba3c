// Runs plans on a pool of worker threads: worker_threads on the command line (../../node/sim-pool.ts),
// Web Workers in the browser (web/pool.ts). Chunks are handed out one at a time to whichever
// worker is free; each chunk has its own RNG stream and the accumulators are merged in chunk
// order, so the result does not depend on which worker played what, nor on the thread count.
// Progress is reported per chunk; a run is cancellable with an AbortSignal.
//
// A pool keeps its workers between runs (starting one costs a fraction of a second), one run
// at a time. A cancelled run leaves the pool usable: chunks still in flight come back with an
// old planId and are dropped. A failed worker closes the pool.
import type { Seed } from '../rng.ts';
import { checkRounds, chunkJobs, CHUNK_ROUNDS, type ChunkJob } from './chunks.ts';
import type { SimPlan } from './plan.ts';
import type { FromWorker, SimWorkerLike } from './protocol.ts';
import { mergeChunks, resultOf, SimAbortedError, type RunControl, type SimResult } from './simulate.ts';

export interface PoolRunOptions {
  seed: Seed;
  rounds: number;
  /** Rounds per chunk (tests use smaller chunks; results depend on it, not on threads). */
  chunkRounds?: number;
  /**
   * Plays a chunk on the calling thread: given, the run starts at once and the caller plays
   * chunks while the workers start, until every worker is ready (a one-shot run hides the
   * pool's start-up; decision record 0067). Chunks are merged in order, so who played one does
   * not change the result. Synchronous (a Node core: the browser's main thread is left alone).
   */
  helpUntilReady?: (job: ChunkJob) => Float64Array;
}

export const MAX_THREADS = 64;
/** Jobs queued per worker, so it never waits for the main thread between chunks. */
const JOBS_IN_FLIGHT = 2;

export function checkThreads(threads: number): void {
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) throw new RangeError(`threads must be 1..${MAX_THREADS} (got ${threads})`);
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export class SimPool {
  readonly threads: number;
  private readonly workers: SimWorkerLike[] = [];
  private readonly ready: Promise<void>;
  private busy = false;
  private closed = false;
  /** The first worker failure: the pool is unusable from then on. */
  private failure: Error | null = null;
  private planId = 0;
  /** The handlers of the run in progress. */
  private onMessage: ((w: SimWorkerLike, m: Exclude<FromWorker, { type: 'ready' }>) => void) | null = null;
  private onFailure: ((e: Error) => void) | null = null;

  constructor(threads: number, spawn: (index: number) => SimWorkerLike) {
    checkThreads(threads);
    this.threads = threads;
    const started: Promise<void>[] = [];
    for (let i = 0; i < threads; i++) {
      const w = spawn(i);
      this.workers.push(w);
      started.push(
        new Promise<void>((resolve, reject) => {
          w.onMessage((m) => {
            if (m.type === 'ready') resolve();
            else this.onMessage?.(w, m);
          });
          w.onFailure((e) => {
            reject(e);
            if (this.closed) return;
            this.failure ??= e;
            // During a run the run reports it (and closes the pool); between runs, close now.
            if (this.onFailure) this.onFailure(e);
            else void this.close();
          });
        }),
      );
    }
    this.ready = Promise.all(started).then(() => undefined);
    this.ready.catch(() => undefined); // reported by the run that awaits it
  }

  /** Resolves when every worker has started (runs wait for it themselves). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async run(plan: SimPlan, o: PoolRunOptions, control: RunControl = {}): Promise<SimResult> {
    checkRounds(o.rounds);
    if (this.failure) throw new Error(`SimPool: a worker failed (${this.failure.message})`);
    if (this.closed) throw new Error('SimPool: closed');
    if (this.busy) throw new Error('SimPool: one run at a time');
    this.busy = true;
    try {
      const t0 = now();
      if (!o.helpUntilReady) await this.ready;
      return await this.play(plan, o, control, t0);
    } finally {
      this.busy = false;
      this.onMessage = null;
      this.onFailure = null;
    }
  }

  private play(plan: SimPlan, o: PoolRunOptions, control: RunControl, t0: number): Promise<SimResult> {
    const jobs = chunkJobs(o.seed, o.rounds, o.chunkRounds ?? CHUNK_ROUNDS);
    const planId = ++this.planId;
    const accs: Float64Array[] = [];
    let done = 0;
    let running = 0;
    let settled = false;
    return new Promise<SimResult>((resolve, reject) => {
      const finish = (err: Error | null, stopped = false): void => {
        if (settled) return;
        settled = true;
        control.signal?.removeEventListener('abort', onAbort);
        control.stop?.removeEventListener('abort', onStop);
        if (err) {
          if (!(err instanceof SimAbortedError)) void this.close();
          reject(err);
        } else {
          // Stopped: the chunks finished so far (in flight ones come back to a finished run and are dropped).
          resolve(resultOf(plan, mergeChunks(accs, stopped), o.seed, this.threads, (now() - t0) / 1000, stopped));
        }
      };
      const onAbort = (): void => finish(new SimAbortedError());
      // A stop before any chunk is back waits for the first one: a result needs rounds.
      const onStop = (): void => {
        if (done > 0) finish(null, true);
      };
      if (control.signal?.aborted) return finish(new SimAbortedError());
      control.signal?.addEventListener('abort', onAbort);
      control.stop?.addEventListener('abort', onStop);
      const feed = (w: SimWorkerLike): void => {
        if (settled) return;
        const next: IteratorResult<ChunkJob> = jobs.next();
        if (next.done) {
          if (running === 0) finish(null);
          return;
        }
        running++;
        w.postMessage({ type: 'job', planId, job: next.value });
      };
      this.onFailure = (e) => finish(e);
      this.onMessage = (w, m) => {
        if (m.type === 'failed') return finish(new Error(`sim worker: ${m.message}`));
        if (m.planId !== planId) return;
        running--;
        accs[m.index] = m.acc;
        done += m.rounds;
        control.onProgress?.({ rounds_done: done, rounds_total: o.rounds });
        if (control.stop?.aborted && done < o.rounds) return finish(null, true);
        feed(w);
      };
      // Messages to a worker still starting wait in its queue.
      for (const w of this.workers) {
        w.postMessage({ type: 'plan', planId, plan });
        for (let k = 0; k < JOBS_IN_FLIGHT; k++) feed(w);
      }
      const help = o.helpUntilReady;
      if (!help) return;
      let workersReady = false;
      this.ready.then(
        () => void (workersReady = true),
        () => undefined, // a failed worker is reported through onFailure
      );
      const helpOnce = (): void => {
        if (settled || workersReady) return;
        const next: IteratorResult<ChunkJob> = jobs.next();
        if (next.done) {
          if (running === 0) finish(null);
          return;
        }
        try {
          accs[next.value.index] = help(next.value);
        } catch (e) {
          return finish(e instanceof Error ? e : new Error(String(e)));
        }
        done += next.value.minRounds;
        control.onProgress?.({ rounds_done: done, rounds_total: o.rounds });
        if (control.stop?.aborted && done < o.rounds) return finish(null, true);
        // Let the workers' messages in between chunks.
        setTimeout(helpOnce, 0);
      };
      helpOnce();
    });
  }

  /** Stops the workers. A closed pool refuses runs. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
