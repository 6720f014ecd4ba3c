// The chart as the simulator's lookup table, checked cell by cell against
// fixtures/strategy-6d-s17-das-ls.txt (exported from an exact analyser, see fixtures/README.md;
// lines "total soft up dd sp sr action", up 1 = ace, actions S=1 H=2 D=3 P=4 R=5).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  chartEv,
  chartToTable,
  computeStrategy,
  fullShoe,
  handEvs,
  tableIndex,
  TABLE_DOUBLE,
  TABLE_HIT,
  TABLE_SIZE,
} from '../src/analysis/index.ts';
import { parseRules } from '../src/rules.ts';

const FILE = new URL('./fixtures/strategy-6d-s17-das-ls.txt', import.meta.url);

/**
 * Every cell where our table differs from the file, with the reason:
 *  - soft 13 v 5 and soft 15 v 4 with doubling allowed: the file hits; the published 4-8 deck
 *    chart (Wizard of Odds) and our exact values double (A,2 v 5: double +0.13985 > hit
 *    +0.13733; A,4 v 4: double +0.06239 > hit +0.05939), and playing the file's table is
 *    worth 0.0005% less than ours (-0.33376% vs -0.33322%), asserted below;
 *  - soft 12 v 6 with doubling allowed and no split: an unsplittable A,A, which no table-driven
 *    game reaches with maxSplits 3 (A,A is always split); exact values double (+0.19071 >
 *    hit +0.18797), the file hits.
 */
const KNOWN_DIFFERENCES = new Map<string, { file: number; ours: number }>([
  ['13 1 5 1 0 0', { file: TABLE_HIT, ours: TABLE_DOUBLE }],
  ['13 1 5 1 0 1', { file: TABLE_HIT, ours: TABLE_DOUBLE }],
  ['15 1 4 1 0 0', { file: TABLE_HIT, ours: TABLE_DOUBLE }],
  ['15 1 4 1 0 1', { file: TABLE_HIT, ours: TABLE_DOUBLE }],
  ['12 1 6 1 0 0', { file: TABLE_HIT, ours: TABLE_DOUBLE }],
  ['12 1 6 1 0 1', { file: TABLE_HIT, ours: TABLE_DOUBLE }],
]);

function readFileTable(): { key: string; index: number; action: number }[] {
  return readFileSync(FILE, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const f = line.trim().split(/\s+/).map(Number);
      expect(f).toHaveLength(7);
      const [t, s, u, dd, sp, sr, a] = f as [number, number, number, number, number, number, number];
      return { key: f.slice(0, 6).join(' '), index: tableIndex(t, s, u, dd, sp, sr), action: a };
    });
}

describe('chart lookup table vs the exported exact table', () => {
  const rules = parseRules({});
  const result = computeStrategy(rules);
  const cells = readFileTable();

  it('has the documented size and only actions 1..5 for reachable totals', () => {
    expect(result.table).toHaveLength(TABLE_SIZE);
    for (const { index } of cells) expect(result.table[index]).toBeGreaterThanOrEqual(1);
  });

  it('matches every cell of the file except the documented differences', () => {
    expect(cells.length).toBe(1490);
    const differences: string[] = [];
    for (const { key, index, action } of cells) {
      const ours = result.table[index] as number;
      const known = KNOWN_DIFFERENCES.get(key);
      if (known) {
        expect({ file: action, ours }).toEqual(known);
      } else if (ours !== action) {
        differences.push(`${key}: file ${action}, ours ${ours}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('the differences favour our table, by the margins stated above', () => {
    const shoe = fullShoe(6);
    const a2 = handEvs(rules, shoe, [1, 2], 5);
    const a4 = handEvs(rules, shoe, [1, 4], 4);
    const aa = handEvs(parseRules({ maxSplits: 0 }), shoe, [1, 1], 6);
    for (const evs of [a2, a4, aa]) expect(evs.double as number).toBeGreaterThan(evs.hit as number);
    const fileTable = new Uint8Array(result.table);
    for (const { index, action } of cells) fileTable[index] = action;
    const fileEv = chartEv(rules, shoe, fileTable);
    expect(result.ev).toBeGreaterThan(fileEv);
    expect(result.ev - fileEv).toBeLessThan(1e-5);
  });

  it('chartToTable(chart) of the public chart reproduces the analysis table where the file defines cells', () => {
    const rebuilt = chartToTable(result.chart);
    for (const { key, index } of cells) {
      if (key.startsWith('12 1 ')) continue; // soft 12 (unsplittable A,A) is not part of the public chart
      expect(rebuilt[index], key).toBe(result.table[index]);
    }
  });
});
