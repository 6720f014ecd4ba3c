import { describe, expect, it } from 'vitest';
import { cardFromCode, cardValue, codeOfCard, handTotal, isBust, isTwoCardTwentyOne, parseCard, totalOfValues, valueOfCode } from '../src/cards.ts';

const hand = (...texts: string[]) => texts.map(parseCard);

describe('cards', () => {
  it('values: ace 1, faces 10, pips face value', () => {
    expect(['A', '2', '9', '10', 'J', 'Q', 'K'].map((r) => cardValue(parseCard(r)))).toEqual([1, 2, 9, 10, 10, 10, 10]);
  });

  it('codes round-trip and agree with values', () => {
    for (let c = 0; c < 52; c++) {
      const card = cardFromCode(c);
      expect(codeOfCard(card)).toBe(c);
      expect(valueOfCode(c)).toBe(cardValue(card));
    }
    expect(() => cardFromCode(52)).toThrow();
  });

  it('parses suits and T as ten', () => {
    expect(parseCard('Th')).toEqual({ rank: '10', suit: 'hearts' });
    expect(parseCard('Ad')).toEqual({ rank: 'A', suit: 'diamonds' });
    expect(() => parseCard('11')).toThrow();
  });

  it('hard and soft totals', () => {
    expect(handTotal(hand('A', '6'))).toEqual({ total: 17, soft: true });
    expect(handTotal(hand('A', '6', '10'))).toEqual({ total: 17, soft: false });
    expect(handTotal(hand('A', 'A'))).toEqual({ total: 12, soft: true });
    expect(handTotal(hand('A', 'A', '9'))).toEqual({ total: 21, soft: true });
    expect(handTotal(hand('10', '6'))).toEqual({ total: 16, soft: false });
    expect(totalOfValues([1, 1, 1, 1, 10, 7])).toEqual({ total: 21, soft: false });
  });

  it('blackjack and bust', () => {
    expect(isTwoCardTwentyOne(hand('A', 'K'))).toBe(true);
    expect(isTwoCardTwentyOne(hand('A', '5', '5'))).toBe(false);
    expect(isBust(hand('10', '6', '6'))).toBe(true);
    expect(isBust(hand('A', '10', '10'))).toBe(false);
  });
});
