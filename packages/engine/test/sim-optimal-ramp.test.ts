import { describe, expect, it } from 'vitest';
import { buildPlan, optimalRamp, parseRules, simulatePlan, type TrueCountRow } from '../src/index.ts';

const row = (tc: number, evPerUnitBet: number, variance = 1.3, rounds = 100_000, avgBet = 1): TrueCountRow => ({
  tc,
  frequency: 0.1,
  rounds,
  ev: evPerUnitBet * avgBet,
  evStdErr: Math.sqrt((variance * avgBet * avgBet) / rounds),
  evPerUnitBet,
  avgBet,
});

describe('optimalRamp', () => {
  it('bets advantage / variance times 2B / -ln(risk), rounded to chips, minimum at no advantage', () => {
    // risk e^-2: the scale is exactly the bankroll.
    const r = optimalRamp({ perTrueCount: [row(-1, -0.01), row(0, -0.004), row(1, 0.002), row(2, 0.0078), row(3, 0.013)], bankroll_units: 1000, risk: Math.exp(-2), maxBet_units: 50 });
    expect(r.rows.map((x) => x.bet_units)).toEqual([1, 1, 2, 6, 10]);
    expect(r.rows[3]?.optimal_units).toBeCloseTo((1000 * 0.0078) / 1.3, 6);
    expect(r.spread).toEqual({ '-inf': 1, '1': 2, '2': 6, '3': 10 });
    expect(r.spreadRatio).toBe(10);
  });

  it('caps at the maximum, rounds to the chip size and never dips at a higher count', () => {
    const r = optimalRamp({ perTrueCount: [row(1, 0.004), row(2, 0.003), row(3, 0.05), row(4, 0.06)], bankroll_units: 1000, risk: Math.exp(-2), maxBet_units: 12, chip_units: 2 });
    // 1000·0.004/1.3 = 3.08 → 4 (chips of 2); 2.3 → 2 but not below the 4 before; then capped at 12.
    expect(r.rows.map((x) => x.bet_units)).toEqual([4, 4, 12, 12]);
  });

  it('gives counts too rarely seen the previous bet instead of a noisy one', () => {
    const r = optimalRamp({ perTrueCount: [row(2, 0.01), row(3, 0.5, 1.3, 10)], bankroll_units: 1000, risk: Math.exp(-2), maxBet_units: 100 });
    expect(r.rows.map((x) => x.bet_units)).toEqual([8, 8]);
  });

  it('refuses inputs it cannot size a ramp from', () => {
    const rows = [row(1, 0.01)];
    expect(() => optimalRamp({ perTrueCount: rows, bankroll_units: 0, risk: 0.05, maxBet_units: 8 })).toThrow(/bankroll/);
    expect(() => optimalRamp({ perTrueCount: rows, bankroll_units: 100, risk: 1, maxBet_units: 8 })).toThrow(/risk/);
    expect(() => optimalRamp({ perTrueCount: rows, bankroll_units: 100, risk: 0.05, maxBet_units: 0.5 })).toThrow(/maximum bet/);
    expect(() => optimalRamp({ perTrueCount: [], bankroll_units: 100, risk: 0.05, maxBet_units: 8 })).toThrow(/simulate first/);
  });

  it('from a real run: a rising ramp whose simulated closed-form risk is near the chosen one', () => {
    const rules = parseRules({});
    const flat = simulatePlan(buildPlan({ rules, indices: 'i18+fab4' }), 3, 400_000, 1 << 15);
    const ramp = optimalRamp({ perTrueCount: flat.perTrueCount, bankroll_units: 1000, risk: 0.1, maxBet_units: 40 });
    const bets = ramp.rows.filter((x) => x.tc >= 0 && x.tc <= 5).map((x) => x.bet_units);
    for (let i = 1; i < bets.length; i++) expect(bets[i]).toBeGreaterThanOrEqual(bets[i - 1] as number);
    expect(ramp.spreadRatio).toBeGreaterThan(4);
    const played = simulatePlan(buildPlan({ rules, indices: 'i18+fab4', spread: ramp.spread, bankroll_units: 1000 }), 4, 400_000, 1 << 15);
    // Min bets at negative counts and rounding move it, but it stays of the chosen order.
    expect(played.riskOfRuin?.closedForm).toBeGreaterThan(0.02);
    expect(played.riskOfRuin?.closedForm).toBeLessThan(0.4);
  });
});
