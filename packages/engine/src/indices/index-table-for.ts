// The table a player gets when the rules change: a committed precomputed table when one was
// generated for exactly these inputs (generating takes tens of seconds, too slow to do between
// two clicks in a browser), else the generator itself (cached in memory).
import { generateIndices, restoredIndexTable, tableKey, type GenerateOptions, type IndexTable } from './generate.ts';
import { PRECOMPUTED_INDEX_TABLES } from './precomputed-data.ts';
import { builtInTwin, countingSystemOf } from '../counting/custom.ts';

let byKey: Map<string, IndexTable> | null = null;

/**
 * The precomputed table for these options, or null when none was committed for them. A custom
 * count that counts exactly like a built-in one gets that count's table, labelled as its own
 * (the generator would give it the same numbers, sampled from the same counts).
 */
export function precomputedIndices(options: GenerateOptions): IndexTable | null {
  if (!byKey) {
    byKey = new Map();
    for (const stored of PRECOMPUTED_INDEX_TABLES) {
      const t = restoredIndexTable(stored);
      byKey.set(tableKey(t), { ...t, precomputed: true });
    }
  }
  if (options.count !== 'custom') return byKey.get(tableKey(options)) ?? null;
  const twin = builtInTwin(countingSystemOf({ system: 'custom', custom: options.custom }));
  const table = twin === null ? undefined : byKey.get(tableKey({ ...options, count: twin, custom: undefined }));
  return table ? { ...table, count: 'custom', custom: options.custom } : null;
}

/** A precomputed table when there is one for these exact inputs, otherwise a generated one. */
export function indexTableFor(options: GenerateOptions): IndexTable {
  return precomputedIndices(options) ?? generateIndices(options);
}
