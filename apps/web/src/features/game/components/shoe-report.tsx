import { useId, useRef } from 'react';
import type { ReportCountCheck, ReportError, TableReport } from '@card-counter/shared';
import { Modal } from '@/shared/ui/modal.tsx';
import { formatAmount } from '../model/money.ts';
import { BET_GRADE_MEANS, EDGE_GIVEN_AWAY_MEANS } from '@/shared/lib/grade-words.ts';
import type { ShoeReportHandle } from '../hooks/use-shoe-report.ts';

// The shoe report as a dialog: the figures first (what a counter checks after a shoe), then
// the count checks and the coach's verdicts on the plays that were not its own.

const PLAY: Record<string, string> = {
  hit: 'hit',
  stand: 'stand',
  double: 'double',
  split: 'split',
  surrender: 'surrender',
  insure: 'take insurance',
  noInsurance: 'decline insurance',
};

function signed(x: number): string {
  const r = Math.round(x * 100) / 100;
  return r > 0 ? `+${r}` : String(r);
}

function cardLabel(v: number): string {
  return v === 1 ? 'A' : String(v);
}

function Tile({ label, value, detail, testId }: { label: string; value: string; detail?: string | undefined; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-800/70 p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-xl font-bold tabular-nums text-white" data-testid={testId}>
        {value}
      </dd>
      {detail !== undefined && <dd className="text-xs text-slate-400">{detail}</dd>}
    </div>
  );
}

function Figures({ r }: { r: TableReport }) {
  const d = r.decisions;
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Tile label="Count checks" value={`${r.countChecks.correct} of ${r.countChecks.asked} right`} testId="report-count-checks" />
        <Tile label="Play errors" value={r.withheld && r.scope === 'shoe' ? '–' : String(d.errors)} detail={`of ${d.graded} decision${d.graded === 1 ? '' : 's'} graded`} testId="report-play-errors" />
        <Tile
          label="Edge given away"
          value={`${formatAmount(r.edgeGiven.credits)} credits`}
          detail={r.edgeGiven.percentOfBet === null ? 'nothing bet' : `${formatAmount(r.edgeGiven.percentOfBet)}% of ${formatAmount(r.bet_credits)} credits bet`}
          testId="report-edge"
        />
        <Tile label="Rounds" value={String(r.rounds)} testId="report-rounds" />
        <Tile label="Time per round" value={r.roundTime_ms === null ? '–' : `${(r.roundTime_ms / 1000).toFixed(1)} s`} detail="betting included" testId="report-round-time" />
        {r.betGrades && (
          <Tile
            label="Bets on the ramp"
            value={`${r.betGrades.right} of ${r.betGrades.graded}`}
            detail={`${formatAmount(r.betGrades.cost_credits)} credits given away`}
            testId="report-bet-grades"
          />
        )}
      </dl>
      <p className="mt-2 text-xs text-slate-400" data-testid="report-means">
        {EDGE_GIVEN_AWAY_MEANS}
        {r.betGrades && ` ${BET_GRADE_MEANS}`}
      </p>
    </>
  );
}

function CheckRow({ c }: { c: ReportCountCheck }) {
  return (
    <li className="flex items-center justify-between gap-2 py-1.5">
      <span className="tabular-nums text-slate-200">
        Running {signed(c.expected)}
        {c.answered !== c.expected && <span className="text-rose-300"> (you {signed(c.answered)})</span>}
        {c.trueCount && (
          <>
            {' · '}True {signed(c.trueCount.expected)}
            {c.trueCount.answered !== c.trueCount.expected && <span className="text-rose-300"> (you {signed(c.trueCount.answered)})</span>}
          </>
        )}
      </span>
      <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${c.correct ? 'bg-emerald-400 text-emerald-950' : 'bg-rose-500 text-white'}`}>{c.correct ? 'Right' : 'Wrong'}</span>
    </li>
  );
}

function ErrorRow({ e }: { e: ReportError }) {
  return (
    <li className="flex items-center justify-between gap-2 py-1.5">
      <span className="text-slate-200">
        <span className="font-semibold tabular-nums">
          {e.hand.map(cardLabel).join(',')} v {cardLabel(e.upcard)}
        </span>
        <span className="text-slate-400"> · TC {signed(e.trueCount)}</span>
        <span className="block text-xs text-slate-400 sm:inline">
          {' '}you chose {PLAY[e.chosen]}, the coach {PLAY[e.best]}
        </span>
      </span>
      <span className="whitespace-nowrap text-sm font-semibold tabular-nums text-rose-300">−{formatAmount(e.evCost_credits)} credits</span>
    </li>
  );
}

function Lists({ r }: { r: TableReport }) {
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      <section aria-label="Count checks of the report">
        <h3 className="text-sm font-semibold text-slate-200">Count checks</h3>
        {r.countChecks.items.length === 0 ? <p className="text-sm text-slate-400">None asked.</p> : <ul className="divide-y divide-slate-800 text-sm">{r.countChecks.items.map((c) => <CheckRow key={c.at} c={c} />)}</ul>}
      </section>
      <section aria-label="Play errors of the report">
        <h3 className="text-sm font-semibold text-slate-200">Plays the coach would change</h3>
        {r.withheld && r.scope === 'shoe' ? (
          <p className="text-sm text-slate-400">Shown when the shoe ends (test mode).</p>
        ) : r.errors.length === 0 ? (
          <p className="text-sm text-slate-400">{r.decisions.graded > 0 ? 'None: every play was the coach’s.' : 'No plays graded yet.'}</p>
        ) : (
          <ul className="divide-y divide-slate-800 text-sm">{r.errors.map((e) => <ErrorRow key={`${e.at}:${e.hand.join()}`} e={e} />)}</ul>
        )}
      </section>
    </div>
  );
}

function subtitle(r: TableReport): string {
  if (r.scope === 'session') return r.since === null ? 'No rounds yet this session.' : `Since ${new Date(r.since).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
  return r.finished ? 'The shoe is done: the next deal shuffles.' : 'This shoe so far.';
}

/** The report dialog (nothing while closed). */
export function ShoeReportDialog({ handle }: { handle: ShoeReportHandle }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  if (!handle.open) return null;
  const r = handle.report;
  return (
    <Modal labelledBy={titleId} onClose={handle.close} initialFocus={closeRef} panelClassName="max-w-2xl">
      <h2 id={titleId} className="text-lg font-bold">
        {r?.scope === 'session' ? 'Session report' : 'Shoe report'}
      </h2>
      {r === null ? (
        <p className="mt-3 text-sm text-slate-300" role={handle.error ? 'alert' : 'status'}>
          {handle.error ?? 'Counting the shoe…'}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-400">{subtitle(r)}</p>
          <Figures r={r} />
          {r.decisions.pending > 0 && (
            <p className="mt-2 text-xs text-amber-200" role="status">
              Grading {r.decisions.pending} more decision{r.decisions.pending === 1 ? '' : 's'}…
            </p>
          )}
          {r.withheld && r.scope === 'session' && <p className="mt-2 text-xs text-slate-400">Test mode: this shoe’s plays join the report when it ends.</p>}
          <Lists r={r} />
        </>
      )}
      <button ref={closeRef} type="button" onClick={handle.close} className="mt-5 rounded-md bg-emerald-500 px-4 py-2 text-sm font-bold text-slate-950 hover:bg-emerald-400">
        Continue
      </button>
    </Modal>
  );
}
