// "Use my table" plays the table's full index set (issue 37): the player's chosen set, else the
// fleet's; a set being generated keeps the named plays and says so; the plan plays what was filled,
// and an edited index changes the simulator's result (same seed).
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, INSURANCE_INDEX, buildPlan, indexPlays, publishedSetOf, runPlan } from '@card-counter/engine';
import { SimSettingsSchema, type PlayerIndexSet } from '@card-counter/shared';
import { settingsFromTable } from '@/features/simulator/model/from-table.ts';
import { defaultSettings, planOptionsOf, validateSettings } from '@/features/simulator/model/settings.ts';
import { indexSetLine, withTableIndexSet } from '@/features/simulator/model/table-index-set.ts';
import { settingsLine } from '@/features/simulator/model/format-sim.ts';

const PUBLISHED = publishedSetOf(indexPlays(DEFAULT_RULES), INSURANCE_INDEX);
const table = {
  rules: DEFAULT_RULES,
  counting: { system: 'zen' as const, resolution: 'half' as const, rounding: 'floor' as const },
  indexPlays: true,
  betRamp: null,
};
const mine: PlayerIndexSet = { name: 'Mine', count: 'zen', rules: {}, resolution: 'half', rounding: 'floor', plays: [...PUBLISHED.plays], insurance: 3, chosen: true };

describe('Use my table: the index set', () => {
  it("fills the player's chosen set, labelled, and the plan plays it as fullSet", () => {
    const r = withTableIndexSet(settingsFromTable(table, defaultSettings()), { status: 'player', set: mine });
    expect(r.settings.indexSet).toEqual({ label: 'Zen, your set "Mine"', plays: mine.plays, insurance: 3 });
    expect(r.settings.insurance).toBe('index');
    expect(indexSetLine(r.settings)).toBe(`Zen, your set "Mine", ${mine.plays.length} plays`);
    expect(settingsLine(r.settings)).toContain(`index set Zen, your set "Mine" (${mine.plays.length} plays)`);
    // Zen with a full set: none of the named plays' Hi-Lo checks.
    expect(validateSettings(r.settings)).toEqual({});
    expect(SimSettingsSchema.safeParse(r.settings).success).toBe(true);
    const plan = planOptionsOf(r.settings);
    expect(plan.fullSet).toEqual({ plays: mine.plays, insurance: 3 });
    expect(plan.indices).toBe('none');
    expect(plan.insuranceByIndex).toBe(true);
    expect(() => buildPlan(plan)).not.toThrow();
  });

  it("fills the fleet's set when the player has none chosen; a 202 keeps the named plays and says so", () => {
    const hiLo = { ...table, counting: { ...table.counting, system: 'hi-lo' as const } };
    const fleet = withTableIndexSet(settingsFromTable(hiLo, defaultSettings()), { status: 'fleet', set: { ...PUBLISHED, plays: [...PUBLISHED.plays], source: 'generated', subsets: [] } });
    expect(fleet.settings.indexSet?.label).toBe('Hi-Lo full set, generated for these rules');
    const generating = withTableIndexSet(settingsFromTable(hiLo, { ...defaultSettings(), indexSet: fleet.settings.indexSet! }), { status: 'generating', progress: 0.42 });
    expect(generating.settings.indexSet).toBeUndefined();
    expect(generating.settings.indices).toBe('i18+fab4');
    expect(indexSetLine(generating.settings)).toBe('Illustrious 18 + Fab 4');
    expect(generating.notes.at(-1)).toMatch(/still being generated \(42%\): the simulator plays the Illustrious 18 \+ Fab 4/);
    const failed = withTableIndexSet(settingsFromTable(hiLo, defaultSettings()), { status: 'failed', message: 'sign in to play a full index set' });
    expect(failed.notes.at(-1)).toMatch(/could not be read \(sign in/);
    // A table without index plays plays none, and drops a set the form held.
    const off = settingsFromTable({ ...hiLo, indexPlays: false }, fleet.settings);
    expect(withTableIndexSet(off, null).settings.indexSet).toBeUndefined();
    expect(indexSetLine(off.settings)).toBe('none');
  });

  it('refuses a set over the contract bound in the schema', () => {
    const big = { ...defaultSettings(), indexSet: { label: 'x', plays: Array.from({ length: 601 }, () => PUBLISHED.plays[0]!), insurance: null } };
    expect(SimSettingsSchema.safeParse(big).success).toBe(false);
  });

  it("a player's edited index changes the simulator's result (same seed)", async () => {
    const base = withTableIndexSet(settingsFromTable({ ...table, counting: { ...table.counting, system: 'hi-lo' } }, defaultSettings()), { status: 'player', set: { ...mine, count: 'hi-lo' } }).settings;
    // 16 v 10 moved from standing at +0 to standing at -20 and up: it always stands.
    const plays = base.indexSet!.plays.map((p) => (p.hand === '16' && p.up === '10' ? { ...p, index: -20 } : p));
    expect(plays).not.toEqual(base.indexSet!.plays);
    const edited = { ...base, indexSet: { ...base.indexSet!, plays } };
    const o = { seed: 7, rounds: 30_000 };
    const [a, b, again] = await Promise.all([runPlan(buildPlan(planOptionsOf(base)), o), runPlan(buildPlan(planOptionsOf(edited)), o), runPlan(buildPlan(planOptionsOf(base)), o)]);
    expect(again.ev).toBe(a.ev);
    expect(b.ev).not.toBe(a.ev);
  }, 60_000);
});
