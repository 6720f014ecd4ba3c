// Work is cut into fixed-size chunks, each with its own RNG stream (the seed's xoshiro128**
// generator jumped 2^64 outputs per chunk). Which thread plays a chunk does not matter, and the
// runner merges chunk accumulators in chunk order: the result depends on the seed and the
// rounds, never on the thread count.
import { seededRng, type Seed, type XoshiroState } from '../rng.ts';
import { SimCore } from './core.ts';
import type { SimPlan } from './plan.ts';

/** Rounds per chunk (at least: a chunk finishes its shoe and its risk-of-ruin trip). ~10 ms of work. */
export const CHUNK_ROUNDS = 1 << 17;
export const MAX_ROUNDS = 1e12;

export interface ChunkJob {
  index: number;
  rngState: XoshiroState;
  minRounds: number;
}

export function checkRounds(rounds: number): void {
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS) throw new RangeError(`rounds must be an integer in 1..${MAX_ROUNDS} (got ${rounds})`);
}

/** The chunk jobs of a run, in order (generated lazily: one jump per chunk). */
export function* chunkJobs(seed: Seed, rounds: number, chunkRounds = CHUNK_ROUNDS): Generator<ChunkJob> {
  checkRounds(rounds);
  const rng = seededRng(seed, 0);
  const chunks = Math.ceil(rounds / chunkRounds);
  for (let i = 0; i < chunks; i++) {
    yield { index: i, rngState: rng.getState(), minRounds: Math.min(chunkRounds, rounds - i * chunkRounds) };
    rng.jump();
  }
}

/** Plays one chunk on a core (reused across chunks); returns its accumulator. */
export function playChunk(core: SimCore, job: ChunkJob): Float64Array {
  return core.runChunk(job.rngState, job.minRounds);
}

export function newCore(plan: SimPlan): SimCore {
  return new SimCore(plan);
}
