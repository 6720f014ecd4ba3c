import { useState, type ReactNode } from 'react';
import type { SessionStats } from '@card-counter/engine';
import { formatAmount, formatNet } from '../model/money.ts';

export interface SessionStatsPanelProps {
  stats: SessionStats;
  net: number | null;
  canReset: boolean;
  onReset: () => void;
  /** The session's bets by the count, below the hands (BettingStats). */
  betting?: ReactNode;
}

function streak(n: number): string {
  if (n > 0) return `${n} won`;
  if (n < 0) return `${-n} lost`;
  return '–';
}

const RESET_KEEPS = 'Clears the cards, the bets and the last result. Keeps your balance, the rules, these stats and the shoe with its count.';

/** This session at the table. Reset clears the table only: balance, rules and these stats stay. */
export function SessionStatsPanel({ stats, net, canReset, onReset, betting }: SessionStatsPanelProps) {
  // The result of a reset shows until the next hand is played (the stats move on then).
  const [resetAtHand, setResetAtHand] = useState<number | null>(null);
  const justReset = resetAtHand === stats.handsPlayed;
  const rows: [string, string][] = [
    ['Hands', String(stats.handsPlayed)],
    ['Won / lost / pushed', `${stats.handsWon} / ${stats.handsLost} / ${stats.handsPushed}`],
    ['Total bet', formatAmount(stats.totalBet)],
    ['Won', formatAmount(stats.totalWon)],
    ['Lost', formatAmount(stats.totalLost)],
    ['Biggest win', formatAmount(stats.biggestWin)],
    ['Biggest loss', formatAmount(stats.biggestLoss)],
    ['Streak now', streak(stats.currentStreak)],
    ['Best / worst streak', `${stats.bestStreak} / ${-stats.worstStreak}`],
  ];
  return (
    <section aria-labelledby="session-heading" className="rounded-xl bg-slate-900 p-4">
      <h2 id="session-heading" className="mb-3 flex items-baseline justify-between text-sm font-bold uppercase tracking-wider text-slate-300">
        Session
        {net !== null && (
          <span className={`text-xs font-semibold normal-case tracking-normal ${net >= 0 ? 'text-emerald-300' : 'text-rose-300'}`} data-testid="last-result">
            Last round {formatNet(net)}
          </span>
        )}
      </h2>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-400">{k}</dt>
            <dd className="text-right tabular-nums text-slate-100">{v}</dd>
          </div>
        ))}
      </dl>
      {betting}
      <button
        type="button"
        onClick={() => {
          setResetAtHand(stats.handsPlayed);
          onReset();
        }}
        disabled={!canReset}
        aria-describedby="reset-table-note"
        className="mt-3 w-full rounded-md border border-slate-600 px-3 py-2 text-sm font-semibold text-slate-200 hover:bg-slate-800 disabled:opacity-40"
      >
        Reset table
      </button>
      <p id="reset-table-note" className="mt-1.5 text-xs text-slate-400">
        {RESET_KEEPS}
      </p>
      {justReset && (
        <p role="status" className="mt-1.5 text-xs font-semibold text-emerald-300" data-testid="reset-done">
          Table reset: cards, bets and last result cleared.
        </p>
      )}
    </section>
  );
}
