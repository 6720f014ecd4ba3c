import { Suspense } from 'react';
import { PLAYER_ACTIONS, type PlayerAction } from '@card-counter/engine';
import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';
import type { CoachTotals, InsuranceVerdict, Verdict } from '../hooks/use-coach.ts';
import type { CoachMode } from '../hooks/use-table-prefs.ts';
import { MOVE_NAMES } from '../model/hand-labels.ts';
import { verdictSentence } from '../model/coach-verdicts.ts';
import { CoachWarning } from './coach-warning.tsx';
import { useHouse } from '../model/house.ts';

export interface CoachPanelProps {
  mode: CoachMode;
  verdict: Verdict | null;
  insurance: InsuranceVerdict | null;
  totals: CoachTotals;
  /** Credits bet this session (the session stats' total bet): the edge given away is also shown as a share of it. */
  amountBet: number;
  /** A move the coach is holding back until the player confirms it (warn mode). */
  warning: { chosen: PlayerAction; recommended: PlayerAction } | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Keyboard shortcuts on: the warning's buttons show their keys. */
  shortcuts: boolean;
  /** The warning shows here (a wide screen); on a phone it shows beside the moves instead (play-hud.tsx). */
  showWarning: boolean;
  /** A continuous shuffler: the count says nothing, so index plays never apply (decision record 0050). */
  continuousShuffler?: boolean;
}

const NAMES = MOVE_NAMES;
// Only some rules show these (decision record 0050): a chunk of their own.
const EvenMoneyView = lazyChunk(() => import('./rule-notes.tsx').then((m) => ({ default: m.EvenMoneyView })));
const CsmNote = lazyChunk(() => import('./rule-notes.tsx').then((m) => ({ default: m.CsmNote })));
// What the figures mean (decision record 0059): words, not needed at the first paint.
const EdgeMeans = lazyChunk(() => import('./coach-notes.tsx').then((m) => ({ default: m.EdgeMeans })));
const CoachPlayNote = lazyChunk(() => import('./coach-notes.tsx').then((m) => ({ default: m.CoachPlayNote })));

function percent(ev: number): string {
  const p = (ev * 100).toFixed(1);
  return ev > 0 ? `+${p}%` : `${p}%`;
}

