/**
 * What a step means beyond the table's state (`roundOutcome`): after a round settles, the
 * profile's lifetime statistics (totalHandsPlayed, totalHandsWon, totalWinnings; winRate is
 * derived from them when read; bestStreak and biggestWin only ever raised; written with the
 * table's save through profiles/sql.ts), the betting patterns per running count
 * (count_{value}), the shoe's by-the-book tally (shoe-play.ts) and the reward counters they move.
 * The session stats are the engine's own (state.sessionStats), kept in the table state.
 */
import { recordBet, type BetOutcome, type BettingPatterns, type GameAction, type GameState, type RoundResult } from '@card-counter/engine';
import { pendingAward, type Additions } from '../rewards/index.ts';
import type { Movement } from './money.ts';
import { isCleanShoe, nextShoePlay, type ShoePlay } from './shoe-play.ts';
import type { ActionTable } from './store.ts';

export interface RoundStats {
  handsPlayed: number;
  handsWon: number;
  handsLost: number;
  /** Hands that neither won nor lost credits (net 0). */
  handsPushed: number;
  /** Whole credits won (> 0) or lost (< 0) in the round, the table fee excluded. */
  net: number;
  /** Rounds won in a row, counting this one (0 when it was not won). */
  streak: number;
  /** Rounds lost in a row, counting this one (0 when it was not lost). */
  losingStreak: number;
}

export function roundStatsOf(result: RoundResult, currentStreak: number): RoundStats {
  return {
    handsPlayed: result.hands.length,
    handsWon: result.hands.filter((h) => h.net > 0).length,
    handsLost: result.hands.filter((h) => h.net < 0).length,
    handsPushed: result.hands.filter((h) => h.net === 0).length,
    net: Math.floor(result.net + 1e-6),
    streak: Math.max(0, currentStreak),
    losingStreak: Math.max(0, -currentStreak),
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

/**
 * What the step means beyond the state: the shoe's by-the-book tally (shoe-play.ts; a shoe that
 * left play ends its tally whether or not its reveal waits for the round), a settled round's
 * statistics and betting patterns, and the reward counters they move (docs/rewards.md).
 */
export function roundOutcome(
  row: ActionTable,
  input: GameState,
  action: GameAction,
  next: GameState,
  move: Movement,
): { shoePlay: ShoePlay | null; patterns: BettingPatterns; roundStats: RoundStats | null; award: Additions | null } {
  // A round the player sat out is no round of theirs: no statistics, patterns or rewards.
  const result = move.settled && next.lastResult !== null && next.lastResult.hands.length > 0 ? next.lastResult : null;
  const roundStats = result ? roundStatsOf(result, next.sessionStats.currentStreak) : null;
  const patterns = result ? addRoundToPatterns(row.patterns, result, next.handBets) : row.patterns;
  const { shoePlay, cleanShoe } = shoePlayAfter(row.shoePlay, input, action, next);
  let award: Additions | null = null;
  if (result || cleanShoe) {
    const hands = result ? result.hands : [];
    const blackjacks = hands.filter((h) => h.outcome === 'blackjack').length;
    award = pendingAward({ type: 'round_settled', hands: hands.length, blackjacks, cleanShoe });
    if (award === null) throw new Error('rewards: a settled round must be plain additions');
  }
  return { shoePlay, patterns, roundStats, award };
}

/** The shoe's by-the-book tally after the step, and whether a shoe it ended was played clean. */
function shoePlayAfter(prev: ShoePlay | null, input: GameState, action: GameAction, next: GameState): { shoePlay: ShoePlay | null; cleanShoe: boolean } {
  const shoePlay = nextShoePlay(prev, input, action);
  const old = input.deck;
  if (old === null || (next.deck !== null && next.deck.commitment === old.commitment)) return { shoePlay, cleanShoe: false };
  return { shoePlay: null, cleanShoe: isCleanShoe(shoePlay, old, input.config.shufflePoint) };
}
