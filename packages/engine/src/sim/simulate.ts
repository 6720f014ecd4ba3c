// The browser-safe entry points: simulate() on the calling thread (chunk by chunk, yielding to
// the event loop between chunks so progress shows and an AbortSignal can stop it), and the
// pieces a multi-threaded runner needs (plan, jobs, merge, result). node/sim-pool.ts runs the same
// chunks on worker_threads; a Web Worker runner can do the same in the browser.
import type { Seed } from '../rng.ts';
import { buildPlan, type SimPlanOptions } from './build-plan.ts';
import { checkRounds, chunkJobs, CHUNK_ROUNDS, newCore, playChunk } from './chunks.ts';
import { mergeInto, newAccumulator } from './layout.ts';
import type { SimPlan } from './plan.ts';
import { summarize, type SimStats } from './stats.ts';

export interface SimulateOptions extends SimPlanOptions {
  rounds: number;
  seed: Seed;
  /** Rounds per chunk (tests use smaller chunks; results depend on it, not on threads). */
  chunkRounds?: number;
}

export interface SimProgress {
  rounds_done: number;
  rounds_total: number;
}

export interface RunControl {
  /** Cancels the run: it rejects with SimAbortedError. */
  signal?: AbortSignal;
  /**
   * Ends the run early with what is done: the result of the chunks finished so far (chunks in
   * flight are dropped), with `stopped` set. Used by the CLI's Ctrl-C.
   */
  stop?: AbortSignal;
  onProgress?: (p: SimProgress) => void;
}

export interface SimResult extends SimStats {
  seed: Seed;
  threads: number;
  seconds: number;
  roundsPerSecond: number;
  csm: boolean;
  /** See SimPlan.exactBasicEv. */
  exactBasicEv: number | null;
  /** True when RunControl.stop ended the run before all its rounds were played. */
  stopped: boolean;
}

export class SimAbortedError extends Error {
  constructor() {
    super('simulation cancelled');
    this.name = 'SimAbortedError';
  }
}

/** Merges chunk accumulators in chunk order (the order fixes the float sums bit for bit). */
export function mergeChunks(chunks: readonly (Float64Array | undefined)[], partial = false): Float64Array {
  const acc = newAccumulator();
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i];
    if (c) mergeInto(acc, c);
    else if (!partial) throw new Error(`chunk ${i} is missing`);
  }
  return acc;
}

export function resultOf(plan: SimPlan, acc: Float64Array, seed: Seed, threads: number, seconds: number, stopped = false): SimResult {
  const stats = summarize(acc, plan.bankroll_units);
  return { ...stats, seed, threads, seconds, roundsPerSecond: seconds > 0 ? stats.rounds / seconds : 0, csm: plan.csm, exactBasicEv: plan.exactBasicEv, stopped };
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
/** Yield to the event loop at most this often (a timer costs ~1-4 ms; a chunk ~10 ms). */
const YIELD_EVERY_MS = 30;

/** Runs on the calling thread. Browser-safe; cancellable between chunks. */
export async function simulate(options: SimulateOptions, control: RunControl = {}): Promise<SimResult> {
  checkRounds(options.rounds);
  return runPlan(buildPlan(options), options, control);
}

/**
 * Plays a run's chunks in order on one core, pushing each chunk's accumulator onto `accs` and
 * yielding its rounds: the one loop behind runPlan() and simulatePlan().
 */
function* playChunks(plan: SimPlan, o: { seed: Seed; rounds: number; chunkRounds?: number }, accs: Float64Array[]): Generator<number> {
  const core = newCore(plan);
  for (const job of chunkJobs(o.seed, o.rounds, o.chunkRounds ?? CHUNK_ROUNDS)) {
    accs.push(playChunk(core, job));
    yield job.minRounds;
  }
}

/**
 * A prebuilt plan on the calling thread, chunk by chunk, yielding to the event loop now and then
 * so progress shows and an AbortSignal can stop it.
 */
export async function runPlan(plan: SimPlan, o: { seed: Seed; rounds: number; chunkRounds?: number }, control: RunControl = {}): Promise<SimResult> {
  checkRounds(o.rounds);
  if (control.signal?.aborted) throw new SimAbortedError();
  // A run stopped before it starts still plays its first chunk: a result needs rounds.
  const t0 = now();
  const accs: Float64Array[] = [];
  let done = 0;
  let lastYield = t0;
  let stopped = false;
  for (const rounds of playChunks(plan, o, accs)) {
    done += rounds;
    control.onProgress?.({ rounds_done: done, rounds_total: o.rounds });
    if (now() - lastYield >= YIELD_EVERY_MS) {
      await yieldToEventLoop();
      lastYield = now();
    }
    if (control.signal?.aborted) throw new SimAbortedError();
    if (control.stop?.aborted && done < o.rounds) {
      stopped = true;
      break;
    }
  }
  return resultOf(plan, mergeChunks(accs), o.seed, 1, (now() - t0) / 1000, stopped);
}

/** Synchronous single-thread run on a prebuilt plan (tests, the bench). */
export function simulatePlan(plan: SimPlan, seed: Seed, rounds: number, chunkRounds = CHUNK_ROUNDS): SimResult {
  const t0 = now();
  const accs: Float64Array[] = [];
  for (const _ of playChunks(plan, { seed, rounds, chunkRounds }, accs)) continue; // play them all
  return resultOf(plan, mergeChunks(accs), seed, 1, (now() - t0) / 1000);
}
