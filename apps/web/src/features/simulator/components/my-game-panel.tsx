// "Simulate my game": the player's own mistakes, from their record at the table, played beside
// the perfect game in the same run, so they see what the mistakes cost.
import type { PlayerEstimate } from '@card-counter/engine';
import { fmtInt, fmtNum, fmtPlainPct } from '../model/format-sim.ts';
import { MY_GAME_MIN_DECISIONS } from '../model/settings.ts';

export interface MyGamePanelProps {
  estimate: PlayerEstimate | undefined;
  loading: boolean;
  error: string | null;
  enabled: boolean;
  onToggle: (on: boolean) => void;
}

const KIND_LABELS = { hard: 'Hard hands', soft: 'Soft hands', pair: 'Pairs' } as const;


export function MyGamePanel({ estimate, loading, error, enabled, onToggle }: MyGamePanelProps) {
  const d = estimate?.decisions;
  const seen = d ? d.hard.seen + d.soft.seen + d.pair.seen : 0;
  const ready = seen >= MY_GAME_MIN_DECISIONS;
  return (
    <section aria-label="Simulate my game" className="rounded-xl bg-gradient-to-br from-pink-950/40 to-slate-900/70 p-4 ring-1 ring-pink-400/30">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-slate-100">Simulate my game</h2>
          <p className="mt-1 text-xs text-slate-400">Your own play from the table: how often you leave the right play, by kind of hand, and how far your running count drifts at count checks, simulated beside the perfect game.</p>
        </div>
        <label className={`flex shrink-0 items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold ${ready ? 'text-pink-200' : 'text-slate-400'}`}>
          <input type="checkbox" className="h-4 w-4 accent-pink-400" checked={enabled && ready} disabled={!ready} onChange={(e) => onToggle(e.target.checked)} />
          Run my game too
        </label>
      </div>
      {loading && <p className="mt-3 text-xs text-slate-400">Reading your record…</p>}
      {error && (
        <p className="mt-3 text-xs text-slate-400">
          Your table record is not available yet ({error}).
        </p>
      )}
      {estimate && (
        <dl className="mt-3 grid grid-cols-2 gap-2 text-xs sm:grid-cols-4 lg:grid-cols-2">
          {(['hard', 'soft', 'pair'] as const).map((k) => (
            <div key={k} className="rounded-lg bg-slate-950/50 p-2 ring-1 ring-slate-800">
              <dt className="text-slate-400">{KIND_LABELS[k]}</dt>
              <dd className="text-base font-bold text-slate-100 tabular-nums">{fmtPlainPct(estimate.model.mistakeRate[k], 1)}</dd>
              <dd className="text-slate-400 tabular-nums">
                {fmtInt(estimate.decisions[k].wrong)} wrong of {fmtInt(estimate.decisions[k].seen)}
              </dd>
            </div>
          ))}
          <div className="rounded-lg bg-slate-950/50 p-2 ring-1 ring-slate-800">
            <dt className="text-slate-400">Count drift</dt>
            <dd className="text-base font-bold text-slate-100 tabular-nums">±{fmtNum(estimate.countErrorRms, 1)}</dd>
            <dd className="text-slate-400 tabular-nums">RMS over {fmtInt(estimate.countChecks)} checks</dd>
          </div>
        </dl>
      )}
      {estimate && !ready && <p className="mt-3 text-xs text-slate-400">Play at least {MY_GAME_MIN_DECISIONS} decisions at the table (you have {seen}) and your game can be simulated.</p>}
    </section>
  );
}
