// The game a counter actually plays (issue 38): wonging out, spots by count, other players,
// rounds per shoe and a cut card whose place varies. Each option has an invariant that fails
// when the loop ignores it, checked on the engine (no HTTP, no CLI).
import { describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { buildPlan, type SimPlanOptions } from '../src/sim/build-plan.ts';
import { simulatePlan } from '../src/sim/simulate.ts';
import { SimCore } from '../src/sim/core.ts';
import { ACC_ROUNDS, ACC_SHOES } from '../src/sim/layout.ts';
import { seededRng } from '../src/rng.ts';

const rules = parseRules({});
const RAMP = { '-inf': 1, '1': 2, '2': 4, '3': 6, '4': 8 };
const run = (o: Partial<SimPlanOptions>, rounds = 300_000, seed = 7) => simulatePlan(buildPlan({ rules, spread: RAMP, ...o }), seed, rounds);
const minTc = (r: { perTrueCount: { tc: number }[] }) => Math.min(...r.perTrueCount.map((x) => x.tc));

describe('wonging out', () => {
  it('a wong-out run at -1 never plays a round below -1, and plays rounds a wong-in at +1 alone sits out', () => {
    const out = run({ wongIn: 1, wongOut: -1 });
    expect(minTc(out)).toBe(-1);
    expect(out.perTrueCount.some((x) => x.tc === 0 && x.rounds > 0)).toBe(true);
    const inOnly = run({ wongIn: 1 });
    expect(minTc(inOnly)).toBe(1);
    expect(out.roundsPlayed).toBeGreaterThan(inOnly.roundsPlayed);
  });

  it('without mid-shoe entry a player who left sits out the rest of the shoe: fewer rounds than with it', () => {
    const stay = run({ wongIn: 1, wongOut: -1 });
    const back = run({ wongIn: 1, wongOut: -1, midshoeEntry: true });
    expect(back.roundsPlayed).toBeGreaterThan(stay.roundsPlayed);
    expect(minTc(back)).toBe(-1);
  });

  it('wong-out alone plays from the top of every shoe until the count falls below it', () => {
    const r = run({ wongOut: 0 });
    expect(minTc(r)).toBe(0);
    // Every shoe starts at a true count of 0 (Hi-Lo, half decks, floor): it is always played.
    expect(r.roundsPlayed).toBeGreaterThan(r.shoes);
    expect(r.roundsPlayed).toBeLessThan(r.rounds);
  });

  it('the per-true-count table holds only the rounds played: its rounds add up to them', () => {
    for (const o of [{ wongIn: 2 }, { wongIn: 1, wongOut: -1 }]) {
      const r = run(o);
      expect(r.perTrueCount.reduce((a, x) => a + x.rounds, 0)).toBe(r.roundsPlayed);
      expect(r.perTrueCount.reduce((a, x) => a + x.frequency, 0)).toBeCloseTo(1, 12);
    }
  });

  it('refuses a wong-out above the wong-in', () => {
    expect(() => buildPlan({ rules, wongIn: 1, wongOut: 2 })).toThrow(/wong-out \(2\) must be at or below wong-in \(1\)/);
  });
});

describe('spots by true count', () => {
  it('multiplies the bets at those counts and the result there, and only there', () => {
    const one = run({}, 600_000);
    const three = run({ spots: { '-inf': 1, '2': 3 } }, 600_000);
    for (const row of three.perTrueCount) {
      const units = row.tc >= 4 ? 8 : row.tc >= 3 ? 6 : row.tc >= 2 ? 4 : row.tc >= 1 ? 2 : 1;
      expect(row.avgBet, `tc ${row.tc}`).toBeCloseTo((row.tc >= 2 ? 3 : 1) * units, 9);
    }
    // Three spots at +2 and more: about three times one spot's result there (the hands share
    // the dealer, so not exactly), within the standard errors.
    const high = (r: typeof one) => r.perTrueCount.filter((x) => x.tc >= 2 && x.tc <= 5);
    for (const [a, b] of high(one).map((x) => [x, high(three).find((y) => y.tc === x.tc)] as const)) {
      if (!b) continue;
      const z = (b.ev - 3 * a.ev) / Math.hypot(b.evStdErr, 3 * a.evStdErr);
      expect(Math.abs(z), `tc ${a.tc}`).toBeLessThan(4);
    }
    expect(three.hands / three.roundsPlayed).toBeGreaterThan(one.hands / one.roundsPlayed);
  });

  it('refuses spots that do not fit the table with its other players', () => {
    expect(() => buildPlan({ rules: parseRules({ otherPlayers: 5 }), spots: { '-inf': 1, '3': 3 } })).toThrow(/do not fit/);
    expect(() => buildPlan({ rules, spots: { '-inf': 1.5 } })).toThrow(/whole number 1..7/);
  });
});

describe('other players', () => {
  it('use up the shoe (fewer rounds per shoe) and leave the player its flat basic-strategy EV', () => {
    const alone = run({ spread: { '-inf': 1 } }, 1_000_000);
    const crowd = simulatePlan(buildPlan({ rules: parseRules({ otherPlayers: 4 }) }), 7, 1_000_000);
    expect(crowd.rounds / crowd.shoes).toBeLessThan(0.6 * (alone.rounds / alone.shoes));
    expect(crowd.hands / crowd.roundsPlayed).toBeCloseTo(alone.hands / alone.roundsPlayed, 2);
    expect(Math.abs(crowd.ev - alone.ev) / Math.hypot(crowd.evStdErr, alone.evStdErr)).toBeLessThan(3);
  });

  it("the seats' errors move only the seats: the player's flat EV stays", () => {
    const clean = simulatePlan(buildPlan({ rules: parseRules({ otherPlayers: 3 }) }), 9, 1_000_000);
    const sloppy = simulatePlan(buildPlan({ rules: parseRules({ otherPlayers: 3, otherPlayersErrorPct: 20 }) }), 9, 1_000_000);
    expect(sloppy.ev).not.toBe(clean.ev); // the errors were drawn and played
    expect(Math.abs(sloppy.ev - clean.ev) / Math.hypot(sloppy.evStdErr, clean.evStdErr)).toBeLessThan(3);
  });
});

describe('the end of the shoe', () => {
  it('rounds per shoe: every shoe deals exactly that many rounds', () => {
    const r = simulatePlan(buildPlan({ rules, roundsPerShoe: 7 }), 3, 200_000);
    expect(r.rounds % 7).toBe(0);
    expect(r.rounds / r.shoes).toBe(7);
  });

  it('a cut card whose place varies: the rounds of a shoe spread wider around the same mean', () => {
    const firstShoe = (decks: number) => {
      const core = new SimCore(buildPlan({ rules, cutCardSpread_decks: decks }));
      const rounds: number[] = [];
      // A chunk of one round ends at its first shoe's end: its rounds are that shoe's.
      for (let seed = 0; seed < 300; seed++) {
        const acc = core.runChunk(seededRng(seed, 0).getState(), 1);
        expect(acc[ACC_SHOES]).toBe(1);
        rounds.push(acc[ACC_ROUNDS] as number);
      }
      const mean = rounds.reduce((a, x) => a + x, 0) / rounds.length;
      const sd = Math.sqrt(rounds.reduce((a, x) => a + (x - mean) ** 2, 0) / rounds.length);
      return { mean, sd };
    };
    const fixed = firstShoe(0);
    const spread = firstShoe(2);
    expect(spread.sd).toBeGreaterThan(2 * fixed.sd);
    expect(Math.abs(spread.mean - fixed.mean) / fixed.mean).toBeLessThan(0.05);
  });
});
