import type { GradedTally, PlayHistoryBy, PlaySpan } from '@card-counter/shared';
import { useState } from 'react';
import { Link } from '@/shared/ui/link.tsx';
import { formatDateTime } from '@/shared/lib/format.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { ShoeReportSummary } from './shoe-report-summary.tsx';
import { usePlayHistory } from '../api/lifetime-api.ts';

// Sessions and shoes, each with its report: the server's figures per span (GET /api/me/history)
// and a link to the span's own mistakes.

const PAGE = 5;

function rate(t: GradedTally): string {
  return t.graded > 0 ? `${t.correct}/${t.graded} (${Math.round((t.correct / t.graded) * 100)}%)` : '-';
}

/** The mistakes list filtered to the span. */
function mistakesHref(s: PlaySpan): string {
  const q = new URLSearchParams(s.shoe !== null ? { shoe: s.shoe } : { from: s.from, to: s.to });
  return `/profile/mistakes?${q.toString()}`;
}

/** The span's end in formatDateTime's time style ("7:43 PM"), so both ends read alike. */
function timeOnly(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { timeStyle: 'short' });
}

export function PlayHistory() {
  const [by, setBy] = useState<PlayHistoryBy>('session');
  const [page, setPage] = useState(0);
  const history = usePlayHistory(by, page * PAGE, PAGE);
  const choose = (next: PlayHistoryBy) => {
    setBy(next);
    setPage(0);
  };
  const total = history.data?.total ?? 0;
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Sessions and shoes</h3>
        <div role="group" aria-label="History by" className="flex gap-1 rounded-lg bg-slate-800 p-1 text-sm">
          {(['session', 'shoe'] as const).map((b) => (
            <button
              key={b}
              type="button"
              aria-pressed={by === b}
              onClick={() => choose(b)}
              className={`rounded px-3 py-1 ${by === b ? 'bg-emerald-500 font-semibold text-slate-950' : 'text-slate-200 hover:bg-slate-700'}`}
            >
              {b === 'session' ? 'Sessions' : 'Shoes'}
            </button>
          ))}
        </div>
      </div>
      {history.isPending ? (
        <p role="status">Loading...</p>
      ) : history.isError ? (
        <FormError error={history.error} />
      ) : total === 0 ? (
        <p className="text-sm text-slate-300">No graded play yet: your sessions and shoes appear here as the server grades them.</p>
      ) : (
        <>
          <ol aria-label={by === 'session' ? 'Sessions, newest first' : 'Shoes, newest first'} className="space-y-2">
            {history.data.spans.map((s) => (
              <SpanItem key={`${s.shoe ?? ''}${s.from}`} s={s} by={by} />
            ))}
          </ol>
          <nav aria-label="History pages" className="mt-2 flex items-center justify-between text-sm">
            <button type="button" className="rounded bg-slate-800 px-3 py-1 disabled:opacity-50" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              Newer
            </button>
            <span>
              {page * PAGE + 1}-{Math.min(total, page * PAGE + PAGE)} of {total}
            </span>
            <button
              type="button"
              className="rounded bg-slate-800 px-3 py-1 disabled:opacity-50"
              disabled={(page + 1) * PAGE >= total}
              onClick={() => setPage((p) => p + 1)}
            >
              Older
            </button>
          </nav>
        </>
      )}
      <p className="mt-2 text-xs text-slate-400">A session ends after a pause of more than 30 minutes. Figures are the server&apos;s grades.</p>
    </div>
  );
}

function SpanItem({ s, by }: { s: PlaySpan; by: PlayHistoryBy }) {
  const mistakes = s.plays.graded - s.plays.correct + (s.insurance.graded - s.insurance.correct);
  return (
    <li className="rounded-lg bg-slate-800/60 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold">
          {formatDateTime(s.from)} – {timeOnly(s.to)}
          <span className="font-normal text-slate-400">
            {by === 'session' ? ` · ${s.shoes} ${s.shoes === 1 ? 'shoe' : 'shoes'}` : ` · shoe ${s.shoe?.slice(0, 8) ?? ''}`}
          </span>
        </p>
        <p className="tabular-nums text-rose-300">{s.givenAway_credits > 0 ? `-${s.givenAway_credits.toFixed(2)} credits given away` : 'nothing given away'}</p>
      </div>
      <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 text-slate-300 sm:grid-cols-4">
        <div>
          <dt className="inline">Plays </dt>
          <dd className="inline tabular-nums">{rate(s.plays)}</dd>
        </div>
        <div>
          <dt className="inline">Insurance </dt>
          <dd className="inline tabular-nums">{rate(s.insurance)}</dd>
        </div>
        <div>
          <dt className="inline">Bets </dt>
          <dd className="inline tabular-nums">{rate(s.bets)}</dd>
        </div>
        <div>
          <dt className="inline">Count checks </dt>
          <dd className="inline tabular-nums">{rate(s.countChecks)}</dd>
        </div>
      </dl>
      {mistakes > 0 || s.bets.graded > s.bets.correct || s.countChecks.graded > s.countChecks.correct ? (
        <Link className="mt-1 inline-block text-emerald-300 underline" to={mistakesHref(s)}>
          This {by === 'session' ? 'session' : 'shoe'}&apos;s mistakes
        </Link>
      ) : null}
      {by === 'shoe' && s.shoe ? <ShoeReportSummary shoe={s.shoe} /> : null}
    </li>
  );
}
