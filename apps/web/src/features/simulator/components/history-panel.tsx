// The player's runs (server for signed-in players, this browser for guests): open one, pick
// two to compare side by side, export them as JSON or CSV.
import type { SimRun } from '@card-counter/shared';
import { download } from '@/shared/lib/download.ts';
import { runsToCsv, runsToJson } from '../model/export.ts';
import { fmtInt, fmtNum, fmtUnits, settingsLine } from '../model/format-sim.ts';

export interface HistoryPanelProps {
  runs: readonly SimRun[];
  loading: boolean;
  error: string | null;
  openId: string | null;
  compare: readonly string[];
  onOpen: (run: SimRun) => void;
  onToggleCompare: (runId: string) => void;
}

export function HistoryPanel({ runs, loading, error, openId, compare, onOpen, onToggleCompare }: HistoryPanelProps) {
  const stamp = new Date().toISOString().slice(0, 10);
  return (
    <section aria-label="Your runs" className="rounded-xl bg-slate-900/70 p-4 ring-1 ring-slate-800">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-100">Your runs</h2>
        <div className="flex gap-2">
          <button type="button" disabled={runs.length === 0} onClick={() => download(`simulator-runs-${stamp}.json`, runsToJson(runs), 'application/json')} className="rounded-md bg-slate-800 px-2.5 py-1 text-xs font-semibold text-slate-200 ring-1 ring-slate-600 hover:bg-slate-700 disabled:opacity-40">
            Export JSON
          </button>
          <button type="button" disabled={runs.length === 0} onClick={() => download(`simulator-runs-${stamp}.csv`, runsToCsv(runs), 'text/csv')} className="rounded-md bg-slate-800 px-2.5 py-1 text-xs font-semibold text-slate-200 ring-1 ring-slate-600 hover:bg-slate-700 disabled:opacity-40">
            Export CSV
          </button>
        </div>
      </div>
      {loading && <p className="text-xs text-slate-400">Loading your runs…</p>}
      {error && (
        <p role="alert" className="text-xs text-rose-300">
          {error}
        </p>
      )}
      {!loading && runs.length === 0 && <p className="text-xs text-slate-400">Runs you make are kept here, with their inputs and results.</p>}
      <ul className="max-h-80 space-y-1.5 overflow-y-auto">
        {runs.map((run) => {
          const r = run.result;
          const picked = compare.includes(run.runId);
          return (
            <li key={run.runId} className={`flex items-center gap-2 rounded-lg px-2 py-1.5 ring-1 ${openId === run.runId ? 'bg-emerald-500/10 ring-emerald-500/40' : 'ring-slate-800'}`}>
              <input type="checkbox" aria-label={`Compare run of ${new Date(run.createdAt).toLocaleString('en-US')}`} checked={picked} disabled={!r || (!picked && compare.length >= 2)} onChange={() => onToggleCompare(run.runId)} className="h-4 w-4 shrink-0 accent-pink-400" />
              <button type="button" disabled={!r} onClick={() => onOpen(run)} className="min-w-0 flex-1 text-left disabled:cursor-default">
                <span className="block truncate text-xs text-slate-300">{settingsLine(run.settings)}</span>
                <span className="block text-[11px] text-slate-400 tabular-nums">
                  {new Date(run.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })} · {fmtInt(run.settings.rounds)} rounds
                  {r ? ` · EV/100 ${fmtUnits(Number(r.evPer100), 2)} u · SCORE ${fmtNum(Number(r.score), 1)}` : ' · no result (cancelled)'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
