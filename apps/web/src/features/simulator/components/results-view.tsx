// A run's results: the headline numbers (EV with its standard error, SD, DI, SCORE, N0, average
// bet, risk of ruin both ways, the exact full-shoe EV), the charts, the per-true-count table and
// the inputs they came from. With the player's own game beside it, each number shows both.
import { useState } from 'react';
import type { PlayerEstimate, SimResult } from '@card-counter/engine';
import type { MyGamePart } from '../hooks/use-sim-runner.ts';
import { MyGameExplained } from './my-game-explained.tsx';
import type { SimSettings } from '@card-counter/shared';
import { fmtInt, fmtNum, fmtPct, fmtPlainPct, fmtRate, fmtUnits, settingsLine } from '../model/format-sim.ts';
import { useRecordByTrueCount } from '@/shared/record/by-true-count.ts';
import { EvByCountChart, RorChart } from './charts.tsx';
import { TripPanel } from './trip-panel.tsx';
import { TrueCountTable } from './true-count-table.tsx';

function Stat({ label, value, sub, testId, mine, tone = 'plain' }: { label: string; value: string; sub?: string | undefined; testId?: string; mine?: string | undefined; tone?: 'good' | 'bad' | 'plain' }) {
  const color = tone === 'good' ? 'text-emerald-300' : tone === 'bad' ? 'text-rose-300' : 'text-slate-100';
  return (
    <div className="min-w-0 rounded-xl bg-slate-900/70 p-3 ring-1 ring-slate-800">
      <dt className="truncate text-[11px] font-semibold tracking-wider text-slate-400 uppercase">{label}</dt>
      <dd className={`mt-1 text-xl font-bold tabular-nums ${color}`} data-testid={testId}>
        {value}
      </dd>
      {sub && <dd className="text-xs text-slate-400 tabular-nums">{sub}</dd>}
      {mine !== undefined && <dd className="mt-1 text-xs font-semibold text-pink-300 tabular-nums">yours {mine}</dd>}
    </div>
  );
}

/** SCORE and N0 describe an edge: for a losing game they say nothing, so none is shown. */
const edge = (r: SimResult, text: string): string => (r.ev > 0 ? text : 'no edge');
/** "± x" for a standard error (runs saved before issue 38 have none). */
const pm = (se: number | null | undefined, digits = 2): string => (se == null || !Number.isFinite(se) ? '' : `± ${fmtNum(se, digits)} · `);

