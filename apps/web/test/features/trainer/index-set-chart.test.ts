// The full index set laid out as charts (model/index-set-chart.ts): rows named as the charts name
// the hands, the upcards as columns, each play in its hand type's chart, surrender plays in the
// surrender chart, the basic play where the count moves nothing.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, computeStrategy, type FullIndexSet } from '@card-counter/engine';
import { cellOfHand, handOf, indexSetSections, thresholdText } from '@/features/trainer/model/index-set-chart.ts';

const SET: FullIndexSet = {
  plays: [
    { hand: '16', up: '10', play: 'hit', versus: 'surrender', index: -4, direction: 'at-or-below' },
    { hand: '12', up: '3', play: 'stand', versus: 'hit', index: 2, direction: 'at-or-above' },
    { hand: 'A8', up: '6', play: 'double', versus: 'stand', index: 1, direction: 'at-or-above' },
    { hand: 'TT', up: '5', play: 'split', versus: 'stand', index: 5, direction: 'at-or-above' },
  ],
  insurance: 3,
};

describe('indexSetSections', () => {
  const chart = computeStrategy(DEFAULT_RULES).chart;
  const sections = indexSetSections(SET, chart);
  const cell = (kind: string, hand: string, up: string) => sections.find((s) => s.kind === kind)?.rows.find((r) => r.hand === hand)?.cells.find((c) => c.up === up);

  it('hard, soft, pairs and surrender charts, rows as the charts name them, upcards 2..10, A', () => {
    expect(sections.map((s) => s.title)).toEqual(['Hard totals', 'Soft totals', 'Pairs', 'Surrender']);
    expect(sections[0]?.rows.map((r) => r.hand)).toContain('16');
    expect(sections[1]?.rows.map((r) => r.hand)).toEqual(['A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9']);
    expect(sections[2]?.rows.map((r) => r.hand)).toEqual(['22', '33', '44', '55', '66', '77', '88', '99', 'TT', 'AA']);
    expect(sections[0]?.rows[0]?.cells.map((c) => c.up)).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10', 'A']);
  });

  it('each play in its cell; a surrender play only in the surrender chart; the basic play elsewhere', () => {
    expect(cell('hard', '12', '3')?.plays.map((p) => p.play)).toEqual(['stand']);
    expect(cell('soft', 'A8', '6')?.plays.map((p) => p.play)).toEqual(['double']);
    expect(cell('pairs', 'TT', '5')?.plays.map((p) => p.play)).toEqual(['split']);
    expect(cell('hard', '16', '10')?.plays).toEqual([]);
    expect(cell('hard', '16', '10')?.basic).toBe('Rh');
    expect(cell('surrender', '16', '10')?.plays.map((p) => p.play)).toEqual(['hit']);
    expect(sections[3]?.rows.map((r) => r.hand)).toEqual(['16']);
    expect(cell('hard', '11', '6')?.basic).toBe('Dh');
  });

  it('no surrender chart for a set without surrender plays', () => {
    expect(indexSetSections({ plays: SET.plays.slice(1), insurance: null }, chart).map((s) => s.kind)).toEqual(['hard', 'soft', 'pairs']);
  });
});

describe('hands and thresholds', () => {
  it('handOf and cellOfHand are each other’s inverse', () => {
    for (const [kind, total, hand] of [
      ['hard', 16, '16'],
      ['hard', 9, '9'],
      ['soft', 18, 'A7'],
      ['pair', 8, '88'],
      ['pair', 10, 'TT'],
      ['pair', 1, 'AA'],
    ] as const) {
      expect(handOf(kind, total)).toBe(hand);
      expect(cellOfHand(hand)).toEqual({ kind, total });
    }
    expect(cellOfHand('11')).toEqual({ kind: 'hard', total: 11 });
    expect(cellOfHand('x')).toBeNull();
  });

  it('"≥ +3" and "≤ -1"', () => {
    expect(thresholdText({ index: 3, direction: 'at-or-above' })).toBe('≥ +3');
    expect(thresholdText({ index: -1, direction: 'at-or-below' })).toBe('≤ -1');
    expect(thresholdText({ index: 0, direction: 'at-or-above' })).toBe('≥ 0');
  });
});
