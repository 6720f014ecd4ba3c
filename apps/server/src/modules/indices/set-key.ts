/**
 * The identity of a full index set (issue 37): the rules that change the plays, the count (a
 * custom count by its tags), and the true-count convention for a balanced count. Sampling
 * settings are not part of it: a set is generated once per key, however many shoes it took.
 */
import {
  tableKey,
  type CountId,
  type CustomCount,
  type Rules,
  type TrueCountOptions,
} from '@card-counter/engine';

export interface IndexSetSpec {
  rules: Rules;
  count: CountId;
  custom?: CustomCount;
  trueCount: TrueCountOptions;
}

export function indexSetKey(spec: IndexSetSpec): string {
  // The engine's table key with the sampling fixed, so only what changes the plays remains.
  return tableKey({
    rules: spec.rules,
    count: spec.count,
    ...(spec.custom ? { custom: spec.custom } : {}),
    trueCount: spec.trueCount,
    scope: 'all',
    samplesPerBin: 1,
    seed: 1,
    bins: { lo: 0, hi: 2 },
    only: null,
  });
}
