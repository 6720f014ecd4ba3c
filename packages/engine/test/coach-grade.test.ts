// The grade of a decision (coach/grade.ts), which the server's record keeps and ranks, checked
// against answers computed another way: the analyser's EVs directly, the published Hi-Lo index
// for 16 v 10, and insurance's EV by hand from the tens left.
import { describe, expect, it } from 'vitest';
import { computeStrategy, gradeDecision, handEvs, parseRules, type DecisionFacts } from '../src/index.ts';
import { fullShoe } from '../src/analysis/composition.ts';

const noSurrender = parseRules({ numDecks: 6, surrenderAllowed: false });
const chart = computeStrategy(noSurrender).table;
const HI_LO = { system: 'hi-lo', resolution: 'exact', rounding: 'none' } as const;

/** seen[v] = how many cards of value v were shown (index 0 unused). */
function seenOf(values: number[]): number[] {
  const seen = new Array<number>(11).fill(0);
  for (const v of values) seen[v] = (seen[v] ?? 0) + 1;
  return seen;
}

function facts(over: Partial<DecisionFacts>): DecisionFacts {
  return {
    rules: noSurrender,
    counting: HI_LO,
    indexPlays: false,
    seen: seenOf([10, 6, 10]),
    hand: [10, 6],
    upcard: 10,
    fromSplit: false,
    splitAces: false,
    handsAtSpot: 1,
    runningCount: 0,
    trueCount: 0,
    chosen: 'stand',
    bet: 100,
    ...over,
  };
}

