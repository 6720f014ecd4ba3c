// How often a set being generated is asked for again: a set takes from seconds (a committed or
// near-done one) to minutes (ADR 0052: about 0.5 s of CPU a sampled shoe), so the polls start
// fast and back off, bounded so a stuck job does not poll forever.
export const POLL_FIRST_ms = 1000;
export const POLL_GROWTH = 1.5;
export const POLL_MAX_ms = 8000;
/** At 8 s apart after the first few, about 26 minutes of polling. */
export const POLLS_MAX = 200;

/** The wait before poll `n` (0: the first poll after the first 202); null once POLLS_MAX are spent. */
export function pollDelay_ms(n: number): number | null {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`poll number must be a whole number >= 0 (got ${n})`);
  if (n >= POLLS_MAX) return null;
  return Math.min(POLL_MAX_ms, Math.round(POLL_FIRST_ms * POLL_GROWTH ** n));
}
