// The optimal ramp (engine optimalRamp) for the player's bankroll and chosen risk, from the
// shown run's per-true-count table; "Use this ramp" puts it in the form to simulate.
import { useEffect, useMemo, useState } from 'react';
import { optimalRamp, type SimResult } from '@card-counter/engine';
import { keepSimRamp } from '@/shared/table-settings/sim-ramps.ts';
import { fmtNum, fmtPct } from '../model/format-sim.ts';
import { NumberField } from './fields.tsx';

export function OptimalRampPanel({ result, bankroll_units, onApply }: { result: SimResult; bankroll_units: number; onApply: (spread: Record<string, number>, bankroll_units: number) => void }) {
  const [bankroll, setBankroll] = useState(bankroll_units > 0 ? bankroll_units : 1000);
  const [riskPct, setRiskPct] = useState(5);
  const [maxBet, setMaxBet] = useState(16);
  const [chip, setChip] = useState(1);
  const answer = useMemo(() => {
    try {
      return { ramp: optimalRamp({ perTrueCount: result.perTrueCount, bankroll_units: bankroll, risk: riskPct / 100, maxBet_units: maxBet, chip_units: chip }), error: null };
    } catch (e) {
      return { ramp: null, error: (e as Error).message };
    }
  }, [result, bankroll, riskPct, maxBet, chip]);
  // The table's bet ramp setting offers the optimal ramp last worked out here.
  useEffect(() => {
    if (answer.ramp) keepSimRamp('optimal', answer.ramp.spread);
  }, [answer.ramp]);
  const rows = answer.ramp?.rows.filter((r) => r.tc >= -1 && r.tc <= 8) ?? [];
  const top = Math.max(1, ...rows.map((r) => r.bet_units));
  return (
    <section aria-label="Optimal bet ramp" className="rounded-xl bg-slate-900/70 p-4 ring-1 ring-slate-800">
      <h2 className="text-sm font-semibold text-slate-100">Optimal bet ramp</h2>
      <p className="mt-1 text-xs text-slate-400">Bets proportional to the advantage at each count (Kelly), sized so your bankroll meets the risk you choose, rounded to your chips. Taken from this run&apos;s per-count table.</p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <NumberField label="Bankroll" suffix="u" value={bankroll} min={1} onChange={setBankroll} />
        <NumberField label="Risk of ruin" suffix="%" value={riskPct} min={0.1} max={50} step={0.5} onChange={setRiskPct} />
        <NumberField label="Max bet" suffix="u" value={maxBet} min={1} onChange={setMaxBet} />
        <NumberField label="Chip size" suffix="u" value={chip} min={0.25} step={0.25} onChange={setChip} />
      </div>
      {answer.error ? (
        <p role="alert" className="mt-3 text-xs text-rose-300">
          {answer.error}
        </p>
      ) : (
        <>
          <div className="mt-4 flex h-28 items-end gap-1" aria-hidden="true">
            {rows.map((r) => (
              <div key={r.tc} className="flex min-w-0 flex-1 flex-col items-center gap-1">
                <span className="text-[10px] text-slate-300 tabular-nums">{r.bet_units}</span>
                <div className="w-full rounded-t bg-gradient-to-t from-sky-700 to-sky-400" style={{ height: `${Math.max(4, (r.bet_units / top) * 80)}px` }} />
                <span className="text-[10px] text-slate-400">{r.tc > 0 ? `+${r.tc}` : r.tc}</span>
              </div>
            ))}
          </div>
          <ul className="sr-only" aria-label="Optimal bets by true count">
            {rows.map((r) => (
              <li key={r.tc}>
                True count {r.tc}: advantage {fmtPct(r.advantage)}, optimal {fmtNum(r.optimal_units)} units, ramp bet {r.bet_units} units
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs text-slate-400">Spread 1-{fmtNum(answer.ramp?.spreadRatio ?? 1, 0)}</span>
            <button type="button" onClick={() => answer.ramp && onApply(answer.ramp.spread, bankroll)} className="rounded-md bg-sky-500 px-3 py-1.5 text-sm font-semibold text-slate-950 hover:bg-sky-400">
              Use this ramp
            </button>
          </div>
        </>
      )}
    </section>
  );
}
