// The table's bet ramp choices (decision record 0030): the presets, the simulator's ramps kept
// in this browser by the simulator, and the player's own steps checked before the server sees them.
import { afterEach, describe, expect, it } from 'vitest';
import { keepSimRamp } from '@/shared/table-settings/sim-ramps.ts';
import { presetOf, rampBetAt, rampDraftProblem, stepsFrom } from '@/features/game/model/bet-ramp.ts';

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
    expect(rampDraftProblem({ unit_credits: 5, steps: [{ tc: 1, units: 1 }] })).toBe('A unit is 10 to 5000 credits.');
    expect(rampDraftProblem({ unit_credits: 25, steps: [{ tc: 1, units: 0.3 }] })).toBe('Units are 0 to 200, in halves.');
    expect(rampDraftProblem({ unit_credits: 25, steps: [{ tc: 0, units: 2 }, { tc: 3, units: 0 }] })).toBeNull();
  });
});
