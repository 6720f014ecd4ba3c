import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type Rules } from '../src/rules.ts';
import { FAB_4_S17, ILLUSTRIOUS_18_S17, bestPlay, indexPlays, shouldTakeInsurance, type PlayAction } from '../src/indices/index.ts';

const noSurrender: Rules = { ...DEFAULT_RULES, surrenderAllowed: false };
const h17: Rules = { ...DEFAULT_RULES, dealerStandsSoft17: false };
const play = (hand: number[], upcard: number, trueCount: number, basicAction: PlayAction, rules: Rules = DEFAULT_RULES, extra = {}) =>
  bestPlay({ hand, upcard, trueCount, rules, basicAction, ...extra }).action;

describe('index table', () => {
  it('has the 18 + 4 published entries', () => {
    expect(ILLUSTRIOUS_18_S17).toHaveLength(18);
    expect(FAB_4_S17).toHaveLength(4);
    const byId = Object.fromEntries(indexPlays(DEFAULT_RULES).map((p) => [p.id, p.index]));
    expect(byId['I18-16v10']).toBe(0);
    expect(byId['I18-15v10']).toBe(4);
    expect(byId['I18-10,10v5']).toBe(5);
    expect(byId['I18-12v4']).toBe(0);
    expect(byId['Fab4-14v10']).toBe(3);
    const h = Object.fromEntries(indexPlays(h17).map((p) => [p.id, p.index]));
    expect(h['I18-11vA']).toBe(-1);
    expect(h['Fab4-15vA']).toBe(-1);
    expect(h['I18-16v10']).toBe(0);
  });
});

describe('bestPlay', () => {
  it('16v10 stands at TC >= 0 (no surrender), hits below', () => {
    expect(play([10, 6], 10, 0, 'hit', noSurrender)).toBe('stand');
    expect(play([10, 6], 10, -1, 'hit', noSurrender)).toBe('hit');
    expect(play([5, 4, 7], 10, 1, 'hit')).toBe('stand'); // three-card 16: no surrender possible
  });

  it('15v10: surrender at TC >= 0 with Fab 4, otherwise hit; stand at +4 without surrender', () => {
    expect(play([10, 5], 10, 0, 'surrender')).toBe('surrender');
    expect(play([10, 5], 10, -1, 'surrender')).toBe('hit');
    expect(play([9, 6], 10, 0, 'hit')).toBe('surrender');
    expect(play([10, 5], 10, 4, 'hit', noSurrender)).toBe('stand');
    expect(play([10, 5], 10, 3, 'hit', noSurrender)).toBe('hit');
  });

  it('14v10 surrenders at +3; 15vA at +1 (S17) and -1 (H17)', () => {
    expect(play([10, 4], 10, 3, 'hit')).toBe('surrender');
    expect(play([10, 4], 10, 2, 'hit')).toBe('hit');
    expect(play([7, 7], 10, 5, 'split')).toBe('split'); // pairs are not Fab 4 hands
    expect(play([10, 5], 1, 0, 'hit')).toBe('hit');
    expect(play([10, 5], 1, 1, 'hit')).toBe('surrender');
    expect(play([10, 5], 1, -1, 'surrender', h17)).toBe('surrender');
    expect(play([10, 5], 1, -2, 'surrender', h17)).toBe('hit');
  });

  it('13v2 hits only at TC < -1; 12v4 hits at TC < 0; 12v3 stands at +2', () => {
    expect(play([10, 3], 2, -1, 'stand')).toBe('stand');
    expect(play([10, 3], 2, -2, 'stand')).toBe('hit');
    expect(play([10, 2], 4, 0, 'stand')).toBe('stand');
    expect(play([10, 2], 4, -1, 'stand')).toBe('hit');
    expect(play([10, 2], 3, 2, 'hit')).toBe('stand');
    expect(play([10, 2], 3, 1, 'hit')).toBe('hit');
  });

  it('doubles only when doubling is legal; tens split at +5 v 5', () => {
    expect(play([6, 4], 10, 4, 'hit')).toBe('double');
    expect(play([3, 3, 4], 10, 9, 'hit')).toBe('hit');
    expect(play([6, 5], 1, 1, 'hit')).toBe('double');
    expect(play([6, 5], 1, 0, 'hit')).toBe('hit');
    expect(play([6, 5], 1, -1, 'double', h17)).toBe('double');
    expect(play([5, 4], 2, 1, 'hit', { ...DEFAULT_RULES, doubleDownRestriction: '10-11' })).toBe('hit');
    expect(play([10, 10], 5, 5, 'stand')).toBe('split');
    expect(play([10, 10], 5, 4, 'stand')).toBe('stand');
    expect(play([10, 10], 6, 4, 'stand', DEFAULT_RULES, { splitAllowed: false })).toBe('stand');
  });

  it('leaves hands without an index at the basic play; soft hands are not hard-total plays', () => {
    const r = bestPlay({ hand: [1, 5], upcard: 10, trueCount: 10, rules: DEFAULT_RULES, basicAction: 'hit' });
    expect(r).toEqual({ action: 'hit', index: null, deviation: false });
    expect(play([10, 6], 10, 5, 'surrender')).toBe('surrender');
  });

  it('insurance at +3', () => {
    expect(shouldTakeInsurance(3)).toBe(true);
    expect(shouldTakeInsurance(2.9)).toBe(false);
  });
});