describe('gradeDecision', () => {
  it('16 v 10 by basic strategy: hit; standing costs the EV difference times the bet', () => {
    const evs = handEvs(noSurrender, fullShoe(6), [10, 6], 10, { isSplitHand: false, handsAtSpot: 1 });
    const g = gradeDecision(facts({}), chart);
    expect(g.best).toBe('hit');
    expect(g.correct).toBe(false);
    expect(g.evCost).toBeCloseTo(((evs.hit as number) - (evs.stand as number)) * 100, 2);
    expect(g.evCost).toBeGreaterThan(0);
    expect(gradeDecision(facts({ chosen: 'hit' }), chart)).toEqual({ best: 'hit', evCost: 0, correct: true, evs: { stand: evs.stand, hit: evs.hit, double: evs.double }, index: null });
  });

  it('16 v 10 with index plays: stand at Hi-Lo true count 0 and above (Illustrious 18), hit below', () => {
    expect(gradeDecision(facts({ indexPlays: true, trueCount: 0.5 }), chart)).toMatchObject({ best: 'stand', correct: true });
    expect(gradeDecision(facts({ indexPlays: true, trueCount: -1, chosen: 'hit' }), chart)).toMatchObject({ best: 'hit', correct: true });
  });

  it('the cost is against the best play by exact EV from the cards seen, not the chart', () => {
    // Many tens gone: the shoe is rich in small cards, so hitting 16 is worth more than a full shoe says.
    const seen = seenOf([...new Array<number>(40).fill(10), 10, 6, 10]);
    const shoe = fullShoe(6);
    shoe[10] = (shoe[10] as number) - 40;
    const evs = handEvs(noSurrender, shoe, [10, 6], 10, { isSplitHand: false, handsAtSpot: 1 });
    const g = gradeDecision(facts({ seen }), chart);
    expect(g.evCost).toBeCloseTo(((evs.hit as number) - (evs.stand as number)) * 100, 2);
  });

  it('insurance: EV 3·P(ten) − 1 from the unseen cards, the hole card among them', () => {
    // One deck; seen: the dealer's ace and the player's 10, 10. Unseen: 49 cards, 14 tens.
    const rules = parseRules({ numDecks: 1 });
    const oneDeckChart = computeStrategy(rules).table;
    const f = facts({ rules, seen: seenOf([1, 10, 10]), hand: [10, 10], upcard: 1, bet: 50 });
    const ev = (3 * 14) / 49 - 1; // negative: declining is right
    expect(gradeDecision({ ...f, chosen: 'noInsurance' }, oneDeckChart)).toEqual({ best: 'noInsurance', evCost: 0, correct: true, evs: { insure: ev, noInsurance: 0 }, index: null });
    expect(gradeDecision({ ...f, chosen: 'insure' }, oneDeckChart)).toEqual({
      best: 'noInsurance',
      evCost: Math.round(-ev * 25 * 100) / 100,
      correct: false,
      evs: { insure: ev, noInsurance: 0 },
      index: null,
    });
  });

  it('insurance by the Hi-Lo index: take at +3 and above when index plays are on', () => {
    const f = facts({ indexPlays: true, hand: [9, 7], upcard: 1, seen: seenOf([1, 9, 7]), chosen: 'insure' });
    expect(gradeDecision({ ...f, trueCount: 3 }, chart)).toMatchObject({ best: 'insure', correct: true });
    expect(gradeDecision({ ...f, trueCount: 2.9 }, chart)).toMatchObject({ best: 'noInsurance', correct: false });
  });

  it('even money at 6:5 (decision record 0050): 1 for sure against 1.2 unless the hole card is a ten, right by basic strategy', () => {
    // One deck; seen: the dealer's ace and the player's A, K. Unseen: 49 cards, 15 tens.
    const rules = parseRules({ numDecks: 1, blackjackPays: 1.2, insuranceAllowed: true, surrenderAllowed: false });
    const sixFive = computeStrategy(rules).table;
    const f = facts({ rules, seen: seenOf([1, 1, 10]), hand: [1, 10], upcard: 1, bet: 50, evenMoneyBet: 50 });
    const gain = 1 - 1.2 * (1 - 15 / 49); // per unit bet: +0.167
    const declined = gradeDecision({ ...f, chosen: 'noInsurance' }, sixFive);
    expect(declined.best).toBe('insure');
    expect(declined.correct).toBe(false);
    expect(declined.evCost).toBeCloseTo(gain * 50, 2);
    expect(declined.evs.insure).toBeCloseTo(gain, 12);
    // At 3:2 even money is the insurance bet: declined at this count without index plays.
    const threeTwo = parseRules({ numDecks: 1, insuranceAllowed: true, surrenderAllowed: false });
    const g = gradeDecision({ ...f, rules: threeTwo, chosen: 'noInsurance' }, computeStrategy(threeTwo).table);
    expect(g).toMatchObject({ best: 'noInsurance', correct: true, evCost: 0 });
    expect(g.evs.insure).toBeCloseTo((3 * 15) / 49 / 2 - 0.5, 12);
  });

  it('early surrender before the peek (decision record 0050): the EVs are not conditioned on no blackjack', () => {
    const rules = parseRules({ numDecks: 6, surrenderAllowed: false, earlySurrender: 'vs10' });
    const esChart = computeStrategy(rules).table;
    const shoe = fullShoe(6);
    const unconditioned = handEvs(rules, shoe, [10, 6], 10, { beforePeek: true });
    expect(unconditioned.surrender).toBe(-0.5);
    const f = facts({ rules, beforePeek: true, chosen: 'noSurrender' });
    const g = gradeDecision(f, esChart);
    expect(g.best).toBe('surrender');
    expect(g.evs.surrender).toBe(-0.5);
    expect(g.evs.noSurrender).toBeCloseTo(unconditioned.hit as number, 12);
    expect(g.evCost).toBeCloseTo((-0.5 - (unconditioned.hit as number)) * 100, 2);
    expect(gradeDecision({ ...f, chosen: 'surrender' }, esChart)).toMatchObject({ best: 'surrender', correct: true, evCost: 0 });
    // 10 v 10 plays on.
    expect(gradeDecision(facts({ rules, beforePeek: true, hand: [6, 4], seen: seenOf([6, 4, 10]), chosen: 'noSurrender' }), esChart)).toMatchObject({ best: 'noSurrender', correct: true });
    // After the peek the hand has no surrender against the ten any more.
    expect(handEvs(rules, shoe, [10, 6], 10).surrender).toBeNull();
  });

  it('refuses a choice the hand could not make (it was never a decision)', () => {
    expect(() => gradeDecision(facts({ chosen: 'split' }), chart)).toThrow(RangeError);
  });
});
