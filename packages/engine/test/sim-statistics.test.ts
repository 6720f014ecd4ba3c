// Statistical checks of the simulator: the cut-card effect, the
// shape of Hi-Lo's per-true-count table and the simulated risk of ruin. Sizes are chosen so each
// effect stands well above its noise within a few seconds; the CSM-vs-exact comparisons at
// SE < 0.02% are test/sim-known-answers.test.ts, the 6-deck cut-card effect (a few hundredths
// of a percent) is bench/sim-long-check.ts, run by hand.
import { describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { computeStrategy } from '../src/analysis/strategy.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { simulateThreads } from '../node/sim-pool.ts';
import { SimCore, TRIP_EXTENSION_ROUNDS_MAX } from '../src/sim/core.ts';
import { ACC_ROUNDS, ACC_TRIPS_UNFINISHED } from '../src/sim/layout.ts';
import type { SimResult } from '../src/sim/simulate.ts';
import type { TrueCountRow } from '../src/sim/stats.ts';

const THREADS = 2;
const SPREAD_1_8 = { '-inf': 1, '1': 2, '2': 4, '3': 6, '4': 8 };

/** Weighted least squares y = a + b x with weights 1/se^2; returns b and its standard error. */
function weightedSlope(points: readonly { x: number; y: number; se: number }[]): { slope: number; slopeStdErr: number } {
  if (points.length < 3) throw new Error(`need at least 3 points, got ${points.length}`);
  let sw = 0;
  let swx = 0;
  let swy = 0;
  for (const p of points) {
    if (!(p.se > 0)) throw new Error(`standard error must be positive at x=${p.x}`);
    const w = 1 / (p.se * p.se);
    sw += w;
    swx += w * p.x;
    swy += w * p.y;
  }
  const mx = swx / sw;
  const my = swy / sw;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    const w = 1 / (p.se * p.se);
    sxx += w * (p.x - mx) ** 2;
    sxy += w * (p.x - mx) * (p.y - my);
  }
  return { slope: sxy / sxx, slopeStdErr: 1 / Math.sqrt(sxx) };
}

/** EV per unit bet at one count: the bet is fixed within a bin, so its SE scales the same way. */
const perUnit = (row: TrueCountRow): { x: number; y: number; se: number } => ({ x: row.tc, y: row.ev / row.avgBet, se: row.evStdErr / row.avgBet });

const describeRun = (r: SimResult): string => `seed ${String(r.seed)}: ev/unit ${r.evPerUnitBet} ± ${r.evPerUnitBetStdErr}, rounds ${r.rounds}`;

