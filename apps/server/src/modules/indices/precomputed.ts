/**
 * The full index sets committed with the server (scripts/precompute-index-sets.ts): the common
 * rule sets for the eight built-in counts, answered at once without a job.
 */
import { createRequire } from 'node:module';
import type { CountingSystemId, IndexSetPlay, Rules, TrueCountOptions } from '@card-counter/engine';

export interface PrecomputedSet {
  key: string;
  /** The rule set's short name, e.g. "6D S17 DAS LS". */
  name: string;
  count: CountingSystemId;
  /** The rules as given to parseRules (the rest at their defaults). */
  rules: Partial<Rules>;
  trueCount: TrueCountOptions;
  samplesPerBin: number;
  seed: number;
  shoes: number;
  /** CPU time the generation took, in milliseconds. */
  cpu_ms: number;
  plays: IndexSetPlay[];
  insurance: number | null;
}

let byKey: Map<string, PrecomputedSet> | null = null;

export function precomputedSets(): Map<string, PrecomputedSet> {
  if (byKey === null) {
    const list = createRequire(import.meta.url)('./precomputed-sets.json') as PrecomputedSet[];
    byKey = new Map(list.map((s) => [s.key, s]));
  }
  return byKey;
}
