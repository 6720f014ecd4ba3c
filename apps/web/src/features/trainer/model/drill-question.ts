import type { Card, Rng, Rules } from '@card-counter/engine';
import { deviationQuestion, type DeviationAnswer, type DeviationSource } from './deviation-items.ts';
import { costOf, parseCellKey, strategyQuestion } from './strategy-items.ts';

// One question of the strategy drills, whichever drill asked it: a hand, the upcard, for
// deviations the count, the legal plays and what each gives up against the right one.

export interface DrillQuestion {
  key: string;
  hand: readonly Card[];
  upcard: Card;
  count: number | null;
  choices: DeviationAnswer[];
  answer: DeviationAnswer;
  /**
   * EV given up by each legal choice against the answer, in bets: off a full shoe for basic
   * strategy, in the average shoe at the count for a deviation (negative: the choice does
   * better in that shoe, a play within a hair of its index).
   */
  costs: Partial<Record<DeviationAnswer, number>>;
  index: number | null;
}

/** The question for item `key`: a deviation (with `source`) or a basic strategy cell; null for a key that names no cell. */
export function drillQuestion(rules: Rules, chart: Uint8Array, source: DeviationSource | null, key: string, rng: Rng): DrillQuestion | null {
  if (source) {
    const d = deviationQuestion(rules, chart, source, key, rng);
    const costs: DrillQuestion['costs'] = {};
    const evs = d.evs;
    if (evs) for (const c of d.choices) costs[c] = (evs[d.answer as keyof typeof evs] ?? 0) - (evs[c as keyof typeof evs] ?? 0);
    // Insurance is half the bet: its EV per insurance unit, halved, is the share of the bet.
    if (d.insuranceEv !== null) {
      const insure = d.insuranceEv / 2;
      costs.insure = d.answer === 'insure' ? 0 : -insure;
      costs.noInsurance = d.answer === 'noInsurance' ? 0 : insure;
    }
    return { key, hand: d.hand, upcard: d.upcard, count: d.count, choices: d.choices, answer: d.answer, costs, index: d.index };
  }
  const cell = parseCellKey(key);
  if (cell === null) return null;
  const s = strategyQuestion(rules, chart, cell, rng);
  const choices = (['hit', 'stand', 'double', 'split', 'surrender'] as const).filter((a) => s.evs[a] !== null);
  const costs: DrillQuestion['costs'] = {};
  for (const c of choices) costs[c] = costOf(s, c);
  return { key, hand: s.hand, upcard: s.upcard, count: null, choices, answer: s.answer, costs, index: null };
}
