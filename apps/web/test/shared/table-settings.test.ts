import { DEFAULT_RULES } from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTING, readLocalTableSettings, TABLE_BET_RAMP_KEY, tableStorageKey } from '@/shared/table-settings/table-settings.ts';

describe('the table settings the trainer reads', () => {
  it("reads the rules and count from the player's stored table and the index-plays switch from the table prefs", () => {
    window.localStorage.setItem(
      tableStorageKey('guest-7'),
      JSON.stringify({
        version: 3,
        state: {
          config: { ...DEFAULT_RULES, numDecks: 2, dealerStandsSoft17: false },
          counting: { system: 'wong-halves', resolution: 'full', rounding: 'round' },
        },
      }),
    );
    window.localStorage.setItem('card-counter:table-prefs', JSON.stringify({ indexPlays: true }));
    const s = readLocalTableSettings('guest-7');
    expect(s.rules).toMatchObject({ numDecks: 2, dealerStandsSoft17: false });
    expect(s.counting).toEqual({ system: 'wong-halves', resolution: 'full', rounding: 'round' });
    expect(s.indexPlays).toBe(true);
    // Another player's table is not read.
    expect(readLocalTableSettings('guest-8').rules).toEqual(DEFAULT_RULES);
  });

  it('falls back to the defaults for a table that does not parse', () => {
    window.localStorage.setItem(tableStorageKey('p'), JSON.stringify({ state: { config: { numDecks: 99 }, counting: { system: 'nope' } } }));
    expect(readLocalTableSettings('p')).toEqual({ rules: { ...DEFAULT_RULES }, counting: DEFAULT_COUNTING, indexPlays: false, betRamp: null });
    window.localStorage.setItem(tableStorageKey('q'), '{not json');
    expect(readLocalTableSettings('q').counting).toEqual(DEFAULT_COUNTING);
  });

  it("reads the local table's bet ramp for the simulator's Use my table; a broken one reads as none", () => {
    const ramp = { unit_credits: 20, steps: [{ tc: 0, units: 1 }, { tc: 2, units: 4 }] };
    window.localStorage.setItem(TABLE_BET_RAMP_KEY, JSON.stringify({ betRamp: ramp, showRampBet: true }));
    expect(readLocalTableSettings('r').betRamp).toEqual(ramp);
    window.localStorage.setItem(TABLE_BET_RAMP_KEY, JSON.stringify({ betRamp: { unit_credits: 20, steps: [] } }));
    expect(readLocalTableSettings('r').betRamp).toBeNull();
  });

  it("keeps a stored custom count that passes the checks; a broken one reads as the default count", () => {
    const custom = { tags: { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0.5, 8: 0, 9: 0, T: -1 }, irc: -2, key: 1, pivot: 0 };
    const store = (owner: string, counting: unknown) =>
      window.localStorage.setItem(tableStorageKey(owner), JSON.stringify({ state: { config: DEFAULT_RULES, counting } }));
    store('c1', { system: 'custom', custom, resolution: 'half', rounding: 'floor' });
    expect(readLocalTableSettings('c1').counting).toEqual({ system: 'custom', custom, resolution: 'half', rounding: 'floor' });
    store('c2', { system: 'custom', custom: { ...custom, irc: undefined }, resolution: 'half', rounding: 'floor' });
    expect(readLocalTableSettings('c2').counting).toEqual({ ...DEFAULT_COUNTING, resolution: 'half', rounding: 'floor' });
  });
});
