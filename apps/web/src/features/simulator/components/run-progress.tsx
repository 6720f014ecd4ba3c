// The run in progress: a progress bar with rounds per second and time left, and Cancel.
import type { RunProgress as Progress } from '../hooks/use-sim-runner.ts';
import { fmtDuration, fmtInt, fmtRate } from '../model/format-sim.ts';

export function RunProgress({ progress, onCancel }: { progress: Progress; onCancel: () => void }) {
  const share = progress.rounds_total > 0 ? Math.min(1, progress.rounds_done / progress.rounds_total) : 0;
  return (
    <section aria-label="Simulation in progress" className="rounded-xl bg-slate-900/70 p-4 ring-1 ring-emerald-500/30">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-100">{progress.phase === 'mine' ? 'Simulating your game…' : 'Simulating…'}</h2>
        <span className="text-2xl font-bold text-emerald-300 tabular-nums">{Math.floor(share * 100)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Rounds played"
        aria-valuemin={0}
        aria-valuemax={progress.rounds_total}
        aria-valuenow={progress.rounds_done}
        aria-valuetext={`${fmtInt(progress.rounds_done)} of ${fmtInt(progress.rounds_total)} rounds`}
        className="h-3 overflow-hidden rounded-full bg-slate-800"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-emerald-500 to-teal-300 transition-[width] duration-150" style={{ width: `${share * 100}%` }} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-xs text-slate-400 tabular-nums">
        <span data-testid="sim-progress-rounds">
          {fmtInt(progress.rounds_done)} / {fmtInt(progress.rounds_total)} rounds
        </span>
        <span data-testid="sim-progress-rate">{fmtRate(progress.roundsPerSecond)}</span>
        <span>{fmtDuration(progress.timeLeft_s)} left</span>
        <button type="button" onClick={onCancel} className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-semibold text-slate-100 ring-1 ring-slate-600 hover:bg-rose-600 hover:ring-rose-500">
          Cancel
        </button>
      </div>
    </section>
  );
}
