// The Compare tab (issue 38): a grid of runs, spreads x penetrations x the dealer's soft 17, each
// cell a whole run with the form's other settings and seed; a table and a chart of SCORE, EV, SD,
// N0 and risk of ruin with each figure's standard error, the best SCORE marked, CSV and JSON.
import { useState } from 'react';
import { CREDIT_COST_SIMULATOR_RUN, type SimSettings } from '@card-counter/shared';
import type { SimResult } from '@card-counter/engine';
import { download } from '@/shared/lib/download.ts';
import type { SimAccount } from '../api/sim-api.ts';
import { useGridRunner } from '../hooks/use-grid-runner.ts';
import { bestOf, gridOf, gridToCsv, gridToJson, parsePenetrations, type GridAxes, type GridCellResult } from '../model/grid.ts';
import { fmtInt, fmtNum, fmtPlainPct, fmtUnits } from '../model/format-sim.ts';
import { RAMP_PRESETS, validateSettings } from '../model/settings.ts';

type Figure = 'score' | 'evPer100' | 'sd' | 'n0' | 'ror';
const FIGURES: Record<Figure, { label: string; get: (r: SimResult) => number | null; se: (r: SimResult) => number | null; show: (x: number) => string }> = {
  score: { label: 'SCORE', get: (r) => (r.ev > 0 ? r.score : null), se: (r) => (r.ev > 0 ? r.scoreStdErr : null), show: (x) => fmtNum(x, 2) },
  evPer100: { label: 'EV / 100 (u)', get: (r) => r.evPer100, se: (r) => r.evPer100StdErr, show: (x) => fmtUnits(x, 2) },
  sd: { label: 'SD / round (u)', get: (r) => r.sd, se: (r) => r.sdStdErr, show: (x) => fmtNum(x, 3) },
  n0: { label: 'N0 (rounds)', get: (r) => (r.ev > 0 ? r.n0 : null), se: (r) => (r.ev > 0 ? r.n0StdErr : null), show: (x) => fmtInt(x) },
  ror: { label: 'Risk of ruin', get: (r) => r.riskOfRuin?.closedForm ?? null, se: () => null, show: (x) => fmtPlainPct(x, 1) },
};
const ORDER: Figure[] = ['score', 'evPer100', 'sd', 'n0', 'ror'];

const withSe = (x: number | null, se: number | null, show: (x: number) => string): string => (x === null ? '—' : se === null ? show(x) : `${show(x)} ± ${show(se)}`);

export function GridPanel({ settings, account, onCharged }: { settings: SimSettings; account: SimAccount | null; onCharged: (balance: number) => void }) {
  const grid = useGridRunner();
  const [spreads, setSpreads] = useState<string[]>(['1-8', '1-12']);
  const [penText, setPenText] = useState('75, 83');
  const [soft17, setSoft17] = useState<GridAxes['soft17']>([]);
  const penetrations = parsePenetrations(penText);
  const cells = penetrations ? gridOf(settings, { spreads, penetrations, soft17 }) : [];
  const formErrors = Object.keys(validateSettings(settings)).length > 0;
  const st = grid.state;
  const busy = st.status === 'running';
  const shown: GridCellResult[] = st.status === 'running' ? st.done : st.status === 'idle' ? [] : st.cells;
  const run = () => {
    if (account && cells.length > 0 && !busy) void grid.start(cells, account, onCharged);
  };
  return (
    <section aria-label="Compare a grid of runs" className="space-y-4 rounded-xl bg-slate-900/70 p-4 ring-1 ring-slate-800">
      <div>
        <h2 className="text-sm font-semibold text-slate-100">Compare: a grid of runs</h2>
        <p className="mt-1 text-xs text-slate-400">Every combination below is one run with the form's other settings and seed ({fmtInt(settings.rounds)} rounds each): the same cells as bj simulate --grid.</p>
      </div>
      <AxesForm spreads={spreads} setSpreads={setSpreads} penText={penText} setPenText={setPenText} penOk={penetrations !== null} soft17={soft17} setSoft17={setSoft17} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={run} disabled={busy || cells.length === 0 || formErrors || !account} className="rounded-lg bg-gradient-to-r from-emerald-500 to-teal-400 px-4 py-2 text-sm font-bold text-slate-950 disabled:cursor-not-allowed disabled:opacity-40">
          Run {cells.length} cell{cells.length === 1 ? '' : 's'} ({fmtInt(cells.length * CREDIT_COST_SIMULATOR_RUN)} credits)
        </button>
        {busy && (
          <>
            <p role="status" className="text-xs text-slate-300 tabular-nums">
              Cell {st.cell + 1} of {st.cells}: {fmtInt(st.rounds_done)} / {fmtInt(st.rounds_total)} rounds
            </p>
            <button type="button" onClick={grid.cancel} className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-semibold text-slate-100 ring-1 ring-slate-600 hover:bg-rose-600">
              Cancel
            </button>
          </>
        )}
        {formErrors && <p className="text-xs text-rose-300">Fix the marked fields of the form to run a grid.</p>}
        {st.status === 'cancelled' && <p role="status" className="text-xs text-slate-300">Grid cancelled: the cells finished are below.</p>}
        {st.status === 'error' && (
          <p role="alert" className="text-xs text-rose-300">
            {st.message}
          </p>
        )}
      </div>
      {shown.length > 0 && <GridResults cells={shown} complete={st.status === 'done'} />}
    </section>
  );
}

