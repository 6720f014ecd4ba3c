import { describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { computeStrategy } from '../src/analysis/strategy.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { simulatePlan } from '../src/sim/simulate.ts';
import { simulateThreads } from '../src/sim/node/pool.ts';
import { SimCore } from '../src/sim/core.ts';
import { newAccumulator } from '../src/sim/layout.ts';
import { seededRng } from '../src/rng.ts';

describe('simulator', () => {
  const rules = parseRules({});
  const strategy = computeStrategy(rules);

  it('inlined xoshiro128** matches the engine generator', () => {
    const core = new SimCore(buildPlan({ rules, table: strategy.table }), newAccumulator());
    const ref = seededRng(7, 0);
    core.startChunk(ref.getState());
    for (let i = 0; i < 1000; i++) expect(core.nextUint32()).toBe(ref.nextUint32());
  });

  it('CSM flat basic strategy agrees with the exact EV within 3 SE', () => {
    const plan = buildPlan({ rules, table: strategy.table, csm: true });
    const r = simulatePlan(plan, 11, 2_000_000);
    const z = (r.ev - strategy.ev) / r.evStdErr;
    expect(Math.abs(z), `ev ${r.ev} exact ${strategy.ev} se ${r.evStdErr}`).toBeLessThan(3);
    expect(r.sd).toBeGreaterThan(1.1);
    expect(r.sd).toBeLessThan(1.2);
  });

  it('is deterministic across runs and thread counts', async () => {
    const plan = buildPlan({ rules, table: strategy.table, spread: { '-inf': 1, '2': 4, '4': 8 }, indices: 'i18+fab4' });
    const a = simulatePlan(plan, 5, 300_000, 1 << 15);
    const b = simulatePlan(plan, 5, 300_000, 1 << 15);
    const c = await simulateThreads(plan, { seed: 5, rounds: 300_000, threads: 2, chunkRounds: 1 << 15 });
    expect(b.ev).toBe(a.ev);
    expect(c.ev).toBe(a.ev);
    expect(c.sd).toBe(a.sd);
    expect(c.rounds).toBe(a.rounds);
  }, 60_000);

  it('Hi-Lo 1-8 spread gains at high true counts', () => {
    const plan = buildPlan({ rules, table: strategy.table, spread: { '-inf': 1, '1': 2, '2': 4, '3': 6, '4': 8 }, indices: 'i18' });
    const r = simulatePlan(plan, 3, 2_000_000);
    const high = r.perTrueCount.filter((row) => row.tc >= 3);
    const rounds = high.reduce((s, row) => s + row.rounds, 0);
    const ev = high.reduce((s, row) => s + row.evPerUnitBet * row.avgBet * row.rounds, 0) / rounds;
    expect(ev).toBeGreaterThan(0);
    const low = r.perTrueCount.filter((row) => row.tc <= -1);
    const evLow = low.reduce((s, row) => s + row.ev * row.rounds, 0) / low.reduce((s, row) => s + row.rounds, 0);
    expect(evLow).toBeLessThan(0);
  });
});
