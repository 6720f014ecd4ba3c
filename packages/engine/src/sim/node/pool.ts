// Runs a plan on worker_threads (the command line; the browser gets Web Workers later). Chunks
// are handed out one at a time to whichever worker is free; each chunk has its own RNG stream
// and the accumulators are merged in chunk order, so the result does not depend on which
// worker played what, nor on the thread count. Cancellable with an AbortSignal.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Seed } from '../../rng.ts';
import { checkRounds, chunkJobs, CHUNK_ROUNDS, type ChunkJob } from '../chunks.ts';
import type { SimPlan } from '../plan.ts';
import { mergeChunks, resultOf, SimAbortedError, type RunControl, type SimResult } from '../simulate.ts';

export interface ThreadRunOptions {
  seed: Seed;
  rounds: number;
  threads: number;
  chunkRounds?: number;
}

export const MAX_THREADS = 64;
const WORKER_URL = new URL('./worker.ts', import.meta.url);

/**
 * Workers run the TypeScript source: a tiny bootstrap registers tsx's loader (the same one the
 * `bj` script runs under) in the worker, then imports worker.ts.
 */
function startWorker(plan: SimPlan): Worker {
  // The ESM build of tsx's API (require.resolve would pick the CommonJS one).
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const url = JSON.stringify(WORKER_URL.href);
  const code = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${url}, ${url}))`;
  return new Worker(code, { eval: true, workerData: plan });
}

interface ChunkDone {
  index: number;
  rounds: number;
  acc: Float64Array;
}

export function simulateThreads(plan: SimPlan, o: ThreadRunOptions, control: RunControl = {}): Promise<SimResult> {
  checkRounds(o.rounds);
  if (!Number.isInteger(o.threads) || o.threads < 1 || o.threads > MAX_THREADS) throw new RangeError(`threads must be 1..${MAX_THREADS} (got ${o.threads})`);
  const t0 = performance.now();
  const jobs = chunkJobs(o.seed, o.rounds, o.chunkRounds ?? CHUNK_ROUNDS);
  const accs: Float64Array[] = [];
  const workers: Worker[] = [];
  let done = 0;
  let settled = false;
  return new Promise<SimResult>((resolve, reject) => {
    let running = 0;
    const finish = (err: Error | null): void => {
      if (settled) return;
      settled = true;
      control.signal?.removeEventListener('abort', onAbort);
      for (const w of workers) void w.terminate();
      if (err) reject(err);
      else resolve(resultOf(plan, mergeChunks(accs), o.seed, o.threads, (performance.now() - t0) / 1000));
    };
    const onAbort = (): void => finish(new SimAbortedError());
    if (control.signal?.aborted) return finish(new SimAbortedError());
    control.signal?.addEventListener('abort', onAbort);
    const feed = (w: Worker): void => {
      const next: IteratorResult<ChunkJob> = jobs.next();
      if (next.done) {
        if (running === 0) finish(null);
        return;
      }
      running++;
      w.postMessage(next.value);
    };
    for (let i = 0; i < o.threads; i++) {
      const w = startWorker(plan);
      workers.push(w);
      w.on('message', (m: ChunkDone) => {
        running--;
        accs[m.index] = m.acc;
        done += m.rounds;
        control.onProgress?.({ rounds_done: done, rounds_total: o.rounds });
        feed(w);
      });
      w.on('error', (e) => finish(e));
      w.on('exit', (code) => {
        if (!settled && code !== 0) finish(new Error(`sim worker exited with code ${code}`));
      });
      // Two jobs in flight per worker so it never waits for the main thread between chunks.
      feed(w);
      feed(w);
    }
  });
}
