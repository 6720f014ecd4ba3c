// The table's bet ramp choices (decision record 0030): the presets, the simulator's ramps kept
// in this browser by the simulator, and the player's own steps checked before the server sees them.
import { afterEach, describe, expect, it } from 'vitest';
import { keepSimRamp } from '@/shared/table-settings/sim-ramps.ts';
import { DEFAULT_UNIT_credits, presetOf, rampBetAt, rampDraftProblem, rampUnitProblem, stepsFrom } from '@/features/game/model/bet-ramp.ts';
import { DEFAULT_RULES, isBetPayable } from '@card-counter/engine';

afterEach(() => window.localStorage.clear());

describe('the bet ramp', () => {
  it('a preset reads back as that preset, and bets by the count', () => {
    const steps = stepsFrom('1-8');
    expect(steps).not.toBeNull();
    expect(presetOf(steps ?? [])).toBe('1-8');
    const ramp = { unit_credits: 25, steps: steps ?? [] };
    expect([-3, 0, 2, 3, 4, 7].map((tc) => rampBetAt(ramp, tc).credits)).toEqual([25, 25, 50, 100, 200, 200]);
  });

  it("takes the simulator's last ramp and optimal ramp once the simulator kept them", () => {
    expect(stepsFrom('sim')).toBeNull();
    keepSimRamp('ramp', { '-inf': 1, '2': 4 });
    keepSimRamp('optimal', { '-inf': 1, '1': 3, '3': 10 });
    expect(stepsFrom('sim')).toEqual([{ tc: 0, units: 1 }, { tc: 2, units: 4 }]);
    expect(stepsFrom('simOptimal')).toEqual([{ tc: 0, units: 1 }, { tc: 1, units: 3 }, { tc: 3, units: 10 }]);
    expect(presetOf(stepsFrom('sim') ?? [])).toBeNull();
  });

  it("says what is wrong with the player's own steps", () => {
    expect(rampDraftProblem({ unit_credits: 25, steps: [{ tc: 1, units: 1 }, { tc: 1, units: 2 }] })).toBe('True count +1 is listed twice.');
    expect(rampDraftProblem({ unit_credits: 5, steps: [{ tc: 1, units: 1 }] })).toBe("A unit is 10 to 5,000 credits (the table's bet limits), in whole credits.");
    expect(rampDraftProblem({ unit_credits: 25, steps: [{ tc: 1, units: 0.3 }] })).toBe('Units are 0 to 200, in halves.');
    expect(rampDraftProblem({ unit_credits: 25, steps: [{ tc: 0, units: 2 }, { tc: 3, units: 0 }] })).toBeNull();
  });

  it("follows the table's step (decision record 0045): a unit off it is refused with the nearest, a saved one is kept and its bets shown at the step", () => {
    const threeTwo = { ...DEFAULT_RULES };
    const sixFive = { ...DEFAULT_RULES, blackjackPays: 1.2 };
    expect(rampUnitProblem(threeTwo, 25)).toBe('A unit of 25 credits is not a bet this table can pay exactly: bets go in steps of 2 credits. Try 24 or 26.');
    expect(rampUnitProblem(sixFive, 25)).toBe('A unit of 25 credits is not a bet this table can pay exactly: bets go in steps of 10 credits. Try 20 or 30.');
    expect(rampUnitProblem(threeTwo, 24)).toBeNull();
    const saved = { unit_credits: 25, steps: [{ tc: 0, units: 1 }, { tc: 2, units: 3 }] };
    expect(rampBetAt(saved, 0, threeTwo)).toEqual({ units: 1, credits: 26, rounded: true });
    expect(rampBetAt(saved, 2, sixFive)).toEqual({ units: 3, credits: 80, rounded: true });
    expect(rampBetAt(saved, 2)).toEqual({ units: 3, credits: 75, rounded: false });
    // A new ramp's unit, and its half, are bets every payout the settings offer pays exactly.
    for (const blackjackPays of [1, 1.2, 1.5])
      for (const surrenderAllowed of [false, true]) expect(isBetPayable({ ...DEFAULT_RULES, blackjackPays, surrenderAllowed, insuranceAllowed: true }, DEFAULT_UNIT_credits / 2)).toBe(true);
  });
});
