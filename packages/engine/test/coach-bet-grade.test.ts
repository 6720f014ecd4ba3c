// Bets graded by the count (coach/bet-grade.ts, coach/advantage.ts; decision record 0030), by
// hand-computed cases: a basis made by hand so the advantage is known exactly, then the real
// basis of six decks against what the exact analyser and the published Hi-Lo slope say.
import { describe, expect, it } from 'vitest';
import {
  BET_RAMP_PRESETS,
  DEFAULT_RULES,
  advantageAt,
  advantageBasis,
  advantageSlope,
  betRampProblem,
  computeStrategy,
  effectiveTrueCount,
  getCountingSystem,
  gradeBet,
  parseRules,
  rampFromSpread,
  rampUnitsAt,
  type AdvantageBasis,
  type BetFacts,
} from '../src/index.ts';

const HI_LO = getCountingSystem('hi-lo');
const rules = parseRules({ ...DEFAULT_RULES });
/** Six decks, edge -0.5%, each removal effect 0.5% x its Hi-Lo tag: the Hi-Lo slope is exactly 0.5% a true count. */
const HAND_BASIS: AdvantageBasis = { numDecks: 6, edge: -0.005, eor: [0, ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((v) => 0.005 * (HI_LO.tags[v] ?? 0))] };

function facts(over: Partial<BetFacts>): BetFacts {
  return {
    kind: 'bet',
    rules,
    system: 'hi-lo',
    ramp: { unit_credits: 25, steps: BET_RAMP_PRESETS['1-8'] },
    bet_credits: 200,
    trueCount: 0,
    runningCount: 0,
    cardsRemaining: 312,
    ...over,
  };
}

describe('the ramp', () => {
  it('reads the step at or below the count, the lowest below them all', () => {
    const r = BET_RAMP_PRESETS['1-8'];
    expect([-5, 0, 1, 2, 3, 4, 9].map((tc) => rampUnitsAt(r, tc))).toEqual([1, 1, 1, 2, 4, 8, 8]);
    expect(rampUnitsAt([{ tc: 3, units: 4 }, { tc: -1, units: 0 }], 2)).toBe(0);
  });
  it('refuses what cannot grade a bet, with a stable code each', () => {
    expect(betRampProblem(BET_RAMP_PRESETS['1-16'])).toBeNull();
    expect(betRampProblem([])).toBe('RAMP_EMPTY');
    expect(betRampProblem(Array.from({ length: 31 }, (_, i) => ({ tc: i - 15, units: 1 })))).toBe('RAMP_TOO_MANY_STEPS');
    expect(betRampProblem([{ tc: 21, units: 1 }])).toBe('RAMP_TC_OUT_OF_RANGE');
    expect(betRampProblem([{ tc: 1.5, units: 1 }])).toBe('RAMP_TC_OUT_OF_RANGE');
    expect(betRampProblem([{ tc: 1, units: 1 }, { tc: 1, units: 2 }])).toBe('RAMP_TC_REPEATED');
    expect(betRampProblem([{ tc: 1, units: -1 }])).toBe('RAMP_UNITS_OUT_OF_RANGE');
    // Non-decreasing is not required: a player may drop to nothing (wong out) at a count.
    expect(betRampProblem([{ tc: 0, units: 2 }, { tc: 1, units: 0 }])).toBeNull();
  });
  it("takes the simulator's spread, '-inf' as the lowest step", () => {
    expect(rampFromSpread({ '-inf': 1, '1': 2, '2': 4, '3': 6 })).toEqual([
      { tc: 0, units: 1 },
      { tc: 1, units: 2 },
      { tc: 2, units: 4 },
      { tc: 3, units: 6 },
    ]);
    expect(rampFromSpread({ '-inf': 1 })).toEqual([{ tc: 0, units: 1 }]);
    expect(rampFromSpread({})).toBeNull();
  });
});

