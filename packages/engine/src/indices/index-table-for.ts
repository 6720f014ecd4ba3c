// The table a player gets when the rules change: a committed precomputed table when one was
// generated for exactly these inputs (generating takes tens of seconds, too slow to do between
// two clicks in a browser), else the generator itself (cached in memory).
import { generateIndices, tableKey, type GenerateOptions, type IndexTable } from './generate.ts';
import { PRECOMPUTED_INDEX_TABLES } from './precomputed-data.ts';

let byKey: Map<string, IndexTable> | null = null;

/** The precomputed table for these options, or null when none was committed for them. */
export function precomputedIndices(options: GenerateOptions): IndexTable | null {
  if (!byKey) {
    byKey = new Map();
    for (const t of PRECOMPUTED_INDEX_TABLES) byKey.set(tableKey(t), { ...t, precomputed: true });
  }
  return byKey.get(tableKey(options)) ?? null;
}

/** A precomputed table when there is one for these exact inputs, otherwise a generated one. */
export function indexTableFor(options: GenerateOptions): IndexTable {
  return precomputedIndices(options) ?? generateIndices(options);
}