function credits(x: number): string {
  return x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** 'x%' of the amount bet, to two decimals below one per cent (an edge is small). */
function shareOf(part: number, whole: number): string {
  const p = (part / whole) * 100;
  return `${p.toFixed(p < 1 ? 2 : 1)}%`;
}

function VerdictView({ v }: { v: Verdict }) {
  const { advice } = v;
  const unit = useHouse().unit;
  return (
    <div className="flex flex-col gap-2" data-testid="coach-verdict">
      <p className={`font-semibold ${v.correct ? 'text-emerald-300' : 'text-rose-300'}`}>{verdictSentence(v)}</p>
      {advice.index && (
        <p className="text-sm text-slate-300">
          Index play: {advice.index.name}. At true count {v.trueCount}: {NAMES[advice.index.action]}.
        </p>
      )}
      {v.correct ? (
        <p className="text-sm text-slate-300" data-testid="coach-cost">
          <Suspense fallback={null}>
            <CoachPlayNote exact={v.cost > 0 ? credits(v.cost) : null} unit={unit} />
          </Suspense>
        </p>
      ) : (
        <p className="text-sm text-slate-300" data-testid="coach-cost">
          Cost of this choice: <strong className="text-white">{credits(v.cost)} {unit}</strong>
        </p>
      )}
      <table className="w-full text-sm">
        <caption className="sr-only">Expected value of each action, per unit bet, from the cards seen since the shuffle</caption>
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-400">
            <th className="py-1 font-medium">Action</th>
            <th className="py-1 text-right font-medium">EV</th>
          </tr>
        </thead>
        <tbody>
          {PLAYER_ACTIONS.filter((a) => advice.evs[a] !== null).map((a) => (
            <tr key={a} className={a === v.chosen ? 'text-white' : 'text-slate-300'}>
              <td className="py-0.5">
                {NAMES[a]}
                {a === v.chosen && <span className="ml-1 text-xs text-amber-300">(yours)</span>}
                {a === advice.recommended && <span className="ml-1 text-xs text-emerald-300">(coach)</span>}
              </td>
              <td className="py-0.5 text-right tabular-nums">{percent(advice.evs[a] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InsuranceView({ v }: { v: InsuranceVerdict }) {
  if (v.evenMoney)
    return (
      <Suspense fallback={null}>
        <EvenMoneyView v={v} />
      </Suspense>
    );
  const right = v.took === v.shouldTake;
  const rule = v.byIndex ? `the index play insures at true count +3 and up (now ${v.trueCount})` : 'basic strategy never takes insurance';
  return (
    <div className="flex flex-col gap-1" data-testid="coach-insurance-verdict">
      <p role="status" data-testid="coach-insurance" className={`font-semibold ${right ? 'text-emerald-300' : 'text-rose-300'}`}>
        {v.took ? 'Insurance taken' : 'Insurance declined'}: {right ? 'right,' : 'wrong,'} {rule}.
      </p>
      <p className="text-sm text-slate-300" data-testid="coach-insurance-ev">
        Insurance EV from the cards seen: <strong className="text-white">{percent(v.ev)}</strong> of the {credits(v.stake)}-credit insurance bet.
      </p>
      <p className="text-sm text-slate-300">
        Cost of this choice: <strong className="text-white">{credits(v.cost)} credits</strong>
      </p>
    </div>
  );
}

/** The coach: a verdict on every decision, what it cost, and the session's accuracy. */
export function CoachPanel({ mode, verdict, insurance, totals, amountBet, warning, onConfirm, onCancel, shortcuts, showWarning, continuousShuffler = false }: CoachPanelProps) {
  const accuracy = totals.decisions > 0 ? Math.round((totals.correct / totals.decisions) * 100) : null;
  return (
    <section aria-labelledby="coach-heading" className="rounded-xl bg-slate-900 p-4">
      <h2 id="coach-heading" className="mb-3 text-sm font-bold uppercase tracking-wider text-slate-300">
        Coach
      </h2>
      {mode === 'off' ? (
        <p className="text-sm text-slate-400">The coach is off. Switch it on in the table settings.</p>
      ) : (
        <div className="flex flex-col gap-3">
          {continuousShuffler && (
            <Suspense fallback={null}>
              <CsmNote where="coach" />
            </Suspense>
          )}
          {warning && showWarning && <CoachWarning warning={warning} onConfirm={onConfirm} onCancel={onCancel} shortcuts={shortcuts} />}
          {insurance && <InsuranceView v={insurance} />}
          {verdict ? <VerdictView v={verdict} /> : !insurance && <p className="text-sm text-slate-400">Play a hand: the coach judges each decision.</p>}
          <dl className="grid grid-cols-2 gap-2 border-t border-slate-800 pt-3 text-sm">
            <div>
              <dt className="text-xs uppercase tracking-wide text-slate-400">Accuracy</dt>
              <dd className="text-lg font-bold text-white" data-testid="coach-accuracy">
                {accuracy === null ? '–' : `${accuracy}%`} <span className="text-xs font-normal text-slate-400">({totals.correct} of {totals.decisions})</span>
              </dd>
            </div>
            <div>
              <dt className="text-xs uppercase tracking-wide text-slate-400">Edge given away</dt>
              <dd className="text-lg font-bold text-white">
                <span data-testid="coach-edge">{credits(totals.edgeGivenAway)}</span> <span className="text-xs font-normal text-slate-400">credits</span>
                {amountBet > 0 && (
                  <span className="block text-xs font-normal text-slate-400" data-testid="coach-edge-share">
                    {shareOf(totals.edgeGivenAway, amountBet)} of {credits(amountBet)} bet
                  </span>
                )}
              </dd>
            </div>
          </dl>
          <Suspense fallback={null}>
            <EdgeMeans />
          </Suspense>
        </div>
      )}
    </section>
  );
}
