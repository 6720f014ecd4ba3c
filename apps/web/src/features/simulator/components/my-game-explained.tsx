// "Run my game too" explained (issue 38): which error rates the run applied, from which part of
// the player's record, how the simulation plays them, and what each costs on its own (each
// source of error simulated alone with the same seed), beside what the graded record itself
// priced those mistakes at.
import type { PlayerEstimate, SimResult } from '@card-counter/engine';
import type { MyGamePart } from '../hooks/use-sim-runner.ts';
import { fmtInt, fmtNum, fmtPlainPct, fmtUnits } from '../model/format-sim.ts';

const LABELS = { hard: 'Hard hands', soft: 'Soft hands', pair: 'Pairs', count: 'Count drift' } as const;

export function MyGameExplained({ result, mine, parts, estimate }: { result: SimResult; mine: SimResult; parts: MyGamePart[]; estimate: PlayerEstimate | undefined }) {
  const d = estimate?.decisions;
  const seen = d ? d.hard.seen + d.soft.seen + d.pair.seen : 0;
  const cost = (r: SimResult) => result.evPer100 - r.evPer100;
  const rate = (source: MyGamePart['source']): string => {
    if (!estimate || !d) return '—';
    if (source === 'count') return `±${fmtNum(estimate.countErrorRms, 1)} RMS, ${fmtInt(estimate.countChecks)} checks`;
    return `${fmtPlainPct(estimate.model.mistakeRate[source], 1)} (${fmtInt(d[source].wrong)} of ${fmtInt(d[source].seen)})`;
  };
  const priced = (source: MyGamePart['source']): string => {
    if (source === 'count' || !d) return '—';
    const c = d[source].costPerDecision;
    return c === null ? '—' : `${fmtPlainPct(c, 2)} of the stake`;
  };
  return (
    <section aria-label="How your game was simulated" className="rounded-xl bg-slate-900/70 p-4 text-xs text-slate-300 ring-1 ring-pink-400/30">
      <h2 className="text-sm font-semibold text-slate-100">How your game was simulated</h2>
      <p className="mt-1">
        From your table record: the newest {fmtInt(seen)} graded decisions of your hands (insurance left out) and {fmtInt(estimate?.countChecks ?? 0)} count checks. Each rate is played at every decision of that
        kind of hand, obvious ones included: a wrong play is the cell&apos;s natural other play (hit for stand, stand for hit, the play without its double, split or surrender), a missed index play
        falls back to basic strategy; the count drift is one of your checks&apos; errors, drawn each round, and moves your bets and plays.
      </p>
      <div className="mt-3 overflow-x-auto" role="region" aria-label="What each error costs" tabIndex={0}>
        <table className="w-full min-w-[30rem] text-right tabular-nums">
          <thead className="text-slate-400">
            <tr>
              <th scope="col" className="px-2 py-1 text-left">Error</th>
              <th scope="col" className="px-2 py-1">Your rate</th>
              <th scope="col" className="px-2 py-1">Costs, simulated alone</th>
              <th scope="col" className="px-2 py-1">Your record priced each decision at</th>
            </tr>
          </thead>
          <tbody>
            {parts.map((p) => (
              <tr key={p.source} className="border-t border-slate-800" data-testid={`my-game-part-${p.source}`}>
                <th scope="row" className="px-2 py-1 text-left font-medium text-slate-200">{LABELS[p.source]}</th>
                <td className="px-2 py-1">{rate(p.source)}</td>
                <td className="px-2 py-1">
                  {fmtUnits(-cost(p.result), 2)} u / 100 rounds (± {fmtNum(p.result.evPer100StdErr, 2)})
                </td>
                <td className="px-2 py-1">{priced(p.source)}</td>
              </tr>
            ))}
            <tr className="border-t border-slate-700 font-semibold text-slate-100">
              <th scope="row" className="px-2 py-1 text-left">All together</th>
              <td className="px-2 py-1" />
              <td className="px-2 py-1" data-testid="my-game-total">
                {fmtUnits(-cost(mine), 2)} u / 100 rounds (± {fmtNum(mine.evPer100StdErr, 2)})
              </td>
              <td className="px-2 py-1" />
            </tr>
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-slate-400">
        A rate from your record spread over every decision prices a mistake at the average cell, which is dearer than the close calls most mistakes are: when the simulated cost is far above what
        your record priced, the record&apos;s figure is the nearer one.
      </p>
    </section>
  );
}
