// Which full index set a table plays by (issue 37, docs/decisions/0052): the key is the server's
// (apps/server/src/modules/indices/set-key.ts), the engine's table key with the sampling fixed,
// so the browser finds the same player's set the record's grader grades by.
import { parseRules, tableKey, type CountingOptions, type Rules } from '@card-counter/engine';
import type { PlayerIndexSet } from '@card-counter/shared';

/** The rules that change the plays (tableKey's): the rest (speed, seats) is left out of the query. */
export const KEYED_RULES = [
  'numDecks',
  'shufflePoint',
  'dealerStandsSoft17',
  'dealerPeeks',
  'doubleAfterSplit',
  'surrenderAllowed',
  'blackjackPays',
  'doubleDownRestriction',
  'maxSplits',
  'resplitAces',
  'hitSplitAces',
  'earlySurrender',
  'noHoleCardLosses',
] as const satisfies readonly (keyof Rules)[];

export type KeyedRules = Pick<Rules, (typeof KEYED_RULES)[number]>;

export function keyedRulesOf(rules: Rules): KeyedRules {
  const out: Partial<Record<keyof KeyedRules, unknown>> = {};
  for (const k of KEYED_RULES) out[k] = rules[k];
  return out as KeyedRules;
}

/** The identity of the set for these rules and this count (the server's indexSetKey). */
export function indexSetKeyOf(rules: Rules, counting: CountingOptions): string {
  return tableKey({
    rules,
    count: counting.system,
    ...(counting.custom ? { custom: counting.custom } : {}),
    trueCount: { resolution: counting.resolution, rounding: counting.rounding },
    scope: 'all',
    samplesPerBin: 1,
    seed: 1,
    bins: { lo: 0, hi: 2 },
    only: null,
  });
}

/** A player's set's key: its partial rules at their defaults, as the server reads them; null if they no longer parse. */
export function keyOfPlayerSet(s: PlayerIndexSet): string | null {
  let rules: Rules;
  try {
    rules = parseRules(s.rules);
  } catch {
    return null;
  }
  return indexSetKeyOf(rules, { system: s.count, ...(s.custom ? { custom: s.custom } : {}), resolution: s.resolution, rounding: s.rounding });
}

/** The player's chosen set for this table (what their decisions are graded by), or null. */
export function chosenSetFor(sets: readonly PlayerIndexSet[], rules: Rules, counting: CountingOptions): PlayerIndexSet | null {
  const key = indexSetKeyOf(rules, counting);
  return sets.find((s) => s.chosen && keyOfPlayerSet(s) === key) ?? null;
}

/** GET /api/indices's query string for these rules and this count (JSON fields as the contract reads them). */
export function fleetQueryOf(rules: Rules, counting: CountingOptions): string {
  const q = new URLSearchParams({ count: counting.system, rules: JSON.stringify(keyedRulesOf(rules)) });
  if (counting.custom) q.set('custom', JSON.stringify(counting.custom));
  q.set('resolution', counting.resolution);
  q.set('rounding', counting.rounding);
  return q.toString();
}
