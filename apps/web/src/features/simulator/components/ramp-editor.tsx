// The bet ramp by true count: presets, one row per step ("below" = every count under the
// first step), add and remove steps, and a bar for each bet so the shape of the spread shows.
import { useId } from 'react';
import { RAMP_PRESETS } from '../model/settings.ts';

export interface RampEditorProps {
  spread: Record<string, number>;
  onChange: (spread: Record<string, number>) => void;
  error?: string | undefined;
}

/** Steps in count order, "-inf" first. */
export function rampSteps(spread: Record<string, number>): [string, number][] {
  return Object.entries(spread).sort(([a], [b]) => (a === '-inf' ? -Infinity : Number(a)) - (b === '-inf' ? -Infinity : Number(b)));
}

const sameRamp = (a: Record<string, number>, b: Readonly<Record<string, number>>): boolean => JSON.stringify(rampSteps(a)) === JSON.stringify(rampSteps({ ...b }));

export function RampEditor({ spread, onChange, error }: RampEditorProps) {
  const errorId = useId();
  const steps = rampSteps(spread);
  const max = Math.max(1, ...steps.map(([, u]) => (Number.isFinite(u) ? u : 0)));
  const counts = steps.filter(([k]) => k !== '-inf').map(([k]) => Number(k));
  const nextCount = counts.length === 0 ? 1 : Math.min(10, Math.max(...counts) + 1);
  const set = (key: string, units: number) => onChange({ ...spread, [key]: units });
  const remove = (key: string) => {
    const next = { ...spread };
    delete next[key];
    onChange(next);
  };
  const setKey = (from: string, to: number) => {
    if (!Number.isInteger(to) || String(to) === from || String(to) in spread) return;
    const next: Record<string, number> = {};
    for (const [k, v] of Object.entries(spread)) next[k === from ? String(to) : k] = v;
    onChange(next);
  };
  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined}>
      <legend className="sr-only">Bet ramp</legend>
      <RampPresets spread={spread} onChange={onChange} />
      <ul className="space-y-1.5">
        {steps.map(([key, units]) => (
          <RampStep key={key} step={key} units={units} max={max} onUnits={(u) => set(key, u)} onCount={(to) => setKey(key, to)} onRemove={() => remove(key)} />
        ))}
      </ul>
      <button
        type="button"
        onClick={() => set(String(nextCount), Math.max(...steps.map(([, u]) => (Number.isFinite(u) ? u : 1))) + 1)}
        disabled={String(nextCount) in spread}
        className="text-xs font-semibold text-emerald-300 hover:text-emerald-200 disabled:opacity-40"
      >
        + Add step at TC {nextCount >= 0 ? '+' : ''}
        {nextCount}
      </button>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-rose-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function RampPresets({ spread, onChange }: Pick<RampEditorProps, 'spread' | 'onChange'>) {
  return (
    <div className="flex flex-wrap gap-1.5" role="group" aria-label="Ramp presets">
      {Object.entries(RAMP_PRESETS).map(([name, preset]) => {
        const on = sameRamp(spread, preset);
        return (
          <button
            key={name}
            type="button"
            aria-pressed={on}
            onClick={() => onChange({ ...preset })}
            className={`rounded-full px-3 py-1 text-xs font-semibold ring-1 transition ${on ? 'bg-emerald-500 text-slate-950 ring-emerald-400' : 'bg-slate-800 text-slate-200 ring-slate-600 hover:bg-slate-700'}`}
          >
            {name}
          </button>
        );
      })}
    </div>
  );
}

/** One step of the ramp: its true count ("below" for the first), its units and their bar, and its remove button. */
function RampStep(props: { step: string; units: number; max: number; onUnits: (units: number) => void; onCount: (to: number) => void; onRemove: () => void }) {
  const { step: key, units, max } = props;
  return (
    <li className="grid grid-cols-[5.5rem_4.5rem_1fr_2rem] items-center gap-2">
      {key === '-inf' ? (
        <span className="text-xs text-slate-400">below</span>
      ) : (
        <label className="flex items-center gap-1 text-xs text-slate-400">
          TC ≥
          <input
            type="number"
            aria-label={`True count of step ${key}`}
            className="w-12 rounded bg-slate-900 px-1.5 py-1 text-sm text-slate-100 ring-1 ring-slate-700 focus:ring-emerald-400 focus:outline-none"
            value={key}
            min={-10}
            max={10}
            onChange={(e) => props.onCount(Number(e.target.value))}
          />
        </label>
      )}
      <input
        type="number"
        aria-label={key === '-inf' ? 'Units below the first step' : `Units at true count ${key}`}
        className="w-full rounded bg-slate-900 px-2 py-1 text-right text-sm tabular-nums text-slate-100 ring-1 ring-slate-700 focus:ring-emerald-400 focus:outline-none"
        value={Number.isFinite(units) ? units : ''}
        min={0}
        step="any"
        onChange={(e) => props.onUnits(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      />
      <div className="h-2.5 overflow-hidden rounded-full bg-slate-800" aria-hidden="true">
        <div className="h-full rounded-full bg-gradient-to-r from-emerald-600 to-emerald-300" style={{ width: `${Math.max(2, (Math.max(0, units || 0) / max) * 100)}%` }} />
      </div>
      {key === '-inf' ? (
        <span />
      ) : (
        <button type="button" aria-label={`Remove step at true count ${key}`} onClick={props.onRemove} className="rounded text-slate-400 hover:bg-slate-800 hover:text-rose-300">
          ×
        </button>
      )}
    </li>
  );
}
