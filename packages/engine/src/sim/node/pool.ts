// Runs plans on worker_threads (the command line; the browser gets Web Workers). Chunks are
// handed out one at a time to whichever worker is free; each chunk has its own RNG stream and
// the accumulators are merged in chunk order, so the result does not depend on which worker
// played what, nor on the thread count. Cancellable with an AbortSignal.
//
// A SimPool keeps its workers between runs (starting one costs ~0.1-0.2 s: a Node isolate and
// the TypeScript loader); simulateThreads() is the one-shot form that starts and closes one.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Seed } from '../../rng.ts';
import { checkRounds, chunkJobs, CHUNK_ROUNDS, type ChunkJob } from '../chunks.ts';
import type { SimPlan } from '../plan.ts';
import { mergeChunks, resultOf, SimAbortedError, type RunControl, type SimResult } from '../simulate.ts';
import type { FromWorker, ToWorker } from './worker.ts';

export interface ThreadRunOptions {
  seed: Seed;
  rounds: number;
  threads: number;
  chunkRounds?: number;
}

export const MAX_THREADS = 64;
/** Jobs queued per worker, so it never waits for the main thread between chunks. */
const JOBS_IN_FLIGHT = 2;
const WORKER_URL = new URL('./worker.ts', import.meta.url);

/**
 * Workers run the TypeScript source: a tiny bootstrap registers tsx's loader (the same one the
 * `bj` script runs under) in the worker, then imports worker.ts.
 */
function startWorker(): Worker {
  // The ESM build of tsx's API (require.resolve would pick the CommonJS one).
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const url = JSON.stringify(WORKER_URL.href);
  const code = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${url}, ${url}))`;
  return new Worker(code, { eval: true });
}

function checkThreads(threads: number): void {
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) throw new RangeError(`threads must be 1..${MAX_THREADS} (got ${threads})`);
}

export class SimPool {
  readonly threads: number;
  private readonly workers: Worker[] = [];
  private readonly ready: Promise<void>;
  private busy = false;
  private closed = false;
  private planId = 0;
  /** The handler of the run in progress (one run at a time). */
  private onMessage: ((w: Worker, m: Exclude<FromWorker, { type: 'ready' }>) => void) | null = null;
  private onFailure: ((e: Error) => void) | null = null;

  constructor(threads: number) {
    checkThreads(threads);
    this.threads = threads;
    const started: Promise<void>[] = [];
    for (let i = 0; i < threads; i++) {
      const w = startWorker();
      this.workers.push(w);
      started.push(
        new Promise<void>((resolve, reject) => {
          w.once('message', (m: FromWorker) => (m.type === 'ready' ? resolve() : reject(new Error('sim worker: expected ready'))));
          w.once('error', reject);
        }),
      );
      w.on('message', (m: FromWorker) => {
        if (m.type !== 'ready') this.onMessage?.(w, m);
      });
      w.on('error', (e) => this.onFailure?.(e));
      w.on('exit', (code) => {
        if (!this.closed) this.onFailure?.(new Error(`sim worker exited with code ${code}`));
      });
    }
    this.ready = Promise.all(started).then(() => undefined);
    this.ready.catch(() => undefined); // reported by the run that awaits it
  }

  /** Resolves when every worker has started (runs wait for it themselves). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async run(plan: SimPlan, o: Omit<ThreadRunOptions, 'threads'>, control: RunControl = {}): Promise<SimResult> {
    checkRounds(o.rounds);
    if (this.closed) throw new Error('SimPool: closed');
    if (this.busy) throw new Error('SimPool: one run at a time');
    this.busy = true;
    try {
      const t0 = performance.now();
      await this.ready;
      return await this.play(plan, o, control, t0);
    } finally {
      this.busy = false;
      this.onMessage = null;
      this.onFailure = null;
    }
  }

  private play(plan: SimPlan, o: Omit<ThreadRunOptions, 'threads'>, control: RunControl, t0: number): Promise<SimResult> {
    const jobs = chunkJobs(o.seed, o.rounds, o.chunkRounds ?? CHUNK_ROUNDS);
    const planId = ++this.planId;
    const accs: Float64Array[] = [];
    let done = 0;
    let running = 0;
    let settled = false;
    return new Promise<SimResult>((resolve, reject) => {
      const finish = (err: Error | null): void => {
        if (settled) return;
        settled = true;
        control.signal?.removeEventListener('abort', onAbort);
        if (err) {
          // A cancelled run leaves the workers healthy: chunks still in flight come back with
          // an old planId and are dropped. A failed worker closes the pool.
          if (!(err instanceof SimAbortedError)) void this.close();
          reject(err);
        } else {
          resolve(resultOf(plan, mergeChunks(accs), o.seed, this.threads, (performance.now() - t0) / 1000));
        }
      };
      const onAbort = (): void => finish(new SimAbortedError());
      if (control.signal?.aborted) return finish(new SimAbortedError());
      control.signal?.addEventListener('abort', onAbort);
      const post = (w: Worker, m: ToWorker): void => w.postMessage(m);
      const feed = (w: Worker): void => {
        if (settled) return;
        const next: IteratorResult<ChunkJob> = jobs.next();
        if (next.done) {
          if (running === 0) finish(null);
          return;
        }
        running++;
        post(w, { type: 'job', planId, job: next.value });
      };
      this.onFailure = (e) => finish(e);
      this.onMessage = (w, m) => {
        if (m.type === 'failed') return finish(new Error(`sim worker: ${m.message}`));
        if (m.planId !== planId) return;
        running--;
        accs[m.index] = m.acc;
        done += m.rounds;
        control.onProgress?.({ rounds_done: done, rounds_total: o.rounds });
        feed(w);
      };
      for (const w of this.workers) {
        post(w, { type: 'plan', planId, plan });
        for (let k = 0; k < JOBS_IN_FLIGHT; k++) feed(w);
      }
    });
  }

  /** Stops the workers. A closed pool refuses runs. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** One run on a fresh pool of o.threads workers (start-up included in the measured time). */
export async function simulateThreads(plan: SimPlan, o: ThreadRunOptions, control: RunControl = {}): Promise<SimResult> {
  checkRounds(o.rounds);
  checkThreads(o.threads);
  const pool = new SimPool(o.threads);
  try {
    return await pool.run(plan, o, control);
  } finally {
    await pool.close();
  }
}
