// Trip and session views of a run (issue 38): what a trip of N hours does to a trip bankroll,
// from the run's own EV and SD (engine tripView: the normal approximation of many rounds, the
// risk of losing the bankroll at any point of the trip by the reflection principle).
import { useId, useState } from 'react';
import { tripView, type SimResult } from '@card-counter/engine';
import { fmtInt, fmtNum, fmtPlainPct, fmtUnits } from '../model/format-sim.ts';

function Input({ label, value, onChange, min, max, step = 1 }: { label: string; value: number; onChange: (v: number) => void; min: number; max: number; step?: number }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-medium text-slate-400">
        {label}
      </label>
      <input id={id} type="number" min={min} max={max} step={step} value={Number.isFinite(value) ? value : ''} onChange={(e) => onChange(Number(e.target.value))} className="mt-1 w-full rounded-md bg-slate-900 px-2 py-1 text-right text-sm text-slate-100 tabular-nums ring-1 ring-slate-700 focus:ring-2 focus:ring-emerald-400 focus:outline-none" />
    </div>
  );
}

export function TripPanel({ result, bankroll_units }: { result: SimResult; bankroll_units: number }) {
  const [roundsPerHour, setRoundsPerHour] = useState(100);
  const [hours, setHours] = useState(8);
  const [trip, setTrip] = useState(bankroll_units > 0 ? Math.round(bankroll_units / 4) : 200);
  const ok = roundsPerHour >= 1 && roundsPerHour <= 10_000 && hours >= 0.01 && hours <= 100_000 && trip >= 0 && trip <= 1e9;
  const t = ok ? tripView(result, { roundsPerHour, hours, bankroll_units: trip }) : null;
  const row = (label: string, value: string, testId?: string) => (
    <div className="flex items-baseline justify-between gap-3 border-t border-slate-800 py-1.5 first:border-t-0">
      <dt className="text-slate-400">{label}</dt>
      <dd className="font-semibold text-slate-100 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section aria-label="Trip and session" className="rounded-xl bg-slate-900/70 p-4 ring-1 ring-slate-800">
      <h2 className="text-sm font-semibold text-slate-100">Trip and session</h2>
      <p className="mt-1 text-xs text-slate-400">From this run's EV and SD per round, as a session of many rounds behaves (normal approximation); hours count the rounds the table deals, watched ones included.</p>
      <div className="mt-3 grid grid-cols-3 gap-2">
        <Input label="Rounds per hour" value={roundsPerHour} onChange={setRoundsPerHour} min={1} max={10_000} />
        <Input label="Trip hours" value={hours} onChange={setHours} min={0.5} max={100_000} step={0.5} />
        <Input label="Trip bankroll (units)" value={trip} onChange={setTrip} min={0} max={1e9} />
      </div>
      {t ? (
        <dl className="mt-3 text-sm">
          {row('Win per hour', `${fmtUnits(t.winPerHour, 2)} ± ${fmtNum(t.winPerHourStdErr, 2)} u (SD ${fmtNum(t.sdPerHour, 1)} u)`, 'trip-win-hour')}
          {row(`Result of ${fmtNum(hours, 1)} hours`, `${fmtUnits(t.expectedWin, 1)} u, SD ${fmtNum(t.sdOfTrip, 1)} u`)}
          {row('Chance of being behind at the end', fmtPlainPct(t.chanceBehind, 1), 'trip-behind')}
          {row('Risk of losing the trip bankroll', t.riskOfRuin === null ? '—' : fmtPlainPct(t.riskOfRuin, 2), 'trip-ror')}
          {row('Hours to double the trip bankroll', t.hoursToDouble === null ? 'no edge' : fmtInt(t.hoursToDouble), 'trip-double')}
        </dl>
      ) : (
        <p role="alert" className="mt-3 text-xs text-rose-300">
          Rounds per hour 1 to 10,000, hours from 0.5, a bankroll of 0 or more.
        </p>
      )}
    </section>
  );
}