export function ResultsView({ settings, result, mine, parts = [], estimate, signedIn = false }: { settings: SimSettings; result: SimResult; mine?: SimResult | null | undefined; parts?: MyGamePart[]; estimate?: PlayerEstimate | undefined; signedIn?: boolean }) {
  // The player's own result at each count, from the graded record (ADR 0060): signed-in players only.
  const record = useRecordByTrueCount({ count: settings.count, custom: settings.custom, rules: settings.rules }, signedIn).data;
  const ror = result.riskOfRuin;
  const m = mine ?? null;
  const tone = (x: number) => (x > 0 ? 'good' : x < 0 ? 'bad' : 'plain') as 'good' | 'bad' | 'plain';
  return (
    <div className="space-y-4" data-testid="sim-results" data-ev={result.ev} data-rounds={result.rounds} data-rps={result.roundsPerSecond} data-threads={result.threads}>
      <p className="rounded-lg bg-slate-900/50 px-3 py-2 text-xs text-slate-300 ring-1 ring-slate-800" data-testid="sim-inputs">
        <span className="font-semibold text-slate-400">Inputs </span>
        {settingsLine(settings)} · bankroll {fmtInt(settings.bankroll_units)} units · seed {settings.seed}
      </p>
      {m && <MistakeCost result={result} mine={m} />}
      {m && <MyGameExplained result={result} mine={m} parts={parts} estimate={estimate} />}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
        <Stat label="EV / 100 rounds" value={`${fmtUnits(result.evPer100, 2)} u`} sub={`± ${fmtNum(result.evPer100StdErr)} u (1 SE)`} testId="sim-ev100" tone={tone(result.evPer100)} mine={m ? `${fmtUnits(m.evPer100, 2)} u` : undefined} />
        <Stat label="EV / round" value={`${fmtUnits(result.ev, 4)} u`} sub={`± ${fmtNum(result.evStdErr, 4)} u`} testId="sim-ev" tone={tone(result.ev)} mine={m ? `${fmtUnits(m.ev, 4)} u` : undefined} />
        <Stat label="Advantage" value={fmtPct(result.evPerUnitBet)} sub={`± ${fmtPlainPct(result.evPerUnitBetStdErr, 2)} of initial bets`} tone={tone(result.evPerUnitBet)} mine={m ? fmtPct(m.evPerUnitBet) : undefined} />
        <Stat label="Average bet" value={`${fmtNum(result.avgBet)} u`} sub={`${fmtNum(result.unitsAtRisk / Math.max(1, result.rounds))} u at risk / round`} />
        <Stat label="SD / round" value={`${fmtNum(result.sd)} u`} sub={`${pm(result.sdStdErr, 3)}${fmtNum(result.sdPer100, 1)} u per 100`} testId="sim-sd" />
        <Stat label="DI" value={edge(result, fmtNum(result.di, 2))} sub={`${result.ev > 0 ? pm(result.diStdErr) : ''}desirability index`} mine={m ? edge(m, fmtNum(m.di, 2)) : undefined} />
        <Stat label="SCORE" value={edge(result, fmtNum(result.score, 2))} sub={`${result.ev > 0 ? pm(result.scoreStdErr) : ''}EV/100 at ruin risk 13.5%`} testId="sim-score" mine={m ? edge(m, fmtNum(m.score, 2)) : undefined} />
        <Stat label="N0" value={edge(result, result.n0 === null ? '—' : fmtInt(result.n0))} sub={`${result.ev > 0 ? pm(result.n0StdErr, 0) : ''}rounds to overcome 1 SD`} mine={m ? edge(m, m.n0 === null ? '—' : fmtInt(m.n0)) : undefined} />
        <Stat
          label="Risk of ruin"
          value={ror ? fmtPlainPct(ror.closedForm, 2) : '—'}
          sub={ror ? `closed form, ${fmtInt(ror.bankroll_units)} u` : 'no bankroll set'}
          testId="sim-ror"
          tone={ror && ror.closedForm > 0.1 ? 'bad' : 'plain'}
          mine={m?.riskOfRuin ? fmtPlainPct(m.riskOfRuin.closedForm, 2) : undefined}
        />
        <Stat label="Simulated ruin" value={ror ? fmtPlainPct(ror.simulated, 2) : '—'} sub={ror ? `${fmtInt(ror.trips)} trips (lose B before doubling: ${fmtPlainPct(ror.closedFormBeforeDoubling, 2)})` : undefined} />
        <Stat label="Exact basic EV" value={result.exactBasicEv === null ? '—' : fmtPct(result.exactBasicEv, 3)} sub="full-shoe, flat basic strategy" />
        <Stat label="Rounds" value={fmtInt(result.rounds)} sub={`${fmtRate(result.roundsPerSecond)} · ${result.threads} worker${result.threads > 1 ? 's' : ''} · ${fmtNum(result.seconds, 1)} s`} testId="sim-rounds" />
      </dl>
      <TripPanel result={result} bankroll_units={settings.bankroll_units} />
      <div className="grid gap-4 xl:grid-cols-2">
        <figure className="min-w-0 rounded-xl bg-slate-900/70 p-3 ring-1 ring-slate-800">
          <figcaption className="mb-2 text-sm font-semibold text-slate-200">Advantage and frequency by true count</figcaption>
          <EvByCountChart result={result} mine={m} record={record?.rows} />
        </figure>
        <figure className="min-w-0 rounded-xl bg-slate-900/70 p-3 ring-1 ring-slate-800">
          <figcaption className="mb-2 text-sm font-semibold text-slate-200">Risk of ruin by bankroll</figcaption>
          <RorChart result={result} mine={m} />
        </figure>
      </div>
      <TrueCountTable result={result} record={record} />
    </div>
  );
}

/** What the player's mistakes cost: the two runs' EV per hour and risk of ruin, side by side. */
function MistakeCost({ result, mine }: { result: SimResult; mine: SimResult }) {
  const [perHour, setPerHour] = useState(100);
  const hourly = (r: SimResult) => r.ev * (Number.isFinite(perHour) ? perHour : 0);
  const cost = hourly(result) - hourly(mine);
  return (
    <section aria-label="What your mistakes cost" className="rounded-xl bg-gradient-to-r from-pink-950/60 to-slate-900/60 p-4 ring-1 ring-pink-400/40">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xs font-bold tracking-widest text-pink-200 uppercase">What your mistakes cost</h2>
          <p className="mt-1 text-2xl font-bold text-slate-50 tabular-nums" data-testid="sim-mistake-cost">
            {fmtNum(cost, 2)} units / hour
          </p>
          <p className="text-xs text-slate-300 tabular-nums">
            perfect {fmtUnits(hourly(result), 2)} u/h · yours {fmtUnits(hourly(mine), 2)} u/h · risk of ruin {fmtPlainPct(result.riskOfRuin?.closedForm, 1)} → {fmtPlainPct(mine.riskOfRuin?.closedForm, 1)}
          </p>
        </div>
        <label className="flex items-center gap-2 text-xs text-slate-300">
          Rounds per hour
          <input type="number" min={1} max={1000} value={Number.isFinite(perHour) ? perHour : ''} onChange={(e) => setPerHour(Number(e.target.value))} className="w-20 rounded bg-slate-900 px-2 py-1 text-right text-sm text-slate-100 ring-1 ring-slate-700" />
        </label>
      </div>
    </section>
  );
}
