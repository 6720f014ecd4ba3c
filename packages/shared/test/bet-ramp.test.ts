// The bet ramp's contract (decision record 0030): its bounds are the engine's, and each refusal
// names its stable code.
import { BET_RAMP_LIMITS, BET_RAMP_PRESETS, betRampProblem } from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import { TABLE_LIMITS } from '../src/table-limits.ts';
import { BET_RAMP_BOUNDS, BetRampSchema } from '../src/table-training.ts';

describe('the bet ramp schema', () => {
  it("has the engine's bounds and the table's bet limits for a unit", () => {
    expect({ steps_max: BET_RAMP_BOUNDS.steps_max, tc_min: BET_RAMP_BOUNDS.tc_min, tc_max: BET_RAMP_BOUNDS.tc_max, units_max: BET_RAMP_BOUNDS.units_max }).toEqual(BET_RAMP_LIMITS);
    expect([BET_RAMP_BOUNDS.unitCredits_min, BET_RAMP_BOUNDS.unitCredits_max]).toEqual([TABLE_LIMITS.minBet, TABLE_LIMITS.maxBet]);
  });

  it('accepts every preset, as the engine does', () => {
    for (const steps of Object.values(BET_RAMP_PRESETS)) {
      expect(BetRampSchema.safeParse({ unit_credits: 25, steps }).success).toBe(true);
      expect(betRampProblem(steps)).toBeNull();
    }
  });

  it('refuses what the engine refuses, naming the same code', () => {
    const cases = [
      [{ tc: 1, units: 1 }, { tc: 1, units: 2 }],
      [{ tc: -21, units: 1 }],
      [{ tc: 0, units: -0.5 }],
      [],
    ];
    for (const steps of cases) {
      const code = betRampProblem(steps);
      const parsed = BetRampSchema.safeParse({ unit_credits: 25, steps });
      expect(code).not.toBeNull();
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message).join(' ')).toContain(code);
    }
  });
});
