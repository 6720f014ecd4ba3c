// "Simulate my game": the player's mistakes and count errors in the simulator's loop.
import { describe, expect, it } from 'vitest';
import { buildPlan, estimatePlayer, handKind, parseRules, simulatePlan, type PlayerModel, type SimResult } from '../src/index.ts';
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
    expect(e.decisions).toEqual({ hard: { seen: 2, wrong: 1 }, soft: { seen: 1, wrong: 1 }, pair: { seen: 1, wrong: 0 } });
    expect(e.model.runningCountErrors).toEqual([3, 0, -4]);
    expect(e.countErrorRms).toBeCloseTo(Math.sqrt(25 / 3), 12);
    expect([handKind([1, 1]), handKind([1, 6, 10]), handKind([1, 5])]).toEqual(['pair', 'hard', 'soft']);
  });
});
