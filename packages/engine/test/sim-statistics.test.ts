// Statistical checks of the simulator (issue 4, "How it is checked"): the cut-card effect and
// the shape of Hi-Lo's per-true-count table. Sizes are chosen so each effect stands well above
// its noise within a few seconds; the full-precision comparisons (6 decks, SE < 0.02%) live in
// bench/sim-long-check.ts, which is run by hand.
import { describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { computeStrategy } from '../src/analysis/strategy.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { simulateThreads } from '../src/sim/node/pool.ts';
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
    // 1.6e7 rounds put the effect about 4 SE out: asserting 2 SE keeps the test robust to the
    // seed; 3 SE every time would need ~3e7 rounds, which is the long check's job.
    const rules = parseRules({ numDecks: 1, shufflePoint: 0.5 });
    const strategy = computeStrategy(rules);
    const seed = 2024;
    const cut = await simulateThreads(buildPlan({ rules, table: strategy.table }), { seed, rounds: 16_000_000, threads: THREADS });
    const csm = await simulateThreads(buildPlan({ rules, table: strategy.table, csm: true }), { seed, rounds: 3_000_000, threads: THREADS });
    const msg = `exact ${strategy.ev}, cut ${cut.ev} ± ${cut.evStdErr}, csm ${csm.ev} ± ${csm.evStdErr}, seed ${seed}`;
    expect(Math.abs(csm.ev - strategy.ev) / csm.evStdErr, msg).toBeLessThan(3);
    expect((strategy.ev - cut.ev) / cut.evStdErr, msg).toBeGreaterThan(2);
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

  it('weightedSlope recovers a known line and its error', () => {
    const pts = [-2, -1, 0, 1, 2].map((x) => ({ x, y: 0.5 + 0.25 * x, se: 0.1 }));
    const { slope, slopeStdErr } = weightedSlope(pts);
    expect(slope).toBeCloseTo(0.25, 12);
    // sxx = sum (x - 0)^2 / 0.01 = 10 / 0.01 = 1000.
    expect(slopeStdErr).toBeCloseTo(1 / Math.sqrt(1000), 12);
  });
});
