// The Charts page's player sets (model/player-sets.ts): a cell's plays edited or turned off, the
// named sets created, renamed, chosen and deleted as the PUT sends them, and the CSV.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type FullIndexSet, type IndexSetPlay } from '@card-counter/engine';
import { PLAYER_INDEX_SETS_MAX, PlayerIndexSetSchema, type PlayerIndexSet } from '@card-counter/shared';
import { chooseSet, deleteSet, editCell, nameProblem, newPlayerSet, putSet, renameSet, setCsv, withPlays } from '@/features/trainer/model/player-sets.ts';

const stand16: IndexSetPlay = { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' };
const hit16: IndexSetPlay = { hand: '16', up: '10', play: 'hit', versus: 'surrender', index: -4, direction: 'at-or-below' };
const split88: IndexSetPlay = { hand: '88', up: '10', play: 'surrender', versus: 'split', index: 7, direction: 'at-or-above' };
const SET: FullIndexSet = { plays: [stand16, hit16, split88], insurance: 3 };
const HI_LO = { system: 'hi-lo', resolution: 'half', rounding: 'floor' } as const;
const ZEN = { system: 'zen', resolution: 'half', rounding: 'floor' } as const;

describe('editCell', () => {
  it("changes one play's index and leaves the cell's other plays and the other cells as they were", () => {
    const next = editCell(SET, '16', '10', [{ play: stand16, index: 3, on: true }]);
    expect(next.plays).toEqual([hit16, split88, { ...stand16, index: 3 }]);
    expect(next.insurance).toBe(3);
    expect(SET.plays[0]?.index).toBe(0);
  });

  it('turns a play off by leaving it out, and on again from the full set', () => {
    const off = editCell(SET, '16', '10', [{ play: stand16, index: 0, on: false }]);
    expect(off.plays).toEqual([hit16, split88]);
    const on = editCell(off, '16', '10', [{ play: stand16, index: -1.5, on: true }]);
    expect(on.plays).toContainEqual({ ...stand16, index: -1.5 });
    expect(on.plays).toHaveLength(3);
  });

  it('refuses an edit of another cell, and an index the contract does not take', () => {
    expect(() => editCell(SET, '15', '10', [{ play: stand16, index: 0, on: true }])).toThrow(RangeError);
    expect(() => editCell(SET, '16', '10', [{ play: stand16, index: 0.3, on: true }])).toThrow(RangeError);
    expect(() => editCell(SET, '16', '10', [{ play: stand16, index: 61, on: true }])).toThrow(RangeError);
  });
});

describe('the named sets', () => {
  const mine = newPlayerSet('  Mine  ', { ...DEFAULT_RULES, numDecks: 2 }, HI_LO, SET);
  const zen = { ...newPlayerSet('Zen', DEFAULT_RULES, ZEN, SET), chosen: true };

  it('a new set is what the contract takes: trimmed name, the keyed rules, not chosen', () => {
    expect(PlayerIndexSetSchema.parse(mine)).toEqual(mine);
    expect(mine).toMatchObject({ name: 'Mine', count: 'hi-lo', chosen: false, insurance: 3 });
    expect(mine.rules.numDecks).toBe(2);
    expect(mine.rules).not.toHaveProperty('gameSpeed');
  });

  it('names: none empty, none twice, at most 40 characters and 20 sets', () => {
    expect(nameProblem(' ', [mine])).toMatch(/name/);
    expect(nameProblem('Mine', [mine])).toMatch(/already/);
    expect(nameProblem('Mine', [mine], 'Mine')).toBeNull();
    expect(nameProblem('x'.repeat(41), [])).toMatch(/40/);
    const full = Array.from({ length: PLAYER_INDEX_SETS_MAX }, (_, i) => ({ ...mine, name: `s${i}` }));
    expect(nameProblem('one more', full)).toMatch(/at most 20/);
    expect(nameProblem('renamed', full, 's1')).toBeNull();
  });

  it('saves edits into a set, renames, chooses one a key, deletes', () => {
    let sets: PlayerIndexSet[] = putSet([], mine);
    sets = putSet(sets, zen);
    sets = withPlays(sets, 'Mine', { plays: [stand16], insurance: null });
    expect(sets.find((s) => s.name === 'Mine')).toMatchObject({ plays: [stand16], insurance: null, count: 'hi-lo' });
    sets = renameSet(sets, 'Mine', 'Two deck');
    expect(sets.map((s) => s.name)).toEqual(['Two deck', 'Zen']);
    const other = { ...mine, name: 'Other', chosen: true };
    const sameCount = (a: PlayerIndexSet, b: PlayerIndexSet) => a.count === b.count;
    sets = chooseSet([...sets, other], 'Two deck', true, sameCount);
    expect(sets.map((s) => [s.name, s.chosen])).toEqual([
      ['Two deck', true],
      ['Zen', true],
      ['Other', false],
    ]);
    sets = chooseSet(sets, 'Two deck', false, sameCount);
    expect(sets.find((s) => s.name === 'Two deck')?.chosen).toBe(false);
    expect(deleteSet(sets, 'Zen').map((s) => s.name)).toEqual(['Two deck', 'Other']);
    expect(() => deleteSet(sets, 'nope')).toThrow(RangeError);
    expect(() => renameSet(sets, 'nope', 'x')).toThrow(RangeError);
  });
});

describe('setCsv', () => {
  it('one row per play in the server CSV columns, insurance last, lines ended CRLF', () => {
    const csv = setCsv(editCell(SET, '16', '10', [{ play: stand16, index: 2, on: true }]));
    expect(csv.split('\r\n')).toEqual([
      'hand,up,play,versus,index,direction',
      '16,10,hit,surrender,-4,at-or-below',
      '88,10,surrender,split,7,at-or-above',
      '16,10,stand,hit,2,at-or-above',
      'insurance,A,insure,decline,3,at-or-above',
      '',
    ]);
  });

  it('no insurance row when insurance is off', () => {
    expect(setCsv({ plays: [], insurance: null })).toBe('hand,up,play,versus,index,direction\r\n');
  });
});
