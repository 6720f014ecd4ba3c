import { BET_RAMP_PRESETS, betStepFor, betStepMessage, isBetPayable, rampFromSpread, rampUnitsAt, type BetRampPresetId, type BetRampStep, type PayoutRules } from '@card-counter/engine';
import { BET_RAMP_BOUNDS, type BetRampSetting } from '@card-counter/shared';
import { readSimRamps } from '@/shared/table-settings/sim-ramps.ts';

// The table's bet ramp (decision record 0030): where a ramp comes from (a preset, the
// simulator's ramp or its optimal ramp, or the player's own), and how it reads.

export type RampSourceId = BetRampPresetId | 'sim' | 'simOptimal';

export const RAMP_PRESET_IDS: readonly BetRampPresetId[] = ['1-4', '1-8', '1-12', '1-16'];

/**
 * A new ramp's unit: a bet every table the settings offer pays exactly, its half too (steps of
 * 1, 2, 5 or 10: decision record 0045), where 25 would not be at 3:2.
 */
export const DEFAULT_UNIT_credits = 20;

/** The steps a source gives (null: the simulator has none kept in this browser yet). */
export function stepsFrom(source: RampSourceId): BetRampStep[] | null {
  if (source === 'sim' || source === 'simOptimal') {
    const kept = readSimRamps();
    const spread = source === 'sim' ? kept.ramp : kept.optimal;
    return spread === null ? null : rampFromSpread(spread);
  }
  return BET_RAMP_PRESETS[source].map((s) => ({ ...s }));
}

/** Which preset these steps are, if any (the editor shows "your own" otherwise). */
export function presetOf(steps: readonly BetRampStep[]): BetRampPresetId | null {
  const key = JSON.stringify([...steps].sort((a, b) => a.tc - b.tc));
  return RAMP_PRESET_IDS.find((id) => JSON.stringify(BET_RAMP_PRESETS[id]) === key) ?? null;
}

/**
 * The ramp's bet at a count, in units and credits. With the table's rules, the credits are the
 * nearest bet the table takes (its step, decision record 0045; `rounded` says it moved): a unit
 * saved before the rules changed is kept as the player set it, and said to be off the step.
 */
export function rampBetAt(ramp: BetRampSetting, trueCount: number, rules?: PayoutRules): { units: number; credits: number; rounded: boolean } {
  const units = rampUnitsAt(ramp.steps, trueCount);
  const exact = units * ramp.unit_credits;
  const step = rules === undefined ? 1 : (betStepFor(rules) ?? 1);
  const credits = Math.round(exact / step) * step;
  return { units, credits, rounded: credits !== exact };
}

/** A unit the table cannot take as a bet (off its step), said for the player with the nearest ones; null when it can. */
export function rampUnitProblem(rules: PayoutRules, unit_credits: number): string | null {
  if (isBetPayable(rules, unit_credits)) return null;
  const step = betStepFor(rules);
  if (step === null) return betStepMessage(rules);
  const below = Math.floor(unit_credits / step) * step;
  const nearest = [below, below + step].filter((u) => u >= BET_RAMP_BOUNDS.unitCredits_min && u <= BET_RAMP_BOUNDS.unitCredits_max);
  return `A unit of ${unit_credits} credits is not a bet this table can pay exactly: bets go in steps of ${step} credits. Try ${nearest.join(' or ')}.`;
}

/** "+3", "0", "−2" */
export function formatCount(tc: number): string {
  if (tc === 0) return '0';
  return tc > 0 ? `+${tc}` : `−${Math.abs(tc)}`;
}

/** Why a unit cannot be a ramp's (the table's bet limits, whole credits), or null. */
export function rampUnitBoundsProblem(unit_credits: number): string | null {
  const B = BET_RAMP_BOUNDS;
  if (!Number.isInteger(unit_credits) || unit_credits < B.unitCredits_min || unit_credits > B.unitCredits_max)
    return `A unit is ${B.unitCredits_min.toLocaleString('en-US')} to ${B.unitCredits_max.toLocaleString('en-US')} credits (the table's bet limits), in whole credits.`;
  return null;
}

/** What is wrong with a draft ramp for the player (the server refuses the same with its RAMP_* codes), or null. */
export function rampDraftProblem(ramp: BetRampSetting): string | null {
  const B = BET_RAMP_BOUNDS;
  const unitProblem = rampUnitBoundsProblem(ramp.unit_credits);
  if (unitProblem !== null) return unitProblem;
  if (ramp.steps.length === 0) return 'The ramp needs at least one step.';
  if (ramp.steps.length > B.steps_max) return `At most ${B.steps_max} steps.`;
  const counts = new Set<number>();
  for (const s of ramp.steps) {
    if (!Number.isInteger(s.tc) || s.tc < B.tc_min || s.tc > B.tc_max) return `True counts are whole numbers from ${B.tc_min} to +${B.tc_max}.`;
    if (counts.has(s.tc)) return `True count ${formatCount(s.tc)} is listed twice.`;
    counts.add(s.tc);
    if (!(s.units >= 0 && s.units <= B.units_max) || !Number.isInteger(s.units * 2)) return `Units are 0 to ${B.units_max}, in halves.`;
  }
  return null;
}
