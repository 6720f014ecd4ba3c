// The Compare tab's grid (issue 38): the cells bj simulate --grid would run, in its order, each
// cell's settings the form's with the cell's values, the best SCORE only among cells with an edge.
import { describe, expect, it } from 'vitest';
import { defaultSettings, RAMP_PRESETS } from '@/features/simulator/model/settings.ts';
import { bestOf, gridOf, gridToCsv, gridToJson, parsePenetrations, type GridCellResult } from '@/features/simulator/model/grid.ts';

describe('the Compare grid', () => {
  it('2 ramps x 2 penetrations: four cells, the first option slowest, the form for the rest', () => {
    const base = { ...defaultSettings(), seed: 9, rounds: 123_456 };
    const cells = gridOf(base, { spreads: ['1-8', '1-12'], penetrations: [75, 83], soft17: [] });
    expect(cells.map((c) => c.label)).toEqual(['ramp 1-8 · 75% pen', 'ramp 1-8 · 83% pen', 'ramp 1-12 · 75% pen', 'ramp 1-12 · 83% pen']);
    expect(cells[1]?.settings.rules.shufflePoint).toBe(0.17);
    expect(cells[2]?.settings.spread).toEqual(RAMP_PRESETS['1-12']);
    expect(cells[3]?.params).toEqual({ spread: RAMP_PRESETS['1-12'], 'rules.shufflePoint': 0.17 });
    for (const c of cells) expect({ seed: c.settings.seed, rounds: c.settings.rounds, count: c.settings.count }).toEqual({ seed: 9, rounds: 123_456, count: 'hi-lo' });
    expect(gridOf(base, { spreads: [], penetrations: [], soft17: ['s17', 'h17'] }).map((c) => c.settings.rules.dealerStandsSoft17)).toEqual([true, false]);
  });

  it('reads penetrations as typed and refuses what is not one', () => {
    expect(parsePenetrations('75, 83 87.5')).toEqual([75, 83, 87.5]);
    expect(parsePenetrations('75, 5')).toBeNull();
    expect(parsePenetrations('')).toBeNull();
  });

  it('marks the best SCORE among cells with an edge and exports it', () => {
    const cell = (label: string, ev: number, score: number) => ({ label, params: { x: label }, settings: defaultSettings(), result: { ev, score, scoreStdErr: 1, rounds: 1, evStdErr: 0, evPer100: 0, evPer100StdErr: 0, sd: 1, sdStdErr: 0, n0: 1, n0StdErr: 0, riskOfRuin: null } }) as unknown as GridCellResult;
    const cells = [cell('a', 0.01, 10), cell('b', -0.01, 99), cell('c', 0.02, 20)];
    expect(bestOf(cells)).toBe(2);
    const csv = gridToCsv(cells).trim().split('\n');
    expect(csv[0]).toBe('cell,params,rounds,ev_units,ev_se_units,ev_per_100_units,ev_per_100_se_units,sd_units,sd_se_units,score,score_se,n0,n0_se,ror_closed_form,best');
    expect(csv[3]?.endsWith(',yes')).toBe(true);
    const json = JSON.parse(gridToJson(cells)) as { bestByScore: number; cells: { params: unknown; score: number }[] };
    expect(json.bestByScore).toBe(2);
    expect(json.cells[1]).toMatchObject({ params: { x: 'b' }, score: 99 });
  });
});
