// A full index set (issue 37) read by the coach: the cell a hand reads, the side of the index its
// play is made on, and the plays passed over where they are not legal.
import { describe, expect, it } from 'vitest';
import {
  chartHand,
  fullSetPlay,
  publishedSetOf,
  indexPlays,
  parseRules,
  type FullIndexSet,
  type FullSetInput,
} from '../src/index.ts';

const SET: FullIndexSet = {
  plays: [
    { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' },
    { hand: '12', up: '4', play: 'hit', versus: 'stand', index: -1, direction: 'at-or-below' },
    { hand: '11', up: 'A', play: 'double', versus: 'hit', index: 1, direction: 'at-or-above' },
    { hand: 'TT', up: '6', play: 'split', versus: 'stand', index: 4, direction: 'at-or-above' },
    { hand: 'A8', up: '6', play: 'double', versus: 'stand', index: 1, direction: 'at-or-above' },
  ],
  insurance: 3,
};
const base = (over: Partial<FullSetInput>): FullSetInput => ({
  hand: [10, 6],
  upcard: 10,
  count: 0,
  basicAction: 'hit',
  canDouble: true,
  canSplit: false,
  canSurrender: false,
  ...over,
});

describe('fullSetPlay', () => {
  it('makes an at-or-above play from its index up, and the basic play below it', () => {
    expect(fullSetPlay(base({ count: 0 }), SET)).toMatchObject({ action: 'stand', entry: { hand: '16' } });
    expect(fullSetPlay(base({ count: -1 }), SET)).toEqual({ action: 'hit', entry: null });
  });

  it('makes an at-or-below play from its index down', () => {
    expect(fullSetPlay(base({ hand: [10, 2], upcard: 4, basicAction: 'stand', count: -1 }), SET).action).toBe(
      'hit',
    );
    expect(fullSetPlay(base({ hand: [10, 2], upcard: 4, basicAction: 'stand', count: 0 }), SET).action).toBe(
      'stand',
    );
  });

  it('reads a soft hand and a pair by their own cells', () => {
    expect(fullSetPlay(base({ hand: [1, 8], upcard: 6, basicAction: 'stand', count: 1 }), SET).action).toBe(
      'double',
    );
    expect(
      fullSetPlay(base({ hand: [10, 10], upcard: 6, basicAction: 'stand', count: 4, canSplit: true }), SET)
        .action,
    ).toBe('split');
    // Past the split limit the pair is played as a hard 20.
    expect(
      fullSetPlay(base({ hand: [10, 10], upcard: 6, basicAction: 'stand', count: 4, canSplit: false }), SET)
        .action,
    ).toBe('stand');
  });

  it('passes over a double it cannot make, and reads only hit and stand for a hand of three cards', () => {
    expect(fullSetPlay(base({ hand: [5, 6], upcard: 1, count: 2, canDouble: false }), SET)).toEqual({
      action: 'hit',
      entry: null,
    });
    expect(fullSetPlay(base({ hand: [5, 4, 7], upcard: 10, count: 1, canDouble: false }), SET).action).toBe(
      'stand',
    );
  });
});

describe('fullSetPlay: an entry speaks to a hand whose basic play is one of its two (issue 37 review)', () => {
  // With late surrender, a generated set holds 16 v 10's surrender entry and its hit/stand entry.
  const LS: FullIndexSet = {
    plays: [
      { hand: '16', up: '10', play: 'hit', versus: 'surrender', index: -4, direction: 'at-or-below' },
      { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' },
      { hand: '15', up: '10', play: 'surrender', versus: 'hit', index: 0, direction: 'at-or-above' },
    ],
    insurance: 3,
  };

  it('bug: a three-card 16 v 10 hit at every count when late surrender hid its hit/stand index', () => {
    const three = base({ hand: [5, 5, 6], upcard: 10, basicAction: 'hit', canDouble: false });
    expect(fullSetPlay({ ...three, count: 5 }, LS)).toMatchObject({ action: 'stand', entry: { play: 'stand', versus: 'hit' } });
    expect(fullSetPlay({ ...three, count: -1 }, LS)).toEqual({ action: 'hit', entry: null });
  });

  it('a two-card 16 v 10 with surrender offered reads the surrender entry, not the hit/stand one', () => {
    const two = base({ hand: [10, 6], upcard: 10, basicAction: 'surrender', canSurrender: true });
    expect(fullSetPlay({ ...two, count: 2 }, LS)).toEqual({ action: 'surrender', entry: null });
    expect(fullSetPlay({ ...two, count: -4 }, LS)).toMatchObject({ action: 'hit', entry: { versus: 'surrender' } });
    // After a split (no surrender) the basic play is hit and the hit/stand entry decides.
    expect(fullSetPlay({ ...two, basicAction: 'hit', canSurrender: false, count: 2 }, LS).action).toBe('stand');
  });

  it("an entry whose play is the basic one moves the play to its versus on the index's other side", () => {
    // "Surrender 15 v 10 at or above 0" where surrender is the basic play: hit below 0.
    const fifteen = base({ hand: [10, 5], upcard: 10, basicAction: 'surrender', canSurrender: true });
    expect(fullSetPlay({ ...fifteen, count: -1 }, LS)).toMatchObject({ action: 'hit', entry: { hand: '15' } });
    expect(fullSetPlay({ ...fifteen, count: 0 }, LS)).toEqual({ action: 'surrender', entry: null });
    // Where hit is the basic play (no surrender in the chart), the same entry surrenders from 0.
    expect(fullSetPlay({ ...fifteen, basicAction: 'hit', count: 0 }, LS).action).toBe('surrender');
  });
});

describe('set labels', () => {
  it('names hands as the charts do', () => {
    expect(['16', '10', 'A,7', '10,10', 'A,A', '8,8'].map(chartHand)).toEqual([
      '16',
      '10',
      'A7',
      'TT',
      'AA',
      '88',
    ]);
  });

  it("the published Hi-Lo set: the Illustrious 18's plays but insurance, and the Fab 4", () => {
    const set = publishedSetOf(indexPlays(parseRules({})), 3);
    expect(set.plays).toHaveLength(21);
    expect(set.plays).toContainEqual({
      hand: 'TT',
      up: '5',
      play: 'split',
      versus: 'stand',
      index: 5,
      direction: 'at-or-above',
    });
    expect(set.plays).toContainEqual({
      hand: '15',
      up: '10',
      play: 'surrender',
      versus: 'hit',
      index: 0,
      direction: 'at-or-above',
    });
  });
});
