// The simulator pool on worker_threads (the command line, tests, the bench): the package's
// `@card-counter/engine/sim/node` entry. It lives outside src/ because it needs Node's APIs;
// everything under src/ runs in a browser.
import type { Seed } from '../src/rng.ts';
import { checkRounds, newCore, playChunk } from '../src/sim/chunks.ts';
import type { SimCore } from '../src/sim/core.ts';
import type { SimPlan } from '../src/sim/plan.ts';
import { SimPool } from '../src/sim/pool.ts';
import type { FromWorker, SimWorkerLike } from '../src/sim/protocol.ts';
import type { RunControl, SimResult } from '../src/sim/simulate.ts';
import { Worker } from 'node:worker_threads';
import { startTsWorker } from './ts-worker.ts';
import { SIM_WORKER_JS } from './sim-worker-bundle.ts';

// Also for the server's own TypeScript workers (its basic-chart builder): one bootstrap.
export { startTsWorker };

/**
 * Workers run sim-worker.ts bundled into one script (node/sim-worker-bundle.ts, written by
 * npm run build:wasm): no loader to register and no TypeScript to transpile, so a pool starts
 * in tens of milliseconds instead of 230-410 (decision record 0067).
 */
function spawnNodeWorker(): SimWorkerLike {
  const w = new Worker(SIM_WORKER_JS, { eval: true });
  let terminating = false;
  return {
    postMessage: (m) => w.postMessage(m),
    onMessage: (handler) => w.on('message', (m: FromWorker) => handler(m)),
    onFailure: (handler) => {
      w.on('error', handler);
      w.on('exit', (code) => {
        if (!terminating) handler(new Error(`sim worker exited with code ${code}`));
      });
    },
    terminate: () => {
      terminating = true;
      return w.terminate();
    },
  };
}

/** A pool of `threads` worker_threads. */
export function nodeSimPool(threads: number): SimPool {
  return new SimPool(threads, spawnNodeWorker);
}

export interface ThreadRunOptions {
  seed: Seed;
  rounds: number;
  threads: number;
  chunkRounds?: number;
}

/**
 * One run on a fresh pool of o.threads workers (start-up included in the measured time): this
 * thread plays chunks while the workers start (decision record 0067).
 */
export async function simulateThreads(plan: SimPlan, o: ThreadRunOptions, control: RunControl = {}): Promise<SimResult> {
  checkRounds(o.rounds); // before any worker starts (SimPool checks the thread count itself)
  const pool = nodeSimPool(o.threads);
  let core: SimCore | null = null;
  try {
    return await pool.run(plan, { ...o, helpUntilReady: (job) => playChunk((core ??= newCore(plan)), job) }, control);
  } finally {
    await pool.close();
  }
}
