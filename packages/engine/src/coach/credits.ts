// Apart from table-coach.ts so that what only rounds credits (bet-grade.ts) does not import the
// exact analysis the coach's advice needs.

/** Credits to the cent, as the coach shows and the record keeps them. */
export function roundCredits(credits: number): number {
  return Math.round(credits * 100) / 100;
}
