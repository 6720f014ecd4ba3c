// Shared constants of the simulator: internal card codes, the true-count bins and the layout of
// the per-chunk accumulator (a Float64Array that workers send back and the runner merges in
// chunk order, which is what makes a result independent of the thread count).

/** Internal card codes of the hot loop: 1..10 = card value (1 = ace), 11 = a red seven. */
export const CODE_RED_SEVEN = 11;
export const CODE_COUNT = 12;

/** True counts are clamped into [TC_MIN, TC_MAX] for the ramp and the per-count table. */
export const TC_MIN = -20;
export const TC_MAX = 20;
export const TC_BINS = TC_MAX - TC_MIN + 1;

/** Scalar slots of the accumulator. */
export const ACC_ROUNDS = 0; // rounds dealt (observed or played)
export const ACC_ROUNDS_PLAYED = 1; // rounds with a bet (wonging skips some)
export const ACC_HANDS = 2; // player hands settled (spots plus split hands) with a bet
export const ACC_SUM = 3; // sum of round results, units
export const ACC_SUM2 = 4; // sum of squared round results
export const ACC_UNITS = 5; // sum of initial bets, units
export const ACC_SHOES = 6; // shoes (shuffles) dealt
export const ACC_TRIPS = 7; // bankroll trips finished (ruined or doubled)
export const ACC_TRIPS_RUINED = 8;
export const ACC_INSURANCE = 9; // insurance bets taken (spots)
export const ACC_SUM_HAND_UNITS = 10; // total money put at risk incl. doubles and splits
export const ACC_TRIPS_UNFINISHED = 11; // trips still going when a chunk hit its round limit
export const ACC_BINS = 16;
/** Per true-count bin: rounds played, sum, sum of squares, units bet. */
export const BIN_STRIDE = 4;
/**
 * After the bins, sums over shoes (k rounds played, A their results, B their squares, per shoe):
 * k^2, kA, A^2, kB, AB, B^2, for the shoe-clustered standard errors of SD, DI, SCORE and N0.
 */
export const ACC_SHOE_SUMS = ACC_BINS + TC_BINS * BIN_STRIDE;
export const ACC_SIZE = ACC_SHOE_SUMS + 6;

export function newAccumulator(): Float64Array {
  return new Float64Array(ACC_SIZE);
}

/** acc += other, slot by slot (callers merge in chunk order for reproducible float sums). */
export function mergeInto(acc: Float64Array, other: Float64Array): void {
  if (acc.length !== ACC_SIZE || other.length !== ACC_SIZE) throw new RangeError('accumulator size mismatch');
  for (let i = 0; i < ACC_SIZE; i++) acc[i] = (acc[i] as number) + (other[i] as number);
}
