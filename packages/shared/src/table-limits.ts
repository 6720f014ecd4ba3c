/** Bets per spot at the table (its own file: the table's and the training's schemas both read it). */
export const TABLE_LIMITS = {
  /** Minimum bet per spot, in credits. */
  minBet: 10,
  /** Maximum bet per spot, in credits. */
  maxBet: 5000,
} as const;
