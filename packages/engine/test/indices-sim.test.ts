// The simulator plays a generated index table for any count: its decision table follows the
// table's numbers at the count it was generated for, and a table for another count or other
// rules is refused (its numbers would be played at the wrong points).
import { describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { TABLE_HIT, TABLE_STAND, TABLE_SURRENDER, TABLE_SIZE, tableIndex } from '../src/analysis/codes.ts';
import { TC_MIN } from '../src/sim/layout.ts';
import { indexPlaysOf, type GeneratedPlay, type IndexTable } from '../src/indices/index.ts';

const rules = parseRules({});

function play(id: string, hand: string, up: string, p: Pick<GeneratedPlay, 'play' | 'otherwise' | 'direction' | 'index'>): GeneratedPlay {
  return { id, set: id.startsWith('Fab4') ? 'Fab4' : 'I18', hand, up, crossing: p.index, se: 0.1, ...p };
}

/** A KO table as the generator shapes it (running-count bins), with hand-picked numbers. */
const koTable: IndexTable = {
  rules,
  count: 'ko',
  countKind: 'running',
  trueCount: { resolution: 'half', rounding: 'floor' },
  bins: { lo: -10, hi: 10 },
  samplesPerBin: 40,
  seed: 1,
  scope: 'named',
  only: null,
  plays: [
    play('I18-16v10', '16', '10', { play: 'stand', otherwise: 'hit', direction: 'at-or-above', index: 2 }),
    play('I18-12v4', '12', '4', { play: 'hit', otherwise: 'stand', direction: 'at-or-below', index: -3 }),
    play('Fab4-14v10', '14', '10', { play: 'surrender', otherwise: 'hit', direction: 'at-or-above', index: 5 }),
  ],
  insurance: 6,
  insuranceCrossing: 5.5,
  insuranceSe: 0.1,
  shoes: 1000,
  skipped: 0,
};

const at = (decisions: Uint8Array, count: number, idx: number): number => decisions[(count - TC_MIN) * TABLE_SIZE + idx] as number;

describe('simulator with a generated index table', () => {
  it('indexPlaysOf turns at-or-below plays into the at-or-above form bestPlay reads', () => {
    const plays = indexPlaysOf(koTable);
    expect(plays.map((p) => [p.id, p.action, p.otherwise, p.index])).toEqual([
      ['I18-16v10', 'stand', 'hit', 2],
      ['I18-12v4', 'stand', 'hit', -2],
      ['Fab4-14v10', 'surrender', 'hit', 5],
    ]);
  });

  it('plays the KO numbers at the KO running count, and insures at its index', () => {
    const plan = buildPlan({ rules, count: 'ko', indices: 'generated', indexTable: koTable });
    const d = plan.decisions as Uint8Array;
    const hard16v10 = tableIndex(16, 0, 10, 0, 0, 0); // three or more cards: no double, split or surrender
    expect(at(d, 1, hard16v10)).toBe(TABLE_HIT);
    expect(at(d, 2, hard16v10)).toBe(TABLE_STAND);
    const hard12v4 = tableIndex(12, 0, 4, 0, 0, 0);
    expect(at(d, -3, hard12v4)).toBe(TABLE_HIT);
    expect(at(d, -2, hard12v4)).toBe(TABLE_STAND);
    const two14v10 = tableIndex(14, 0, 10, 1, 0, 1);
    expect(at(d, 4, two14v10)).toBe(TABLE_HIT);
    expect(at(d, 5, two14v10)).toBe(TABLE_SURRENDER);
    expect(plan.insureAt[5 - TC_MIN]).toBe(0);
    expect(plan.insureAt[6 - TC_MIN]).toBe(1);
  });

  it('refuses a table made for another count or other rules, and the published numbers with KO', () => {
    const table = new Uint8Array(TABLE_SIZE).fill(TABLE_HIT); // skips computing the chart: the refusals come first
    expect(() => buildPlan({ rules, table, count: 'zen', indices: 'generated', indexTable: koTable })).toThrow(/generated index table is for ko/);
    expect(() => buildPlan({ rules: parseRules({ numDecks: 2 }), table, count: 'ko', indices: 'generated', indexTable: koTable })).toThrow(RangeError);
    expect(() => buildPlan({ rules, table, count: 'ko', indices: 'generated' })).toThrow(/needs the generated table/);
    expect(() => buildPlan({ rules, table, count: 'ko', indices: 'i18' })).toThrow(/published Hi-Lo numbers/);
  });
});
