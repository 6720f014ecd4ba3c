// "Simulate my game": the player's mistakes and count errors in the simulator's loop.
import { describe, expect, it } from 'vitest';
import { buildPlan, errorSources, estimatePlayer, handKind, parseRules, simulatePlan, type PlayerModel, type SimResult } from '../src/index.ts';
import { compilePlayer } from '../src/sim/player-model.ts';

const rules = parseRules({});
const RAMP = { '-inf': 1, '1': 2, '2': 4, '3': 6, '4': 8 };
const ROUNDS = 300_000;
const CHUNK = 1 << 15;
const run = (player: PlayerModel | null, extra: Record<string, unknown> = {}, seed = 5): SimResult =>
  simulatePlan(buildPlan({ rules, spread: RAMP, indices: 'i18+fab4', player, ...extra }), seed, ROUNDS, CHUNK);
/** |a - b| in standard errors of the difference. */
const gap = (a: SimResult, b: SimResult): number => (a.ev - b.ev) / Math.hypot(a.evStdErr, b.evStdErr);

describe('player model in the simulator', () => {
  it('a perfect player compiles to nothing and plays exactly the perfect game, bit for bit', () => {
    const perfect: PlayerModel = { mistakeRate: { hard: 0, soft: 0, pair: 0 }, runningCountErrors: [0, 0, 0] };
    expect(buildPlan({ rules, player: perfect }).player).toBeNull();
    expect(run(perfect)).toEqual({ ...run(null), seconds: expect.any(Number), roundsPerSecond: expect.any(Number) });
  });

  it('the same seed gives the same result with mistakes and count errors', () => {
    const model: PlayerModel = { mistakeRate: { hard: 0.05, soft: 0.1, pair: 0.02 }, runningCountErrors: [-2, -1, 0, 0, 1, 3] };
    const a = run(model);
    const b = run(model);
    expect({ ...a, seconds: 0, roundsPerSecond: 0 }).toEqual({ ...b, seconds: 0, roundsPerSecond: 0 });
  });

  it('mistakes cost EV, more mistakes cost more', () => {
    const perfect = run(null);
    const some = run({ mistakeRate: { hard: 0.1, soft: 0.1, pair: 0.1 }, runningCountErrors: [] }, {}, 6);
    const many = run({ mistakeRate: { hard: 0.4, soft: 0.4, pair: 0.4 }, runningCountErrors: [] }, {}, 7);
    console.log(`EV/round: perfect ${perfect.ev.toFixed(4)}, 10% mistakes ${some.ev.toFixed(4)}, 40% ${many.ev.toFixed(4)}`);
    expect(gap(perfect, some)).toBeGreaterThan(4);
    expect(gap(some, many)).toBeGreaterThan(4);
  });

  it('always wrong plays the mistaken-play table (its EV, within the noise)', () => {
    const always = run({ mistakeRate: { hard: 1, soft: 1, pair: 1 }, runningCountErrors: [] }, { indices: 'none', spread: undefined });
    const base = buildPlan({ rules });
    const compiled = compilePlayer({ mistakeRate: { hard: 1, soft: 1, pair: 1 }, runningCountErrors: [] }, base.table, 1);
    const wrongTable = Uint8Array.from(base.table, (basic, i) => (compiled?.mistakeRate[i] ? (compiled.mistakePlay[i] as number) : basic));
    const byTable = simulatePlan(buildPlan({ rules, table: wrongTable }), 9, ROUNDS, CHUNK);
    console.log(`always wrong ${always.ev.toFixed(4)} ± ${always.evStdErr.toFixed(4)}, wrong table ${byTable.ev.toFixed(4)} ± ${byTable.evStdErr.toFixed(4)}`);
    expect(always.ev).toBeLessThan(-0.1);
    expect(Math.abs(gap(always, byTable))).toBeLessThan(4);
  });

  it('a drifting count bets and plays worse than an exact one', () => {
    const exact = run(null, {}, 11);
    // A count this far off bets nearly at random: the spread no longer follows the advantage.
    const drift = run({ mistakeRate: { hard: 0, soft: 0, pair: 0 }, runningCountErrors: [-30, -20, -10, 10, 20, 30] }, {}, 12);
    const z = (exact.evPerUnitBet - drift.evPerUnitBet) / Math.hypot(exact.evPerUnitBetStdErr, drift.evPerUnitBetStdErr);
    console.log(`advantage: exact count ${exact.evPerUnitBet.toFixed(4)}, drifting ${drift.evPerUnitBet.toFixed(4)} (z ${z.toFixed(1)})`);
    expect(z).toBeGreaterThan(3);
  });

  // "Run my game too" explained (issue 38): each source of error simulated alone. A known model,
  // every decision of one kind of hand played wrong, against the same errors injected by hand:
  // the basic strategy table with that kind's cells replaced by their mistaken plays.
  it('each kind of hand alone: the model at 100% equals its cells replaced by hand in the table', () => {
    const base = buildPlan({ rules });
    const perfect = simulatePlan(base, 13, ROUNDS, CHUNK);
    for (const kind of ['hard', 'soft', 'pair'] as const) {
      const model: PlayerModel = { mistakeRate: { hard: 0, soft: 0, pair: 0, [kind]: 1 }, runningCountErrors: [] };
      const [part] = errorSources({ ...model, runningCountErrors: [0] });
      expect(part?.source).toBe(kind);
      const simulated = simulatePlan(buildPlan({ rules, player: part?.model ?? null }), 14, ROUNDS, CHUNK);
      // By hand, decoding tableIndex (analysis/codes.ts): bit 1 is the split flag, floor(i / 88) % 2 the soft one.
      const compiled = compilePlayer({ mistakeRate: { hard: 1, soft: 1, pair: 1 }, runningCountErrors: [] }, base.table, 1);
      const edited = base.table.map((basic, i) => {
        const pair = (i & 2) !== 0;
        const soft = Math.floor(i / 88) % 2 === 1;
        const mine = kind === 'pair' ? pair : !pair && (kind === 'soft') === soft;
        return mine && compiled?.mistakeRate[i] ? (compiled.mistakePlay[i] as number) : basic;
      });
      const byHand = simulatePlan(buildPlan({ rules, table: edited }), 15, ROUNDS, CHUNK);
      console.log(`${kind} always wrong: simulated ${simulated.ev.toFixed(4)} ± ${simulated.evStdErr.toFixed(4)}, by hand ${byHand.ev.toFixed(4)}, perfect ${perfect.ev.toFixed(4)}`);
      expect(gap(perfect, simulated), kind).toBeGreaterThan(4);
      expect(Math.abs(gap(simulated, byHand)), kind).toBeLessThan(3.5);
    }
  });

  it('the sources of a small model add up to the whole model within the noise', () => {
    const model: PlayerModel = { mistakeRate: { hard: 0.05, soft: 0.08, pair: 0.04 }, runningCountErrors: [-2, -1, 0, 1, 2] };
    const sources = errorSources(model);
    expect(sources.map((p) => p.source)).toEqual(['hard', 'soft', 'pair', 'count']);
    const seed = 17;
    const perfect = run(null, {}, seed);
    const whole = run(model, {}, seed);
    const parts = sources.map((p) => run(p.model, {}, seed));
    const sum = parts.reduce((a, r) => a + (perfect.ev - r.ev), 0);
    const se = Math.hypot(...parts.map((r) => r.evStdErr), whole.evStdErr);
    console.log(`cost: whole ${(perfect.ev - whole.ev).toFixed(4)}, sum of parts ${sum.toFixed(4)} (± ${se.toFixed(4)})`);
    expect(Math.abs(perfect.ev - whole.ev - sum)).toBeLessThan(3 * se);
  });

  it('the graded record prices each kind: the mean EV given away per decision, as a share of the stake', () => {
    const e = estimatePlayer(
      [
        { hand: [10, 6], chosen: 'stand', best: 'hit', evCost: 2, bet: 20 },
        { hand: [10, 2], chosen: 'hit', best: 'hit', evCost: 0, bet: 20 },
        { hand: [8, 8], chosen: 'split', best: 'split', evCost: 0, bet: 10 },
      ],
      [],
    );
    expect(e.decisions.hard.costPerDecision).toBeCloseTo(0.05, 12);
    expect(e.decisions.pair.costPerDecision).toBe(0);
    expect(e.decisions.soft.costPerDecision).toBeNull();
  });

  it('refuses rates outside 0..1 and absurd count errors', () => {
    expect(() => buildPlan({ rules, player: { mistakeRate: { hard: 1.5, soft: 0, pair: 0 }, runningCountErrors: [] } })).toThrow(/hard hands must be 0..1/);
    expect(() => buildPlan({ rules, player: { mistakeRate: { hard: 0, soft: 0, pair: 0 }, runningCountErrors: [5000] } })).toThrow(/±1000/);
  });
});

