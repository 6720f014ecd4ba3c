// Which full index set a table plays by (issue 37, docs/decisions/0052): the key is the server's
// (apps/server/src/modules/indices/set-key.ts), the engine's table key with the sampling fixed,
// so the browser finds the same player's set the record's grader grades by. Loaded with the
// requests (index-set-api.ts), not in the table's first load: tableKey brings the generator's code.
import { parseRules, tableKey, type CountingOptions, type Rules } from '@card-counter/engine';
import type { PlayerIndexSet } from '@card-counter/shared';

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

// Where they were first exported (step 1 of issue 37's web work): the trainer's charts import them from here.
export { KEYED_RULES, fleetQueryOf, keyedRulesOf, type KeyedRules } from './index-set-spec.ts';
