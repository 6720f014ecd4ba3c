// "Use my table" (issue 38): every field the table has reaches the simulator's settings.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '@card-counter/engine';
import { defaultSettings } from '@/features/simulator/model/settings.ts';
import { settingsFromTable, spreadOfRamp } from '@/features/simulator/model/from-table.ts';
import { planOptionsOf, validateSettings } from '@/features/simulator/model/settings.ts';

const table = {
  rules: { ...DEFAULT_RULES, numDecks: 8, dealerStandsSoft17: false, numInitialHands: 2, otherPlayers: 3, otherPlayersErrorPct: 5, shufflePoint: 0.2, blackjackPays: 1.2 },
  counting: { system: 'hi-lo' as const, resolution: 'full' as const, rounding: 'truncate' as const },
  indexPlays: true,
  betRamp: { unit_credits: 20, steps: [{ tc: -1, units: 0 }, { tc: 1, units: 1 }, { tc: 2, units: 4 }, { tc: 4, units: 10 }] },
};

describe('Use my table', () => {
  it('fills the rules, spots, other players, count and convention, ramp, index plays and insurance', () => {
    const current = { ...defaultSettings(), rounds: 5_000_000, seed: 42 };
    const { settings, notes } = settingsFromTable(table, current);
    const { gameSpeed: _g, ...rules } = table.rules;
    expect(settings.rules).toEqual(rules);
    expect(settings.count).toBe('hi-lo');
    expect(settings.trueCount).toEqual({ resolution: 'full', rounding: 'truncate' });
    // Sitting out below +1 is wonging in at +1; the lowest bet holds below the next step.
    expect(settings.wongIn).toBe(1);
    expect(settings.spread).toEqual({ '-inf': 1, '2': 4, '4': 10 });
    expect(settings.indices).toBe('i18+fab4');
    expect(settings.insurance).toBe('index');
    // What the table has no setting for stays as the form had it.
    expect(settings.rounds).toBe(5_000_000);
    expect(settings.seed).toBe(42);
    expect(notes).toEqual([]);
    expect(validateSettings(settings)).toEqual({});
    const plan = planOptionsOf(settings);
    expect(plan.rules.otherPlayers).toBe(3);
    expect(plan.rules.numInitialHands).toBe(2);
  });

  it('says what it cannot carry over: no ramp, a ramp that sits out above a bet', () => {
    const { settings, notes } = settingsFromTable({ ...table, betRamp: null, indexPlays: false }, defaultSettings());
    expect(settings.spread).toEqual(defaultSettings().spread);
    expect(settings.indices).toBe('none');
    expect(settings.insurance).toBe('never');
    expect(notes[0]).toMatch(/no bet ramp/);
    const gap = spreadOfRamp({ unit_credits: 10, steps: [{ tc: 0, units: 1 }, { tc: 2, units: 0 }, { tc: 3, units: 6 }] });
    expect(gap.spread).toEqual({ '-inf': 1, '2': 1, '3': 6 });
    expect(gap.wongIn).toBeNull();
    expect(gap.notes[0]).toMatch(/sits out at \+2/);
  });
});
