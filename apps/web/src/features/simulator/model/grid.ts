// The Compare tab's grid (issue 38): spreads x penetrations x the dealer's soft 17, one run per
// cell with the form's other settings and seed, expanded and ranked by the engine's own grid
// (gridCells, bestCell) so the screen and `bj simulate --grid` agree cell for cell. Exports in
// the CLI's JSON shape ({ cells: [{ params, ...figures }] }) and as CSV.
import { bestCell, gridCells, type GridParams, type SimResult } from '@card-counter/engine';
import type { SimSettings } from '@card-counter/shared';
import { RAMP_PRESETS } from './settings.ts';

export interface GridAxes {
  /** Ramp names: RAMP_PRESETS keys, or 'Current' for the form's own ramp. */
  spreads: string[];
  /** Penetrations in percent (75 = shufflePoint 0.25). */
  penetrations: number[];
  /** The dealer's soft 17: stands, hits, or both. */
  soft17: ('s17' | 'h17')[];
}

export interface GridCell {
  params: GridParams;
  label: string;
  settings: SimSettings;
}

export interface GridCellResult extends GridCell {
  result: SimResult;
}

/** Penetrations as typed ("75, 83"): whole or decimal percents 10..100, or null when one is not. */
export function parsePenetrations(text: string): number[] | null {
  const parts = text.split(/[,\s]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const out = parts.map(Number);
  return out.every((p) => Number.isFinite(p) && p >= 10 && p <= 100) ? [...new Set(out)] : null;
}

const spreadOf = (name: string, s: SimSettings): Record<string, number> => (name === 'Current' ? s.spread : { ...(RAMP_PRESETS[name] ?? s.spread) });

export function gridOf(base: SimSettings, axes: GridAxes): GridCell[] {
  const spec: Record<string, unknown[]> = {};
  if (axes.spreads.length > 0) spec.spread = axes.spreads;
  if (axes.penetrations.length > 0) spec['rules.shufflePoint'] = axes.penetrations.map((p) => Math.round((1 - p / 100) * 1000) / 1000);
  if (axes.soft17.length > 0) spec['rules.dealerStandsSoft17'] = axes.soft17.map((x) => x === 's17');
  if (Object.keys(spec).length === 0) return [];
  return gridCells(spec).map((params) => {
    const rules = { ...base.rules };
    const labels: string[] = [];
    let spread = base.spread;
    for (const [k, v] of Object.entries(params)) {
      if (k === 'spread') {
        spread = spreadOf(String(v), base);
        labels.push(String(v) === 'Current' ? 'current ramp' : `ramp ${String(v)}`);
      } else if (k === 'rules.shufflePoint') {
        rules.shufflePoint = v as number;
        labels.push(`${Math.round((1 - (v as number)) * 1000) / 10}% pen`);
      } else if (k === 'rules.dealerStandsSoft17') {
        rules.dealerStandsSoft17 = v as boolean;
        labels.push(v ? 'S17' : 'H17');
      }
    }
    // The exported params are the engine's options, as bj simulate --grid takes them.
    const exported = { ...params, ...(params.spread !== undefined ? { spread } : {}) };
    return { params: exported, label: labels.join(' · '), settings: { ...base, rules, spread } };
  });
}

export const bestOf = (cells: readonly GridCellResult[]): number | null => bestCell(cells.map((c) => c.result));

export function gridToJson(cells: readonly GridCellResult[]): string {
  return `${JSON.stringify({ exported: new Date().toISOString(), bestByScore: bestOf(cells), cells: cells.map((c) => ({ params: c.params, label: c.label, ...c.result })) }, null, 2)}\n`;
}

const HEAD = ['cell', 'params', 'rounds', 'ev_units', 'ev_se_units', 'ev_per_100_units', 'ev_per_100_se_units', 'sd_units', 'sd_se_units', 'score', 'score_se', 'n0', 'n0_se', 'ror_closed_form', 'best'];

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function gridToCsv(cells: readonly GridCellResult[]): string {
  const best = bestOf(cells);
  const lines = [HEAD.join(',')];
  cells.forEach((c, i) => {
    const r = c.result;
    lines.push([c.label, JSON.stringify(c.params), r.rounds, r.ev, r.evStdErr, r.evPer100, r.evPer100StdErr, r.sd, r.sdStdErr, r.score, r.scoreStdErr, r.n0, r.n0StdErr, r.riskOfRuin?.closedForm, i === best ? 'yes' : ''].map(csvCell).join(','));
  });
  return `${lines.join('\n')}\n`;
}
