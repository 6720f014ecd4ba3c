// Betting patterns, the record a profile keeps of how the player bets at each running count:
// under a key `count_{value}`, the number of bets, the amount, wins, losses and the average
// bet. Pure: returns a new object.

export interface BettingPatternEntry {
  totalBets: number;
  totalAmount: number;
  wins: number;
  losses: number;
  /** totalAmount / totalBets. */
  avgBet: number;
}

export type BettingPatterns = Readonly<Record<string, Readonly<BettingPatternEntry>>>;

export type BetOutcome = 'win' | 'loss' | 'push';

/** `count_3`, `count_-2`, `count_1.5` (Wong Halves); -0 reads as 0. */
export function bettingPatternKey(runningCount: number): string {
  if (!Number.isFinite(runningCount)) throw new RangeError(`running count must be finite (got ${runningCount})`);
  return `count_${runningCount === 0 ? 0 : runningCount}`;
}

/** Records one bet of `amount` placed at `runningCount` and how it ended (pushes count as neither). */
export function recordBet(patterns: BettingPatterns, runningCount: number, amount: number, outcome: BetOutcome): BettingPatterns {
  if (!(amount > 0) || !Number.isFinite(amount)) throw new RangeError(`bet amount must be positive (got ${amount})`);
  const key = bettingPatternKey(runningCount);
  const prev = patterns[key] ?? { totalBets: 0, totalAmount: 0, wins: 0, losses: 0, avgBet: 0 };
  const totalBets = prev.totalBets + 1;
  const totalAmount = prev.totalAmount + amount;
  const next: BettingPatternEntry = {
    totalBets,
    totalAmount,
    wins: prev.wins + (outcome === 'win' ? 1 : 0),
    losses: prev.losses + (outcome === 'loss' ? 1 : 0),
    avgBet: totalAmount / totalBets,
  };
  return { ...patterns, [key]: next };
}
