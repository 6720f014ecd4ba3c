// What a table's index set is asked by, without the engine's code (the table's first load
// carries this file, docs/decisions/0074): the rules that change the plays and the count.
import type { CountingOptions, Rules } from '@card-counter/engine';

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

/** A cache key for the set of these rules and this count (the server's key is index-set-key.ts's). */
export function cacheKeyOf(rules: Rules, counting: CountingOptions): string {
  return JSON.stringify([keyedRulesOf(rules), counting.system, counting.custom ?? null, counting.resolution, counting.rounding]);
}

/** GET /api/indices's query string for these rules and this count (JSON fields as the contract reads them). */
export function fleetQueryOf(rules: Rules, counting: CountingOptions): string {
  const q = new URLSearchParams({ count: counting.system, rules: JSON.stringify(keyedRulesOf(rules)) });
  if (counting.custom) q.set('custom', JSON.stringify(counting.custom));
  q.set('resolution', counting.resolution);
  q.set('rounding', counting.rounding);
  return q.toString();
}
