/**
 * After a round settles: the profile's lifetime statistics (spec section 3: totalHandsPlayed,
 * totalHandsWon, totalWinnings; winRate is derived from them when read; bestStreak and
 * biggestWin only ever raised; written with the table's save, write-action.ts with profiles/sql.ts) and the betting
 * patterns per running count (count_{value}).
 * The session stats are the engine's own (state.sessionStats), kept in the table state.
 */
import { recordBet, type BetOutcome, type BettingPatterns, type RoundResult } from '@card-counter/engine';

export interface RoundStats {
  handsPlayed: number;
  handsWon: number;
  /** Whole credits won (> 0) or lost (< 0) in the round, the table fee excluded. */
  net: number;
  /** Rounds won in a row, counting this one (0 when it was not won). */
  streak: number;
}

export function roundStatsOf(result: RoundResult, currentStreak: number): RoundStats {
  return {
    handsPlayed: result.hands.length,
    handsWon: result.hands.filter((h) => h.net > 0).length,
    net: Math.floor(result.net + 1e-6),
    streak: Math.max(0, currentStreak),
  };
}

/** One bet per spot at the running count when bets were placed; a spot wins or loses by its hands' net. */
export function addRoundToPatterns(patterns: BettingPatterns, result: RoundResult, spotBets: readonly number[]): BettingPatterns {
  let out = patterns;
  spotBets.forEach((amount, spot) => {
    if (!(amount > 0)) return;
    const net = result.hands.filter((h) => h.spot === spot).reduce((a, h) => a + h.net, 0);
    const outcome: BetOutcome = net > 0 ? 'win' : net < 0 ? 'loss' : 'push';
    out = recordBet(out, result.runningCountAtBet, amount, outcome);
  });
  return out;
}
