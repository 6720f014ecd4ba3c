import type { ReplayDecision } from '@card-counter/shared';
import type { ReplayFrame } from '../model/replay-frames.ts';
import { cardWords } from '../model/replay-frames.ts';

const CHOICE: Record<string, string> = { hit: 'Hit', stand: 'Stand', double: 'Double', split: 'Split', surrender: 'Surrender', insure: 'Take insurance', noInsurance: 'No insurance', noSurrender: 'Play on' };

/** A signed figure with a true minus sign: +2, −1.5, 0.0. */
export function signed(x: number, digits: number): string {
  return `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(digits)}`;
}

/** The record's verdict on a play, with the EV of every legal play as the grade worked it out. */
export function DecisionNote({ d }: { d: ReplayDecision }) {
  if (!d.graded) return <p className="text-sm text-slate-400">Not graded yet.</p>;
  const evs = Object.entries(d.evs ?? {}).sort((a, b) => b[1] - a[1]);
  return (
    <div className={`rounded-md p-2 text-sm ${d.correct ? 'bg-emerald-950/40' : 'bg-rose-950/40 ring-1 ring-rose-900'}`} data-testid="replay-decision">
      <p>
        You: <strong>{CHOICE[d.chosen] ?? d.chosen}</strong> at true count {signed(d.trueCount, 1)}
        {d.correct ? <span className="text-emerald-300"> · right</span> : <span className="text-rose-300"> · coach: <strong>{CHOICE[d.best] ?? d.best}</strong> (−{d.cost_credits.toFixed(2)} credits)</span>}
      </p>
      {evs.length > 0 ? (
        <table className="mt-1 text-xs tabular-nums">
          <caption className="pb-0.5 text-left text-slate-400">Expected result of each play, per unit of its stake</caption>
          <tbody>
            {evs.map(([play, ev]) => (
              <tr key={play} className={play === d.best ? 'font-semibold text-emerald-200' : play === d.chosen ? 'text-rose-200' : 'text-slate-300'}>
                <th scope="row" className="pr-4 text-left font-normal">{CHOICE[play] ?? play}</th>
                <td>{signed(ev * 100, 1)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** The dealing order so far (never a card ahead of the step shown), with the counts after each card. */
export function DealingOrder({ frames, at }: { frames: readonly ReplayFrame[]; at: number }) {
  const rows = frames.slice(0, at + 1).flatMap((f, i) => (f.event.kind === 'card' || f.event.kind === 'turn' ? [{ f, i }] : []));
  return (
    <div className="max-h-64 max-w-xl overflow-y-auto rounded-md ring-1 ring-slate-800">
      <table className="w-full text-xs tabular-nums" aria-label="Dealing order, with the count after each card">
        <thead className="sticky top-0 bg-slate-900 text-left text-slate-400">
          <tr>
            <th scope="col" className="px-2 py-1 font-normal">#</th>
            <th scope="col" className="px-2 py-1 font-normal">Card</th>
            <th scope="col" className="px-2 py-1 font-normal">To</th>
            <th scope="col" className="px-2 py-1 text-right font-normal">Running</th>
            <th scope="col" className="px-2 py-1 text-right font-normal">True</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ f, i }) => (
            <tr key={i} aria-current={i === at ? 'step' : undefined} className={i === at ? 'bg-amber-900/40 text-white' : 'text-slate-300'}>
              <td className="px-2 py-0.5">{f.event.kind === 'turn' ? '' : f.cardsDealt}</td>
              <td className="px-2 py-0.5">{f.event.kind === 'card' || f.event.kind === 'turn' ? cardWords(f.event.card) : ''}</td>
              <td className="px-2 py-0.5">{f.who}</td>
              <td className="px-2 py-0.5 text-right">{signed(f.runningCount, 0)}</td>
              <td className="px-2 py-0.5 text-right">{signed(f.trueCount, 1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