describe('simulator statistics', () => {
  it('a cut card costs EV against a continuous shuffle (1 deck, cut at half the deck)', async () => {
    // Single deck, where the effect is about 0.1-0.15% (6 decks: a few hundredths, see
    // bench/sim-long-check.ts). The CSM reference is the analyser's exact EV (no noise, so the
    // combined SE is the cut-card run's alone); a shorter simulated CSM run with the same seed
    // structure confirms that the exact figure is what a continuous shuffle gives here.
    // 4e7 rounds put the effect about 6 SE out; the assertion asks for 3.
    const rules = parseRules({ numDecks: 1, shufflePoint: 0.5 });
    const strategy = computeStrategy(rules);
    const seed = 2024;
    const cut = await simulateThreads(buildPlan({ rules, table: strategy.table }), { seed, rounds: 40_000_000, threads: THREADS });
    const csm = await simulateThreads(buildPlan({ rules, table: strategy.table, csm: true }), { seed, rounds: 3_000_000, threads: THREADS });
    const msg = `exact ${strategy.ev}, cut ${cut.ev} ± ${cut.evStdErr}, csm ${csm.ev} ± ${csm.evStdErr}, seed ${seed}`;
    expect(Math.abs(csm.ev - strategy.ev) / csm.evStdErr, msg).toBeLessThan(3);
    expect((strategy.ev - cut.ev) / cut.evStdErr, msg).toBeGreaterThan(3);
  }, 90_000);

  it('Hi-Lo 1-8 spread with I18: EV rises with the true count and is stable across seeds', async () => {
    const rules = parseRules({});
    const plan = buildPlan({ rules, table: computeStrategy(rules).table, spread: SPREAD_1_8, indices: 'i18' });
    const rounds = 2_000_000;
    const runs = [await simulateThreads(plan, { seed: 31, rounds, threads: THREADS }), await simulateThreads(plan, { seed: 32, rounds, threads: THREADS })];
    const [a, b] = runs as [SimResult, SimResult];
    for (const r of runs) {
      // Populated counts only: the extreme bins hold a handful of rounds and carry no weight.
      const rows = r.perTrueCount.filter((row) => row.rounds >= 2000 && row.evStdErr > 0);
      expect(rows.length, describeRun(r)).toBeGreaterThanOrEqual(8);
      const { slope, slopeStdErr } = weightedSlope(rows.map(perUnit));
      expect(slope / slopeStdErr, `${describeRun(r)}; slope ${slope} ± ${slopeStdErr}`).toBeGreaterThan(3);
      const high = r.perTrueCount.filter((row) => row.tc >= 3);
      const n = high.reduce((s, row) => s + row.rounds, 0);
      const units = high.reduce((s, row) => s + row.avgBet * row.rounds, 0);
      const evHigh = high.reduce((s, row) => s + row.ev * row.rounds, 0) / units;
      // Rows are independent bins: var of the pooled sum is the sum of per-row variances.
      const seHigh = Math.sqrt(high.reduce((s, row) => s + (row.evStdErr * row.rounds) ** 2, 0)) / units;
      expect(n, describeRun(r)).toBeGreaterThan(0);
      expect(evHigh / seHigh, `${describeRun(r)}; TC>=3 ev/unit ${evHigh} ± ${seHigh}`).toBeGreaterThan(2);
    }
    const z = (a.evPerUnitBet - b.evPerUnitBet) / Math.hypot(a.evPerUnitBetStdErr, b.evPerUnitBetStdErr);
    expect(Math.abs(z), `${describeRun(a)}; ${describeRun(b)}`).toBeLessThan(3);
    expect(a.evPerUnitBet).not.toBe(b.evPerUnitBet);
  }, 60_000);

  it('simulated risk of ruin: whole trips only, matching the closed form, whatever the chunk size', async () => {
    // Lose 50 units before winning 50, flat basic strategy. Trips last ~2,000 rounds, longer than
    // a 4,096-round chunk now and then: chunks play on until their trip ends (cutting trips at
    // chunk ends would drop long trips more often than short ones).
    const plan = buildPlan({ rules: parseRules({}), bankroll_units: 50 });
    for (const chunkRounds of [1 << 12, 1 << 17]) {
      const r = await simulateThreads(plan, { seed: 5, rounds: 10_000_000, threads: THREADS, chunkRounds });
      const ror = r.riskOfRuin;
      if (!ror || ror.simulated === null) throw new Error('no trips');
      const se = Math.sqrt((ror.simulated * (1 - ror.simulated)) / ror.trips);
      const msg = `chunk ${chunkRounds}: simulated ${ror.simulated} ± ${se} over ${ror.trips} trips, closed form ${ror.closedFormBeforeDoubling}`;
      expect(ror.unfinishedTrips, msg).toBe(0);
      expect(ror.trips, msg).toBeGreaterThan(4000);
      // The closed form is the diffusion limit; the overshoot of whole bets past the barriers
      // moves the exact figure by well under 0.005 at 50 units.
      expect(Math.abs(ror.simulated - ror.closedFormBeforeDoubling), msg).toBeLessThan(3 * se + 0.005);
    }
  }, 90_000);

  it('a trip still going after the extension limit is counted as unfinished, not as a result', () => {
    const acc = new SimCore(buildPlan({ rules: parseRules({}), bankroll_units: 1e6 })).runChunk([1, 2, 3, 4], 1000);
    expect(acc[ACC_TRIPS_UNFINISHED]).toBe(1);
    expect(acc[ACC_ROUNDS]).toBeGreaterThanOrEqual(1000 + TRIP_EXTENSION_ROUNDS_MAX);
    expect(acc[ACC_ROUNDS]).toBeLessThan(1000 + TRIP_EXTENSION_ROUNDS_MAX + 400);
  }, 60_000);

  it('weightedSlope recovers a known line and its error', () => {
    const pts = [-2, -1, 0, 1, 2].map((x) => ({ x, y: 0.5 + 0.25 * x, se: 0.1 }));
    const { slope, slopeStdErr } = weightedSlope(pts);
    expect(slope).toBeCloseTo(0.25, 12);
    // sxx = sum (x - 0)^2 / 0.01 = 10 / 0.01 = 1000.
    expect(slopeStdErr).toBeCloseTo(1 / Math.sqrt(1000), 12);
  });
});
