// The ace side count (decision record 0051): which counts it changes, what it adds to the bet's
// count, that its weight is the one that best correlates with the removal effects on the edge
// (the count-quality module's betting correlation), and that the simulator's loop bets on the
// same count as the engine's bettingCount, round by round on one shoe.
import { describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { COUNTING_SYSTEMS, aceSideWeight, aceSurplus, bettingCount, sideCountsAces } from '../src/counting/index.ts';
import { countBasis, countQuality } from '../src/coach/count-quality.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { SimCore } from '../src/sim/core.ts';
import { ACC_BINS, BIN_STRIDE, TC_MAX, TC_MIN } from '../src/sim/layout.ts';
import { createShoe } from '../src/shoe.ts';
import { valueOfCode } from '../src/cards.ts';
import { seededRng } from '../src/rng.ts';

describe('which counts side-count aces, and by how much', () => {
  it('a ten tag less the ace tag: Hi-Opt I 1, Hi-Opt II 2, Omega II 2, Zen 1; none for Hi-Lo, Wong Halves, KO, Red 7', () => {
    expect(aceSideWeight(COUNTING_SYSTEMS['hi-opt-1'])).toBe(1);
    expect(aceSideWeight(COUNTING_SYSTEMS['hi-opt-2'])).toBe(2);
    expect(aceSideWeight(COUNTING_SYSTEMS['omega-2'])).toBe(2);
    expect(aceSideWeight(COUNTING_SYSTEMS.zen)).toBe(1);
    for (const id of ['hi-lo', 'wong-halves', 'ko', 'red-7'] as const) expect(sideCountsAces(COUNTING_SYSTEMS[id]), id).toBe(false);
  });

  it('adds the weight per surplus ace before the true count: Hi-Opt II, 2 decks half gone, 2 aces seen of 8', () => {
    // 52 cards left hold 4 aces by their share; 6 are left: 2 surplus, worth +4 on the running count.
    expect(aceSurplus(2, 52, 2)).toBe(2);
    const counting = { resolution: 'exact' as const, rounding: 'none' as const };
    expect(bettingCount(COUNTING_SYSTEMS['hi-opt-2'], { ...counting, aceSideCount: true }, 3, 52, 2, 2)).toBe(7);
    expect(bettingCount(COUNTING_SYSTEMS['hi-opt-2'], counting, 3, 52, 2, 2)).toBe(3);
    expect(bettingCount(COUNTING_SYSTEMS['hi-lo'], { ...counting, aceSideCount: true }, 3, 52, 2, 2)).toBe(3);
  });
});

describe('the weight is the betting correlation\'s best (6 decks S17 DAS LS)', () => {
  const basis = countBasis(parseRules({}));
  for (const id of ['hi-opt-1', 'hi-opt-2', 'omega-2', 'zen'] as const) {
    it(`${id}: the side count raises BC, most at its weight`, () => {
      const sys = COUNTING_SYSTEMS[id];
      // Betting on RC + w (aces left - their share) tags a seen ace -w 12/13 more and any other seen card +w/13.
      const bcAt = (w: number): number => countQuality(basis, { tags: sys.tags.map((t, v) => (v === 0 ? 0 : t / sys.scale + (v === 1 ? (-w * 12) / 13 : w / 13))), scale: 1, redSevenBonus: 0 }).bc;
      const w = aceSideWeight(sys);
      expect(bcAt(w)).toBeGreaterThan(bcAt(0) + 0.009);
      for (const other of [0, 0.5, 1, 1.5, 2, 2.5, 3]) expect(bcAt(other), `${id} w ${other}`).toBeLessThanOrEqual(bcAt(w));
    });
  }
});

describe('the simulator bets on the ace side count as the engine counts it', () => {
  it('Hi-Opt II, 2 decks, floor at half decks: every round\'s bet bin is bettingCount\'s', () => {
    const seed = 77;
    const rules = parseRules({ numDecks: 2, shufflePoint: 0.25 });
    const tc = { resolution: 'half', rounding: 'floor' } as const;
    const plan = buildPlan({ rules, count: 'hi-opt-2', trueCount: tc, aceSideCount: true });
    const core = new SimCore(plan);
    const shoe = createShoe(2, seededRng(seed, 1));
    const codes = shoe.cards.map((c) => valueOfCode(c)); // no red sevens in Hi-Opt II
    core.loadStackedShoe(codes);
    const sys = COUNTING_SYSTEMS['hi-opt-2'];
    let rounds = 0;
    let moved = 0;
    for (let r = 0; r < 200 && plan.predicates.shuffleBeforeRound[104 - core.pos] === 0; r++) {
      const dealt = codes.slice(0, core.pos);
      const rc = dealt.reduce((a, v) => a + (sys.tags[v] ?? 0), 0);
      const aces = dealt.filter((v) => v === 1).length;
      const expected = Math.round(Math.max(TC_MIN, Math.min(TC_MAX, bettingCount(sys, { ...tc, aceSideCount: true }, rc, 104 - core.pos, aces, 2))));
      const plain = Math.round(Math.max(TC_MIN, Math.min(TC_MAX, bettingCount(sys, tc, rc, 104 - core.pos, aces, 2))));
      if (expected !== plain) moved++;
      const before = core.accumulated();
      core.playRound();
      const after = core.accumulated();
      const bins = Array.from({ length: TC_MAX - TC_MIN + 1 }, (_, i) => i).filter((i) => (after[ACC_BINS + i * BIN_STRIDE] as number) > (before[ACC_BINS + i * BIN_STRIDE] as number));
      expect(bins, `seed ${seed} round ${r}`).toEqual([expected - TC_MIN]);
      rounds++;
    }
    expect(rounds, `seed ${seed}`).toBeGreaterThan(10);
    expect(moved, `seed ${seed}: the side count moved some bets`).toBeGreaterThan(0);
  });

  it('refuses a count the side count changes nothing for', () => {
    expect(() => buildPlan({ rules: parseRules({}), count: 'hi-lo', aceSideCount: true })).toThrow(RangeError);
  });
});