describe('estimatePlayer', () => {
  it('rates per kind of hand, insurance left out, count error RMS', () => {
    const e = estimatePlayer(
      [
        { hand: [10, 6], chosen: 'stand', best: 'hit' },
        { hand: [10, 2], chosen: 'hit', best: 'hit' },
        { hand: [1, 7], chosen: 'stand', best: 'double' },
        { hand: [8, 8], chosen: 'split', best: 'split' },
        { hand: [10, 6], chosen: 'insure', best: 'noInsurance' },
      ],
      [
        { expected: 4, answered: 7 },
        { expected: -2, answered: -2 },
        { expected: 0, answered: -4 },
      ],
    );
    expect(e.model.mistakeRate).toEqual({ hard: 0.5, soft: 1, pair: 0 });
    expect(e.decisions).toEqual({ hard: { seen: 2, wrong: 1, costPerDecision: null }, soft: { seen: 1, wrong: 1, costPerDecision: null }, pair: { seen: 1, wrong: 0, costPerDecision: null } });
    expect(e.model.runningCountErrors).toEqual([3, 0, -4]);
    expect(e.countErrorRms).toBeCloseTo(Math.sqrt(25 / 3), 12);
    expect([handKind([1, 1]), handKind([1, 6, 10]), handKind([1, 5])]).toEqual(['pair', 'hard', 'soft']);
  });
});
