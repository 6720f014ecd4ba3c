import { describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { computeStrategy } from '../src/analysis/strategy.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { simulatePlan } from '../src/sim/simulate.ts';
import { simulateThreads } from '../node/sim-pool.ts';
import { SimCore } from '../src/sim/core.ts';
import { CODE_RED_SEVEN } from '../src/sim/layout.ts';
import { seededRng } from '../src/rng.ts';

describe('simulator', () => {
  const rules = parseRules({});
  const strategy = computeStrategy(rules);

  it('inlined xoshiro128** matches the engine generator', () => {
    const core = new SimCore(buildPlan({ rules, table: strategy.table }));
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

describe('simulator: the shoe running out mid-round', () => {
  // Regression: the loop used to restart the whole shoe when it ran out mid-round, so the
  // cards already on the table could be dealt again (five aces in one deck). The game keeps
  // the table cards out and reshuffles the discards (game/dealing.ts reshuffleMidRound).
  it('never deals a card twice in a round, and the count restarts from the table cards', () => {
    const plan = buildPlan({ rules: parseRules({ numDecks: 1, numInitialHands: 7, shufflePoint: 0 }) });
    const core = new SimCore(plan);
    core.startChunk(seededRng(3, 0).getState());
    const copies = (code: number): number => (code === 10 ? 16 : code === 7 || code === CODE_RED_SEVEN ? 2 : 4);
    let runOuts = 0;
    for (let r = 0; r < 20_000; r++) {
      if (plan.predicates.shuffleBeforeRound[52 - core.pos] === 1) core.startChunk(seededRng(3, r + 1).getState());
      const before = core.pos;
      core.playRound();
      const cards = core.lastRoundCards();
      const seen = new Map<number, number>();
      for (const c of cards) seen.set(c, (seen.get(c) ?? 0) + 1);
      for (const [c, k] of seen) expect(k, `round ${r}: card ${c} dealt ${k} times in ${cards.join(',')}`).toBeLessThanOrEqual(copies(c));
      if (core.pos < before + cards.length) {
        runOuts++;
        // Every card of the round is on the table: the count is theirs alone.
        const rc = cards.reduce((a, c) => a + (plan.tags[c] as number), 0);
        expect(core.rc, `round ${r}`).toBe(rc);
        expect(core.pos, `round ${r}`).toBe(cards.length);
      }
    }
    expect(runOuts).toBeGreaterThan(1000);
  });
});
