/** Unbiased integers for the server's deals, from the engine's Rng (cryptoRng in the routes: ADR 0004). */
import type { Rng } from '@card-counter/engine';

const TWO_POW_32 = 0x1_0000_0000;

/** An unbiased integer in [1, n] (rejection sampling: the incomplete top bucket is redrawn). */
export function oneTo(rng: Rng, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`oneTo needs a whole n in 1..2^32, got ${n}`);
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (let i = 0; i < 1000; i++) {
    const x = rng.nextUint32();
    if (x < limit) return 1 + (x % n);
  }
  throw new Error('the RNG rejected 1000 draws in a row; it is broken');
}
