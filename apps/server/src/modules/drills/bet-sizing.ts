/**
 * The bet-sizing drill's question and grade (docs/decisions/0063-bet-sizing-drill.md). Pure: the
 * caller passes the RNG (cryptoRng in the routes) and the rules' advantage basis.
 *
 * The question: a shoe of the player's table's rules part dealt (up to its shuffle point), a
 * running count whose decision count (true count by the table's convention; the running count
 * for KO and Red 7) is the one asked for, and a bankroll. The grade, by the standard asked:
 * - ramp: the engine's gradeBet against the player's own ramp, the very function and advantage
 *   the table's bet grades use (ADR 0030): right within half a unit, cost in expected credits.
 * - kelly: the bet that maximises the bankroll's growth, bankroll x advantage / variance (Kelly;
 *   Thorp, "The Kelly criterion in blackjack, sports betting and the stock market", 1997),
 *   within the table's limits, or 0 (sit out) when no bet the table takes grows the bankroll.
 *   The advantage is the engine's advantageAt, as the ramp's. The cost is the growth given up,
 *   in certainty-equivalent credits a round: G(best) - G(bet) with G(b) = a b - v b^2 / (2 B),
 *   never negative (more than Kelly at an advantage is a cost too: more risk than it pays for).
 *   Right within KELLY_RIGHT_WITHIN_share of the Kelly bet (which keeps 15/16 of its growth);
 *   when Kelly says sit out, the table's minimum is right too (the least a seated player bets).
 */
import {
  advantageAt,
  advantageSlope,
  countingSystemOf,
  decisionCount,
  gradeBet,
  initialRunningCount,
  roundCredits,
  type AdvantageBasis,
  type BetRamp,
  type CountingOptions,
  type Rng,
  type Rules,
} from '@card-counter/engine';
import { TABLE_LIMITS, type BetStandard, type BetVerdict } from '@card-counter/shared';
import { oneTo } from './random.ts';

/**
 * The variance of one round per unit bet squared: about 1.3 for the common multi-deck games
 * (Schlesinger, Blackjack Attack, 3rd ed., ch. 10: standard deviation about 1.15 a hand; the
 * simulator's fallback, sim/optimal-ramp.ts, uses the same figure).
 */
export const KELLY_VARIANCE = 1.3;
/** A bet within this share of the Kelly bet is right: 25% off keeps 1 - 0.25^2 = 15/16 of the growth. */
export const KELLY_RIGHT_WITHIN_share = 0.25;
/** Bankrolls are a whole number of thousands of credits, 1,000 to this. */
const BANKROLL_THOUSANDS_MAX = 20;
/** Draws of a shoe's depth before a count is given up as out of reach. */
const SITUATION_TRIES_MAX = 64;

export interface BetQuestion {
  standard: BetStandard;
  rules: Rules;
  counting: CountingOptions;
  /** The ramp graded against (the table's, at the deal); null for Kelly. */
  ramp: BetRamp | null;
  count: number;
  runningCount: number;
  cardsRemaining: number;
  bankroll_credits: number;
}

/**
 * A running count and cards remaining whose decision count is `target` (or as near as the
 * convention allows: with rounding 'none' the exact quotient), in a shoe dealt no deeper than
 * its shuffle point, with a count the cards seen can make (at most 0.3 x seen x the largest tag).
 */
export function betSituation(rng: Rng, rules: Rules, counting: CountingOptions, target: number): { runningCount: number; cardsRemaining: number; count: number } {
  const sys = countingSystemOf(counting);
  const total = rules.numDecks * 52;
  const deepest = Math.max(1, Math.floor(total * (1 - rules.shufflePoint)));
  const irc = initialRunningCount(sys, rules.numDecks);
  const step = 1 / sys.scale;
  const maxTag = Math.max(...sys.tags.map((t) => Math.abs(t) / sys.scale), Math.abs(sys.redSevenBonus) / sys.scale);
  let best: { runningCount: number; cardsRemaining: number; count: number } | null = null;
  for (let i = 0; i < SITUATION_TRIES_MAX; i++) {
    const seen = oneTo(rng, deepest);
    const cardsRemaining = total - seen;
    const reach = 0.3 * seen * maxTag;
    const guess = sys.balanced ? target * (cardsRemaining / 52) : target;
    for (let j = 0; j <= 40; j++) {
      for (const sign of j === 0 ? [1] : [1, -1]) {
        const rc = Math.round(guess / step) * step + sign * j * step;
        if (Math.abs(rc - irc) > reach) continue;
        const count = decisionCount(sys, rc, cardsRemaining, counting);
        if (count === target) return { runningCount: rc, cardsRemaining, count };
        if (best === null || Math.abs(count - target) < Math.abs(best.count - target)) best = { runningCount: rc, cardsRemaining, count };
      }
    }
  }
  if (best === null) throw new RangeError(`no shoe of these rules reaches a count of ${target}`);
  return best;
}

export function betBankroll(rng: Rng): number {
  return 1000 * oneTo(rng, BANKROLL_THOUSANDS_MAX);
}

/** The edge off the top and per true count of the rules and count (ADR 0030's model), per unit bet. */
export function edgeModel(basis: AdvantageBasis, counting: CountingOptions): { edgeOffTop: number; edgePerTrueCount: number } {
  return { edgeOffTop: basis.edge, edgePerTrueCount: advantageSlope(basis, countingSystemOf(counting)).slope };
}

type Grade = Pick<BetVerdict, 'verdict' | 'correct' | 'bet_credits' | 'standardBet_credits' | 'advantage' | 'cost_credits' | 'kelly_credits'>;

export function gradeBetAnswer(q: BetQuestion, basis: AdvantageBasis, bet_credits: number): Grade {
  const sys = countingSystemOf(q.counting);
  const advantage = advantageAt(basis, sys, q);
  const B = q.bankroll_credits;
  const kelly = (B * advantage) / KELLY_VARIANCE;
  if (q.standard === 'ramp') {
    if (q.ramp === null) throw new Error('a ramp question keeps its ramp');
    const g = gradeBet(
      {
        kind: 'bet',
        rules: q.rules,
        system: q.counting.system,
        ...(q.counting.custom === undefined ? {} : { custom: q.counting.custom }),
        ramp: q.ramp,
        bet_credits,
        trueCount: q.count,
        runningCount: q.runningCount,
        cardsRemaining: q.cardsRemaining,
      },
      basis,
    );
    return {
      verdict: g.verdict,
      correct: g.verdict === 'right',
      bet_credits,
      standardBet_credits: g.rampBet_credits,
      advantage: g.advantage,
      cost_credits: g.evCost_credits,
      kelly_credits: roundCredits(kelly),
    };
  }
  const growth = (b: number) => advantage * b - (KELLY_VARIANCE * b * b) / (2 * B);
  const seated = Math.min(TABLE_LIMITS.maxBet, Math.max(TABLE_LIMITS.minBet, kelly));
  const best = growth(seated) > 0 ? seated : 0;
  const right =
    best === 0 ? bet_credits === 0 || bet_credits === TABLE_LIMITS.minBet : Math.abs(bet_credits - best) <= KELLY_RIGHT_WITHIN_share * best;
  return {
    verdict: right ? 'right' : bet_credits > best ? 'over' : 'under',
    correct: right,
    bet_credits,
    standardBet_credits: roundCredits(best),
    advantage,
    cost_credits: Math.max(0, roundCredits(growth(best) - growth(bet_credits))),
    kelly_credits: roundCredits(kelly),
  };
}
