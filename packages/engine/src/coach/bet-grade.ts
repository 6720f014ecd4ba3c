// Bets graded by the count (decision record 0030): the round's total bet, placed at the true
// count the table showed before the deal, against the player's bet ramp at that count. Right
// when within half a unit of the ramp's bet, else over or under by how many units (off the
// plan: the ramp is the player's own choice of risk). Its cost in expected credits is what the
// difference gives away at the player's advantage there, never negative (decision record 0058):
// (ramp bet - bet) x advantage when more is bet at a disadvantage or less at an advantage; 0
// when more is bet at an advantage or less at a disadvantage, which gives no expectation away,
// only takes more or less risk than the ramp plans.
import type { CountId } from '../counting/systems.ts';
import { countingSystemOf, type CountSpec, type CustomCount } from '../counting/custom.ts';
import type { TrueCountOptions } from '../counting/true-count.ts';
import { bettingCount } from '../counting/ace-side-count.ts';
import type { Rules } from '../rules.ts';
import { advantageAt, type AdvantageBasis } from './advantage.ts';
import { roundCredits } from './credits.ts';

/** One step of a ramp: from this true count up (to the next step), bet this many units. */
export interface BetRampStep {
  tc: number;
  units: number;
}

/** Units by true count and the credits in one unit. The lowest step's units hold below it too. */
export interface BetRamp {
  unit_credits: number;
  steps: readonly BetRampStep[];
}

export const BET_RAMP_LIMITS = {
  steps_max: 30,
  tc_min: -20,
  tc_max: 20,
  units_max: 200,
} as const;

export type BetRampPresetId = '1-4' | '1-8' | '1-12' | '1-16';

/** The usual spreads: one unit up to +1, then up with each true count to the top bet. */
export const BET_RAMP_PRESETS: Readonly<Record<BetRampPresetId, readonly BetRampStep[]>> = Object.freeze({
  '1-4': [{ tc: 1, units: 1 }, { tc: 2, units: 2 }, { tc: 3, units: 3 }, { tc: 4, units: 4 }],
  '1-8': [{ tc: 1, units: 1 }, { tc: 2, units: 2 }, { tc: 3, units: 4 }, { tc: 4, units: 8 }],
  '1-12': [{ tc: 1, units: 1 }, { tc: 2, units: 2 }, { tc: 3, units: 4 }, { tc: 4, units: 8 }, { tc: 5, units: 12 }],
  '1-16': [{ tc: 1, units: 1 }, { tc: 2, units: 2 }, { tc: 3, units: 4 }, { tc: 4, units: 8 }, { tc: 5, units: 12 }, { tc: 6, units: 16 }],
});

/** Why a ramp is refused, stable codes (the API's validation names them). */
export type BetRampProblem = 'RAMP_EMPTY' | 'RAMP_TOO_MANY_STEPS' | 'RAMP_TC_OUT_OF_RANGE' | 'RAMP_TC_REPEATED' | 'RAMP_UNITS_OUT_OF_RANGE';

/** The first problem of a ramp's steps, or null when it can grade bets. Steps need not rise. */
export function betRampProblem(steps: readonly BetRampStep[]): BetRampProblem | null {
  if (steps.length === 0) return 'RAMP_EMPTY';
  if (steps.length > BET_RAMP_LIMITS.steps_max) return 'RAMP_TOO_MANY_STEPS';
  const seen = new Set<number>();
  for (const s of steps) {
    if (!Number.isInteger(s.tc) || s.tc < BET_RAMP_LIMITS.tc_min || s.tc > BET_RAMP_LIMITS.tc_max) return 'RAMP_TC_OUT_OF_RANGE';
    if (seen.has(s.tc)) return 'RAMP_TC_REPEATED';
    seen.add(s.tc);
    if (!Number.isFinite(s.units) || s.units < 0 || s.units > BET_RAMP_LIMITS.units_max) return 'RAMP_UNITS_OUT_OF_RANGE';
  }
  return null;
}

/** The ramp's units at a true count: the step at or below it, the lowest step below them all. */
export function rampUnitsAt(steps: readonly BetRampStep[], trueCount: number): number {
  if (steps.length === 0) throw new RangeError('the ramp has no steps');
  const sorted = [...steps].sort((a, b) => a.tc - b.tc);
  let units = (sorted[0] as BetRampStep).units;
  for (const s of sorted) if (s.tc <= trueCount) units = s.units;
  return units;
}

/**
 * A simulator spread ({ '-inf': 1, '2': 2, ... }: the bet from each count up) as ramp steps:
 * '-inf' becomes the lowest count of the rest (or 0 alone). Null when it has no usable step.
 */
export function rampFromSpread(spread: Readonly<Record<string, number>>): BetRampStep[] | null {
  const keyed = Object.entries(spread)
    .filter(([k, u]) => k !== '-inf' && Number.isFinite(Number(k)) && Number.isFinite(u))
    .map(([k, units]) => ({ tc: Math.ceil(Number(k)), units }))
    .sort((a, b) => a.tc - b.tc);
  const base = spread['-inf'];
  const steps: BetRampStep[] = [];
  if (base !== undefined && Number.isFinite(base)) steps.push({ tc: Math.min(0, (keyed[0]?.tc ?? 1) - 1), units: base });
  for (const s of keyed) if (!steps.some((p) => p.tc === s.tc)) steps.push(s);
  const clipped = steps
    .filter((s) => s.tc >= BET_RAMP_LIMITS.tc_min && s.tc <= BET_RAMP_LIMITS.tc_max)
    .slice(0, BET_RAMP_LIMITS.steps_max);
  return clipped.length > 0 && betRampProblem(clipped) === null ? clipped : null;
}

