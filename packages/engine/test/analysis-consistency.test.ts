// Internal consistency of the analyser: probabilities sum to one, a double is twice a
// one-card hit then stand, splits without resplits are twice one hand, decision costs.
import { describe, expect, it } from 'vitest';
import {
  bestAction,
  decisionCost,
  dealerProbabilities,
  fullShoe,
  handEvs,
  parseCardValue,
  splitHandCounts,
  UpcardAnalysis,
} from '../src/analysis/index.ts';
import { parseRules } from '../src/rules.ts';
import { randomFloat, seededRng } from '../src/rng.ts';

/** Reproducible uniform floats in [0, 1) from the engine's seeded generator (xoshiro128**). */
function rng(seed: number): () => number {
  const source = seededRng(seed);
  return () => randomFloat(source);
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

describe('dealer probabilities', () => {
  it('sum to 1 for every upcard, S17/H17, peek and no peek, on random compositions', () => {
    const seed = 20251121;
    const next = rng(seed);
    for (let trial = 0; trial < 12; trial++) {
      const shoe = fullShoe(2);
      for (let v = 1; v <= 10; v++) shoe[v] = Math.floor(next() * ((shoe[v] as number) + 1));
      for (const dealerStandsSoft17 of [true, false]) {
        for (const dealerPeeks of [true, false]) {
          const rules = parseRules({ dealerStandsSoft17, dealerPeeks });
          for (let up = 1; up <= 10; up++) {
            if ((shoe[up] as number) === 0 || sum(Array.from(shoe)) < 12) continue;
            const d = dealerProbabilities(rules, shoe, up);
            const total = sum(Object.values(d.final)) + (d.conditioned ? 0 : d.blackjack);
            expect(Math.abs(total - 1), `seed ${seed} trial ${trial} up ${up}`).toBeLessThan(1e-12);
          }
        }
      }
    }
  });

  it('are conditioned on no blackjack under the peek for A and 10 only', () => {
    const rules = parseRules({});
    expect(dealerProbabilities(rules, fullShoe(6), 1).conditioned).toBe(true);
    expect(dealerProbabilities(rules, fullShoe(6), 10).conditioned).toBe(true);
    expect(dealerProbabilities(rules, fullShoe(6), 7).conditioned).toBe(false);
    expect(dealerProbabilities(rules, fullShoe(6), 10).blackjack).toBeCloseTo(24 / 311, 12);
  });
});

describe('hand values', () => {
  const rules = parseRules({});
  const shoe = fullShoe(6);

  it('double = 2 x (one card, then stand) against a 6', () => {
    const evs = handEvs(rules, shoe, [5, 4], 6);
    let oneCard = 0;
    for (let c = 1; c <= 10; c++) {
      const p = ((shoe[c] as number) - (c === 5 || c === 4 ? 1 : 0) - (c === 6 ? 1 : 0)) / (6 * 52 - 3);
      oneCard += p * (handEvs(rules, shoe, [5, 4, c], 6).stand as number);
    }
    expect(evs.double as number).toBeCloseTo(2 * oneCard, 12);
  });

  it('hit = the stand-or-hit recursion over the next card for 12 v 2', () => {
    const evs = handEvs(rules, shoe, [10, 2], 2);
    let recursion = 0;
    for (let c = 1; c <= 10; c++) {
      const p = ((shoe[c] as number) - (c === 10 || c === 2 ? 1 : 0) - (c === 2 ? 1 : 0)) / (6 * 52 - 3);
      if (12 + c > 21) {
        recursion -= p;
        continue;
      }
      const next = handEvs(rules, shoe, [10, 2, c], 2);
      recursion += p * Math.max(next.stand as number, next.hit ?? -Infinity);
    }
    expect(evs.hit as number).toBeCloseTo(recursion, 12);
  });

  it('split without resplits is exactly twice one post-split hand', () => {
    const noResplit = parseRules({ maxSplits: 1, doubleAfterSplit: false });
    const a = new UpcardAnalysis(noResplit, shoe, 6);
    const split = a.splitValue(8, 'optimal', false);
    a.setRemoved([8, 8]);
    let oneHand = 0;
    for (let c = 1; c <= 10; c++) {
      const p = a.cardProbability(c);
      a.setRemoved([8, 8, c]);
      const stand = a.standValue(8 + c + (c === 1 ? 10 : 0));
      oneHand += p * Math.max(stand, a.hitValue(8 + c, c === 1, 8));
      a.setRemoved([8, 8]);
    }
    expect(split).toBeCloseTo(2 * oneHand, 12);
  });

  it('resplitting to 4 hands is worth more than splitting once for 8,8 v 6', () => {
    const four = handEvs(rules, shoe, [8, 8], 6).split as number;
    const two = handEvs(parseRules({ maxSplits: 1 }), shoe, [8, 8], 6).split as number;
    expect(four).toBeGreaterThan(two);
  });

  it('expected split hand counts: 2 without resplits; between 2 and 4 with them', () => {
    const two = splitHandCounts(22, 309, 2);
    expect(two.nonPair + two.pair).toBeCloseTo(2, 12);
    expect(two.pair).toBeCloseTo(2 * (22 / 309), 12);
    const four = splitHandCounts(22, 309, 4);
    expect(four.nonPair + four.pair).toBeGreaterThan(2);
    expect(four.nonPair + four.pair).toBeLessThan(4);
  });

  it('no-peek EVs include the dealer blackjack (original bet only)', () => {
    const peek = handEvs(rules, shoe, [10, 7], 10);
    const enhc = handEvs(parseRules({ dealerPeeks: false }), shoe, [10, 7], 10);
    const pBj = 24 / (6 * 52 - 3); // aces left after 10, 7 and the upcard
    expect(enhc.stand as number).toBeCloseTo(-pBj + (1 - pBj) * (peek.stand as number), 12);
    // A double risks no extra stake to the blackjack under "original bets only".
    expect(enhc.double as number).toBeCloseTo(-pBj + (1 - pBj) * (peek.double as number), 12);
  });

  it('illegal actions are null; a natural only stands', () => {
    const three = handEvs(rules, shoe, [5, 4, 2], 10);
    expect(three.double).toBeNull();
    expect(three.surrender).toBeNull();
    expect(three.split).toBeNull();
    expect(handEvs(parseRules({ doubleDownRestriction: '10-11' }), shoe, [5, 4], 6).double).toBeNull();
    expect(handEvs(parseRules({ surrenderAllowed: false }), shoe, [10, 6], 10).surrender).toBeNull();
    const natural = handEvs(rules, shoe, [1, 10], 10);
    expect(natural).toEqual({ stand: 1.5, hit: null, double: null, split: null, surrender: null });
    expect(() => handEvs(rules, shoe, [10, 10, 5], 6)).toThrow(/bust/);
    expect(() => handEvs(rules, fullShoe(1), [1, 1, 1, 1, 1], 1)).toThrow(/not in the shoe/);
  });
});

describe('decision cost', () => {
  const rules = parseRules({});
  const shoe = fullShoe(6);
  it('is 0 for the best play and best - chosen otherwise', () => {
    const evs = handEvs(rules, shoe, [10, 6], 10);
    const best = bestAction(evs);
    expect(best.action).toBe('surrender');
    expect(decisionCost(rules, shoe, [10, 6], 10, 'surrender')).toBe(0);
    expect(decisionCost(rules, shoe, [10, 6], 10, 'stand')).toBeCloseTo(best.ev - (evs.stand as number), 12);
    expect(decisionCost(rules, shoe, [10, 6], 10, 'stand')).toBeGreaterThan(0.03);
    expect(() => decisionCost(rules, shoe, [10, 6], 10, 'split')).toThrow(/not allowed/);
  });
});

describe('card input', () => {
  it('accepts A, 2..10, J, Q, K in any case and refuses the rest', () => {
    expect(['a', 'A', '2', '10', 'j', 'Q', 'k'].map(parseCardValue)).toEqual([1, 1, 2, 10, 10, 10, 10]);
    for (const bad of ['0', '1x', 'Z', '12', '']) expect(() => parseCardValue(bad)).toThrow(/not a card/);
  });
});
