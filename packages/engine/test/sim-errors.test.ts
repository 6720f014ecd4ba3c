// The answers' own error bars (issue 38): SD, DI, SCORE and N0 carry standard errors, which
// shrink as 1/sqrt(N) and predict how far the figure moves between independent seeds; the trip
// and session views reproduce the closed forms they are built on.
import { describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { simulatePlan } from '../src/sim/simulate.ts';
import { normalCdf, perHour, tripView } from '../src/sim/trip.ts';

// A game with a clear edge (wonging in at +1 behind an 83% cut card): N0 and SCORE are smooth
// functions of the EV only where its relative error is small, which is where counters read them.
const plan = buildPlan({ rules: parseRules({ shufflePoint: 0.17 }), spread: { '-inf': 1, '1': 2, '2': 4, '3': 6, '4': 8 }, indices: 'i18', wongIn: 1 });
const FIGURES = ['sd', 'di', 'score', 'n0'] as const;
type Run = ReturnType<typeof simulatePlan>;
const seOf = (r: Run, f: (typeof FIGURES)[number]): number => (f === 'n0' ? (r.n0StdErr ?? NaN) : r[`${f}StdErr`]);
const mean = (xs: number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;

describe('standard errors of SD, DI, SCORE and N0', () => {
  // Seeds 100..123, 250,000 rounds each.
  const runs = Array.from({ length: 24 }, (_, i) => simulatePlan(plan, 100 + i, 250_000));

  it('predict the spread of each figure over independent seeds (the rounds of a shoe as one cluster)', () => {
    for (const f of [...FIGURES, 'ev' as const]) {
      const xs = runs.map((r) => r[f] as number);
      const m = mean(xs);
      const spread = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
      const se = mean(runs.map((r) => (f === 'ev' ? r.evStdErr : seOf(r, f))));
      // The SD of 24 draws is itself known to about 15%: a ratio outside 0.6..1.6 is a wrong
      // formula (rounds taken as independent gave 0.5 for the SD of a bet ramp).
      expect(spread / se, `${f}: spread over seeds ${spread}, standard error ${se} (seeds 100..123)`).toBeGreaterThan(0.6);
      expect(spread / se, f).toBeLessThan(1.6);
    }
  }, 60_000);

  it('shrink as 1/sqrt(N) across seeds: four times the rounds, half the error', () => {
    const long = Array.from({ length: 8 }, (_, i) => simulatePlan(plan, 100 + i, 1_000_000));
    for (const f of FIGURES) {
      const ratio = mean(runs.slice(0, 8).map((r) => seOf(r, f))) / mean(long.map((r) => seOf(r, f)));
      expect(ratio, f).toBeGreaterThan(1.7);
      expect(ratio, f).toBeLessThan(2.4);
    }
  }, 60_000);
});

describe('trip and session views', () => {
  it('the normal CDF matches its tables', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.1586553, 6);
    expect(normalCdf(-6) / 9.865876e-10).toBeCloseTo(1, 4);
  });

  const game = { ev: 0.02, evStdErr: 0.001, sd: 3, rounds: 1_000_000, roundsPlayed: 1_000_000 };

  it('without an edge the risk of a trip is the reflection principle, 2 Phi(-B / (s sqrt T))', () => {
    const t = tripView({ ...game, ev: 0 }, { roundsPerHour: 100, hours: 10, bankroll_units: 60 });
    expect(t.riskOfRuin).toBeCloseTo(2 * normalCdf(-60 / (3 * Math.sqrt(1000))), 6);
    expect(t.chanceBehind).toBeCloseTo(0.5, 6);
    expect(t.hoursToDouble).toBeNull();
  });

  it('a long trip reaches the closed form e^(-2 ev B / var); a short one risks less', () => {
    const closed = Math.exp((-2 * 0.02 * 100) / 9);
    const long = tripView(game, { roundsPerHour: 100, hours: 50_000, bankroll_units: 100 });
    expect(long.riskOfRuin).toBeCloseTo(closed, 4);
    const short = tripView(game, { roundsPerHour: 100, hours: 5, bankroll_units: 100 });
    expect(short.riskOfRuin as number).toBeLessThan(closed / 2);
    expect(short.chanceBehind).toBeCloseTo(normalCdf(-(0.02 * 500) / (3 * Math.sqrt(500))), 9);
    expect(long.hoursToDouble).toBeCloseTo(100 / 2, 9);
  });

  it('a losing game: the risk stays finite and tends to 1', () => {
    const t = tripView({ ...game, ev: -0.05 }, { roundsPerHour: 100, hours: 1000, bankroll_units: 200 });
    expect(t.riskOfRuin as number).toBeGreaterThan(0.999);
    expect(t.riskOfRuin as number).toBeLessThanOrEqual(1);
  });

  it('per hour counts the rounds dealt: a wonger watching half the rounds wins half as fast', () => {
    const all = perHour(game, 100);
    const half = perHour({ ...game, roundsPlayed: 500_000 }, 100);
    expect(all.win).toBeCloseTo(2, 12);
    expect(all.winStdErr).toBeCloseTo(0.1, 12);
    expect(half.win).toBeCloseTo(1, 12);
    expect(half.sd).toBeCloseTo(Math.sqrt(100 * (0.5 * (9 + 0.0004) - 0.0001)), 9);
  });
});