describe('the advantage', () => {
  it('of the hand-made basis is its edge plus 0.5% a true count', () => {
    const { slope, meanTag } = advantageSlope(HAND_BASIS, HI_LO);
    expect(meanTag).toBe(0);
    expect(slope).toBeCloseTo(0.005, 12);
    // Four decks left at a running count of +16: true count +4.
    expect(advantageAt(HAND_BASIS, HI_LO, { runningCount: 16, cardsRemaining: 208 })).toBeCloseTo(0.015, 12);
    expect(advantageAt(HAND_BASIS, HI_LO, { runningCount: 0, cardsRemaining: 100 })).toBeCloseTo(-0.005, 12);
  });
  it("takes an unbalanced count's drift out: KO at its IRC after a neutral deck is at true count 0", () => {
    const ko = getCountingSystem('ko');
    const { meanTag } = advantageSlope(HAND_BASIS, ko);
    expect(meanTag).toBeCloseTo(4 / 52, 12);
    // Six decks, IRC -20; a deck dealt that counted its average (+4) leaves RC -16: neutral.
    expect(effectiveTrueCount(ko, meanTag, 6, -16, 260)).toBeCloseTo(0, 12);
    // At the pivot (+4) the KO player is at about a true count of +4 at any depth.
    expect(effectiveTrueCount(ko, meanTag, 6, 4, 104)).toBeCloseTo((24 - (4 / 52) * 208) / 2, 12);
  });
  it('of six decks S17 DAS LS is the exact edge off the top and about 0.5% a Hi-Lo true count', () => {
    const strategy = computeStrategy(rules);
    const basis = advantageBasis(rules, strategy.table);
    expect(basis.edge).toBeCloseTo(strategy.ev, 12);
    // Removal effects of the classic table's signs: small cards help the player, tens and aces hurt.
    for (const v of [2, 3, 4, 5, 6]) expect(basis.eor[v]).toBeGreaterThan(0);
    for (const v of [1, 10]) expect(basis.eor[v]).toBeLessThan(0);
    const { slope } = advantageSlope(basis, HI_LO);
    expect(slope).toBeGreaterThan(0.0045);
    expect(slope).toBeLessThan(0.0065);
  }, 30_000);
});

describe('a bet graded against the ramp', () => {
  it('8 units at TC +4 on a 1-8 ramp is right', () => {
    const g = gradeBet(facts({ trueCount: 4, runningCount: 16, cardsRemaining: 208 }), HAND_BASIS);
    expect(g).toMatchObject({ verdict: 'right', betUnits: 8, rampUnits: 8, diffUnits: 0, rampBet_credits: 200, evCost_credits: 0 });
  });
  it('8 units at TC 0 is over by 7, costing 7 units x the house edge at that count', () => {
    const g = gradeBet(facts({}), HAND_BASIS);
    expect(g).toMatchObject({ verdict: 'over', betUnits: 8, rampUnits: 1, diffUnits: 7, rampBet_credits: 25 });
    expect(g.advantage).toBeCloseTo(-0.005, 12);
    expect(g.evCost_credits).toBe(0.88); // 7 x 25 x 0.005 = 0.875, to the cent
  });
  it('2 units at TC +4 is under by 6, costing 6 units x the advantage there', () => {
    const g = gradeBet(facts({ bet_credits: 50, trueCount: 4, runningCount: 16, cardsRemaining: 208 }), HAND_BASIS);
    expect(g).toMatchObject({ verdict: 'under', diffUnits: -6 });
    expect(g.evCost_credits).toBe(2.25); // 6 x 25 x 0.015
  });
  it('bug 39.2: over at an advantage is off the ramp but gives no expectation away (cost 0, never negative)', () => {
    const g = gradeBet(facts({ bet_credits: 400, trueCount: 4, runningCount: 16, cardsRemaining: 208 }), HAND_BASIS);
    expect(g).toMatchObject({ verdict: 'over', diffUnits: 8, evCost_credits: 0 });
    expect(g.advantage).toBeGreaterThan(0);
  });
  it('bug 39.1: under at a disadvantage is off the ramp but gives no expectation away (cost 0, never negative)', () => {
    const g = gradeBet(facts({ bet_credits: 10, ramp: { unit_credits: 25, steps: [{ tc: -5, units: 2 }, { tc: 1, units: 2 }] } }), HAND_BASIS);
    expect(g.advantage).toBeLessThan(0);
    expect(g).toMatchObject({ verdict: 'under', evCost_credits: 0 });
  });
  it('within half a unit is right; the chips that miss it still cost their difference', () => {
    const g = gradeBet(facts({ bet_credits: 30 }), HAND_BASIS);
    expect(g).toMatchObject({ verdict: 'right', betUnits: 1.2, diffUnits: 0.2, evCost_credits: 0.03 });
  });
  it('refuses a basis of other rules', () => {
    expect(() => gradeBet(facts({}), { ...HAND_BASIS, numDecks: 2 })).toThrow(RangeError);
  });
});