/** What the server stores at a deal to grade the round's bet (the record's `facts` of a bet). */
export interface BetFacts {
  kind: 'bet';
  rules: Rules;
  system: CountId;
  /** The definition of the count 'custom'. */
  custom?: CustomCount;
  ramp: BetRamp;
  /** The round's total bet over all spots, credits. */
  bet_credits: number;
  /** The player's decision count at the deal (true count; running count for KO and Red 7), what the ramp is read at. */
  trueCount: number;
  runningCount: number;
  cardsRemaining: number;
}

/** What a dealt round shows of its bet and count (the server's state or the browser's visible one). */
export interface DealtRound {
  config: Rules;
  counting: TrueCountOptions & CountSpec & { aceSideCount?: boolean };
  handBets: readonly number[];
  /** The running count when the round's first card was dealt (after a shuffle the deal made). */
  runningCountAtBet: number;
  /** Cards in the shoe and its position when the round began. */
  totalCards: number;
  roundStartPosition: number;
  /** The aces seen when the round began (an ace side count's bet, decision record 0051); default none. */
  acesSeenAtBet?: number;
}

/**
 * The facts of a dealt round's bet: the total over its spots, at the count before its first
 * card (the shoe as the deal found it, shuffled if it was at its cut card). Null when nothing
 * was bet. One function for the server's record and the browser's display, so they agree.
 */
export function betFactsOf(round: DealtRound, ramp: BetRamp): BetFacts | null {
  const bet = round.handBets.reduce((a, b) => a + b, 0);
  const cardsRemaining = round.totalCards - round.roundStartPosition;
  if (!(bet > 0) || cardsRemaining <= 0) return null;
  const sys = countingSystemOf(round.counting);
  return {
    kind: 'bet',
    rules: round.config,
    system: round.counting.system,
    ...(round.counting.custom === undefined ? {} : { custom: round.counting.custom }),
    ramp: { unit_credits: ramp.unit_credits, steps: ramp.steps.map((s) => ({ tc: s.tc, units: s.units })) },
    bet_credits: bet,
    // With an ace side count the bet is made on the count plus the aces' surplus (decision record 0051).
    trueCount: bettingCount(sys, round.counting, round.runningCountAtBet, cardsRemaining, round.acesSeenAtBet ?? 0, round.config.numDecks),
    runningCount: round.runningCountAtBet,
    cardsRemaining,
  };
}

export type BetVerdict = 'right' | 'over' | 'under';

export interface BetGrade {
  verdict: BetVerdict;
  betUnits: number;
  rampUnits: number;
  /** betUnits - rampUnits, to the hundredth. */
  diffUnits: number;
  /** The ramp's bet, credits. */
  rampBet_credits: number;
  /** The player's advantage per unit bet at the deal's count (decision record 0030). */
  advantage: number;
  /** Expected credits given away against the ramp's bet, to the cent, never negative (decision record 0058). */
  evCost_credits: number;
}

/** A bet within this many units of the ramp's is right (chips rarely make a unit exactly). */
export const BET_RIGHT_WITHIN_units = 0.5;

/** Grades the bet of `facts` with the advantage of its rules (the basis of facts.rules). */
export function gradeBet(facts: BetFacts, basis: AdvantageBasis): BetGrade {
  if (!(facts.ramp.unit_credits > 0)) throw new RangeError(`a unit must be worth credits (got ${facts.ramp.unit_credits})`);
  if (!(facts.bet_credits >= 0)) throw new RangeError(`a bet cannot be negative (got ${facts.bet_credits})`);
  if (basis.numDecks !== facts.rules.numDecks) throw new RangeError('the advantage basis is for other rules');
  const ramp = rampUnitsAt(facts.ramp.steps, facts.trueCount);
  const betUnits = facts.bet_credits / facts.ramp.unit_credits;
  const diff = betUnits - ramp;
  const verdict: BetVerdict = Math.abs(diff) < BET_RIGHT_WITHIN_units ? 'right' : diff > 0 ? 'over' : 'under';
  const rampBet = ramp * facts.ramp.unit_credits;
  const advantage = advantageAt(basis, countingSystemOf(facts), facts);
  return {
    verdict,
    betUnits: Math.round(betUnits * 100) / 100,
    rampUnits: ramp,
    diffUnits: Math.round(diff * 100) / 100,
    rampBet_credits: rampBet,
    advantage,
    // An off-ramp bet that gains expectation (more at an advantage) or saves it (less at a
    // disadvantage) gives nothing away: it is off the plan by its risk, not by its expectation.
    evCost_credits: roundCredits(Math.max(0, (rampBet - facts.bet_credits) * advantage)) || 0,
  };
}
