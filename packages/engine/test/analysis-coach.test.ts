// The coach's answers from a round's public information.
//
// Sources:
//  [W9] Wizard of Odds, Blackjack Appendix 9, page 1ds17r4 (1 deck S17, peek, no surrender):
//       6,5 v A stand -0.634013, hit 0.172946, double 0.240259.
//  [EF] Eric Farmer's combinatorial analyser (github.com/possibly-wrong/blackjack at commit
//       a1f7dbb, src/blackjack.cpp, BJPlayer::getValueStand/Hit/DoubleDown), run on one deck
//       less the cards seen at other spots (5,5,10,10,10,10), S17, DAS, no surrender, 3:2,
//       printed to 9 decimals: 10,6 v 10 stand -0.551992142, hit -0.513457291, double
//       -1.026914581; 10,2,4 v 10 stand -0.552716756, hit -0.562552923.
//  [I18] the Hi-Lo index of 12 v 3: stand at a true count of +2 or more (src/indices/table.ts).
import { describe, expect, it } from 'vitest';
import type { Card, Rank } from '../src/cards.ts';
import { coach, fullShoe, handEvs } from '../src/analysis/index.ts';
import { parseRules } from '../src/rules.ts';

const RANK_OF: Record<number, Rank> = {
  1: 'A',
  2: '2',
  3: '3',
  4: '4',
  5: '5',
  6: '6',
  7: '7',
  8: '8',
  9: '9',
  10: 'K',
};
const cards = (...values: number[]): Card[] =>
  values.map((v) => ({ rank: RANK_OF[v] as Rank, suit: 'spades' }));
const near = (actual: number | null, expected: number, within: number): void => {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(within);
};

describe('coach', () => {
  const oneDeck = parseRules({ numDecks: 1, surrenderAllowed: false });

  it('off the top: the published EVs, double best, a hit costs 0.067313 [W9]', () => {
    const answer = coach({
      rules: oneDeck,
      seenCards: cards(6, 5, 1),
      hand: [6, 5],
      upcard: 1,
      chosen: 'hit',
    });
    near(answer.evs.stand, -0.634013, 1e-6);
    near(answer.evs.hit, 0.172946, 1e-6);
    near(answer.evs.double, 0.240259, 1e-6);
    expect(answer.best.composition).toBe('double');
    expect(answer.best.basic).toBe('double');
    near(answer.cost, 0.240259 - 0.172946, 2e-6);
    expect(answer.count).toBeNull();
  });

  it('with the other spots cards out of the shoe, two and three cards [EF]', () => {
    const others = [5, 5, 10, 10, 10, 10];
    const two = coach({ rules: oneDeck, seenCards: cards(...others, 10, 6, 10), hand: [10, 6], upcard: 10 });
    near(two.evs.stand, -0.551992142, 1e-9);
    near(two.evs.hit, -0.513457291, 1e-9);
    near(two.evs.double, -1.026914581, 1e-9);
    expect(two.best.composition).toBe('hit');
    const three = coach({
      rules: oneDeck,
      seenCards: cards(...others, 10, 2, 10, 4),
      hand: [10, 2, 4],
      upcard: 10,
      chosen: 'hit',
    });
    near(three.evs.stand, -0.552716756, 1e-9);
    near(three.evs.hit, -0.562552923, 1e-9);
    expect(three.evs.double).toBeNull();
    expect(three.best.composition).toBe('stand');
    near(three.cost, 0.562552923 - 0.552716756, 2e-9);
  });

  it('a split hand: no surrender, and its split may use only the spot hands left', () => {
    const rules = parseRules({ numDecks: 6 });
    const seen = cards(8, 8, 6, 8, 8); // split 8,8 v 6, then each hand drew another 8
    const third = coach({ rules, seenCards: seen, hand: [8, 8], upcard: 6, splitHandsAtSpot: 3 });
    expect(third.evs.surrender).toBeNull();
    // With three hands at the spot and four allowed, this split makes the fourth: no resplit,
    // exactly the split of a game that allows one split, for a hand from a split.
    const shoe = fullShoe(6);
    for (const c of [8, 8]) shoe[c] = (shoe[c] as number) - 1; // the seen cards not in the hand or upcard
    const once = handEvs(parseRules({ numDecks: 6, maxSplits: 1 }), shoe, [8, 8], 6, {
      isSplitHand: true,
      handsAtSpot: 1,
    });
    expect(third.evs.split).toBe(once.split);
    const full = coach({ rules, seenCards: seen, hand: [8, 8], upcard: 6, splitHandsAtSpot: 4 });
    expect(full.evs.split).toBeNull();
  });

  it('the Hi-Lo index play at the true count: 12 v 3 stands at +4, basic hits [I18]', () => {
    const rules = parseRules({ numDecks: 6 });
    // 26 low cards gone: running count 26 + 1 (the 2) + 1 (the 3) - 1 (the 10) = 27; 283 cards
    // left = 5.44 decks, to the nearest half deck 5.5; 27 / 5.5 = 4.9, floored: 4.
    const lows = Array.from({ length: 26 }, (_, i) => 2 + (i % 5));
    const answer = coach({
      rules,
      seenCards: cards(...lows, 10, 2, 3),
      hand: [10, 2],
      upcard: 3,
      count: { system: 'hi-lo', indexPlays: true },
    });
    expect(answer.count).toEqual({ running: 27, decision: 4 });
    expect(answer.best.basic).toBe('hit');
    expect(answer.best.index).toBe('stand');
    const off = coach({
      rules,
      seenCards: cards(...lows, 10, 2, 3),
      hand: [10, 2],
      upcard: 3,
      count: { system: 'hi-lo', indexPlays: false },
    });
    expect(off.best.index).toBeNull();
  });

  it('refuses a hand that is not among the seen cards, and an illegal chosen action', () => {
    expect(() => coach({ rules: oneDeck, seenCards: cards(6, 1), hand: [6, 5], upcard: 1 })).toThrow(
      RangeError,
    );
    expect(() =>
      coach({
        rules: oneDeck,
        seenCards: cards(10, 2, 4, 10),
        hand: [10, 2, 4],
        upcard: 10,
        chosen: 'double',
      }),
    ).toThrow(RangeError);
  });
});