const toggle = <T,>(list: T[], x: T): T[] => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);

interface AxesProps {
  spreads: string[];
  setSpreads: (f: (s: string[]) => string[]) => void;
  penText: string;
  setPenText: (t: string) => void;
  penOk: boolean;
  soft17: GridAxes['soft17'];
  setSoft17: (f: (s: GridAxes['soft17']) => GridAxes['soft17']) => void;
}

/** The grid's axes: ramps, penetrations, the dealer's soft 17. */
function AxesForm({ spreads, setSpreads, penText, setPenText, penOk, soft17, setSoft17 }: AxesProps) {
  return (
      <div className="grid gap-3 sm:grid-cols-3">
      <fieldset className="min-w-0">
        <legend className="text-xs font-medium text-slate-400">Bet ramps</legend>
        {['Current', ...Object.keys(RAMP_PRESETS)].map((name) => (
          <label key={name} className="flex items-center gap-2 py-0.5 text-sm text-slate-200">
            <input type="checkbox" className="h-4 w-4 accent-emerald-500" checked={spreads.includes(name)} onChange={() => setSpreads((s) => toggle(s, name))} />
            {name === 'Current' ? 'The form’s ramp' : name}
          </label>
        ))}
      </fieldset>
      <div className="min-w-0">
        <label htmlFor="grid-pens" className="block text-xs font-medium text-slate-400">
          Penetrations (%)
        </label>
        <input id="grid-pens" value={penText} onChange={(e) => setPenText(e.target.value)} aria-invalid={penOk ? undefined : true} aria-describedby="grid-pens-hint" className="mt-1 w-full rounded-md bg-slate-900 px-2.5 py-1.5 text-sm text-slate-100 ring-1 ring-slate-700 focus:ring-2 focus:ring-emerald-400 focus:outline-none aria-[invalid=true]:ring-rose-400" />
        <p id="grid-pens-hint" className={`mt-1 text-[11px] ${penOk ? 'text-slate-400' : 'text-rose-300'}`}>
          {penOk ? 'Comma-separated, e.g. 75, 83' : 'Each a percent from 10 to 100, comma-separated.'}
        </p>
      </div>
      <fieldset className="min-w-0">
        <legend className="text-xs font-medium text-slate-400">Dealer soft 17 (none: the form’s)</legend>
        {(['s17', 'h17'] as const).map((x) => (
          <label key={x} className="flex items-center gap-2 py-0.5 text-sm text-slate-200">
            <input type="checkbox" className="h-4 w-4 accent-emerald-500" checked={soft17.includes(x)} onChange={() => setSoft17((s) => toggle(s, x))} />
            {x === 's17' ? 'Stands (S17)' : 'Hits (H17)'}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

function GridResults({ cells, complete }: { cells: GridCellResult[]; complete: boolean }) {
  const [figure, setFigure] = useState<Figure>('score');
  const best = bestOf(cells);
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
  return (
    <div className="space-y-4" data-testid="grid-results" data-complete={complete}>
      <div className="overflow-x-auto" role="region" aria-label="Grid figures" tabIndex={0}>
        <table className="w-full min-w-[36rem] text-right text-xs tabular-nums">
          <caption className="sr-only">Each cell's figures with their standard errors; the best SCORE is marked.</caption>
          <thead className="text-slate-400">
            <tr>
              <th scope="col" className="px-2 py-1.5 text-left">Cell</th>
              {ORDER.map((f) => (
                <th key={f} scope="col" className="px-2 py-1.5">
                  {FIGURES[f].label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cells.map((c, i) => (
              <tr key={c.label} className={`border-t border-slate-800 ${i === best ? 'bg-emerald-500/10 text-emerald-100' : 'text-slate-200'}`} data-testid={`grid-cell-${i}`}>
                <th scope="row" className="px-2 py-1 text-left font-medium">
                  {c.label}
                  {i === best && <span className="ml-2 rounded bg-emerald-500/25 px-1.5 py-0.5 text-[10px] font-bold text-emerald-200 uppercase">best</span>}
                </th>
                {ORDER.map((f) => (
                  <td key={f} className="px-2 py-1" data-testid={`grid-${f}-${i}`}>
                    {withSe(FIGURES[f].get(c.result), FIGURES[f].se(c.result), FIGURES[f].show)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="text-xs text-slate-400">
          Chart
          <select value={figure} onChange={(e) => setFigure(e.target.value as Figure)} className="ml-2 rounded-md bg-slate-900 px-2 py-1 text-sm text-slate-100 ring-1 ring-slate-700">
            {ORDER.map((f) => (
              <option key={f} value={f}>
                {FIGURES[f].label}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2">
          <button type="button" onClick={() => download(`simulator-grid-${stamp}.json`, gridToJson(cells), 'application/json')} className="rounded-md bg-slate-800 px-2.5 py-1 text-xs font-semibold text-slate-200 ring-1 ring-slate-600 hover:bg-slate-700">
            Export JSON
          </button>
          <button type="button" onClick={() => download(`simulator-grid-${stamp}.csv`, gridToCsv(cells), 'text/csv')} className="rounded-md bg-slate-800 px-2.5 py-1 text-xs font-semibold text-slate-200 ring-1 ring-slate-600 hover:bg-slate-700">
            Export CSV
          </button>
        </div>
      </div>
      <GridChart cells={cells} figure={figure} best={best} />
    </div>
  );
}

/** Bars of one figure per cell with ±1 SE whiskers (an SVG drawn here: a few bars need no chart library). */
function GridChart({ cells, figure, best }: { cells: GridCellResult[]; figure: Figure; best: number | null }) {
  const f = FIGURES[figure];
  const rows = cells.map((c) => ({ label: c.label, x: f.get(c.result), se: f.se(c.result) ?? 0 }));
  const values = rows.flatMap((r) => (r.x === null ? [] : [r.x - r.se, r.x + r.se, 0]));
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  const W = 100;
  const at = (x: number) => ((x - lo) / span) * W;
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-xs font-semibold text-slate-300">
        {f.label} by cell, ±1 standard error{figure === 'score' || figure === 'n0' ? ' (cells without an edge have none)' : ''}
      </figcaption>
      <div className="space-y-1.5">
        {rows.map((r, i) => (
          <div key={r.label} className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] items-center gap-2 text-[11px] text-slate-300">
            <span className="truncate">{r.label}</span>
            <svg viewBox={`0 0 ${W} 10`} preserveAspectRatio="none" className="h-4 w-full" role="img" aria-label={`${r.label}: ${r.x === null ? 'none' : withSe(r.x, f.se(cells[i]!.result), f.show)}`}>
              <line x1={at(0)} x2={at(0)} y1={0} y2={10} stroke="#475569" strokeWidth={0.4} />
              {r.x !== null && (
                <>
                  <rect x={Math.min(at(0), at(r.x))} y={2} width={Math.abs(at(r.x) - at(0))} height={6} fill={i === best ? '#34d399' : '#64748b'} />
                  <line x1={at(r.x - r.se)} x2={at(r.x + r.se)} y1={5} y2={5} stroke="#f8fafc" strokeWidth={0.6} />
                </>
              )}
            </svg>
          </div>
        ))}
      </div>
    </figure>
  );
}
