import type { GradedTally, Lifetime } from '@card-counter/shared';
import { Link } from '@/shared/ui/link.tsx';
import { formatCreditsFull, formatCreditsSigned } from '@/shared/lib/format.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useLifetime } from '../api/lifetime-api.ts';
import { toCsv } from '../model/cards.ts';
import { download } from '@/shared/lib/download.ts';
import { AccuracyChart } from './accuracy-chart.tsx';
import { PlayHistory } from './play-history.tsx';
import { Section } from './section.tsx';

function percentOf(t: GradedTally): string {
  return t.graded > 0 ? `${Math.round((t.correct / t.graded) * 100)}%` : '-';
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg bg-slate-800/60 p-3">
      <dt className="text-xs text-slate-300">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-slate-400">{hint}</dd> : null}
    </div>
  );
}

function credits2(n: number): string {
  return `${n > 0 ? '+' : ''}${n.toFixed(2)}`;
}

/** The figures, then one row per day of graded entries (graded and correct per kind). */
function exportCsv(l: Lifetime) {
  const a = l.accuracy;
  const rows: string[][] = [
    ['figure', 'value'],
    ['hands_played', String(l.hands.played)],
    ['hands_won', String(l.hands.won)],
    ['hands_lost', String(l.hands.lost)],
    ['hands_pushed', String(l.hands.pushed)],
    ['win_rate', l.winRate.toFixed(4)],
    ['net_credits', String(l.netCredits)],
    ['biggest_win_credits', String(l.biggestWin_credits)],
    ['biggest_loss_credits', String(l.biggestLoss_credits)],
    ['best_streak', String(l.bestStreak)],
    ['worst_streak', String(l.worstStreak)],
    ['given_away_credits', l.givenAway_credits.toFixed(2)],
    ['cards_credits', l.cards_credits.toFixed(2)],
    ...(['plays', 'insurance', 'bets', 'countChecks'] as const).flatMap((k) => [
      [`${k}_graded`, String(a[k].graded)],
      [`${k}_correct`, String(a[k].correct)],
    ]),
    [],
    [
      'day',
      'plays_graded',
      'plays_correct',
      'bets_graded',
      'bets_correct',
      'count_checks_graded',
      'count_checks_correct',
    ],
    ...l.byDay.map((d) =>
      [
        d.day,
        d.plays.graded,
        d.plays.correct,
        d.bets.graded,
        d.bets.correct,
        d.countChecks.graded,
        d.countChecks.correct,
      ].map(String),
    ),
  ];
  download('lifetime.csv', toCsv(rows), 'text/csv');
}

/** The player's whole history at the table, as the server recorded it (GET /api/me/lifetime). */
export function LifetimeSection() {
  const lifetime = useLifetime();
  return (
    <Section id="lifetime" title="Lifetime">
      {lifetime.isPending ? (
        <p role="status">Loading...</p>
      ) : lifetime.isError ? (
        <FormError error={lifetime.error} />
      ) : (
        <LifetimeBody l={lifetime.data} />
      )}
    </Section>
  );
}

function LifetimeBody({ l }: { l: Lifetime }) {
  const a = l.accuracy;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure
          label="Hands played"
          value={formatCreditsFull(l.hands.played)}
          hint={`${l.hands.won} won · ${l.hands.lost} lost · ${l.hands.pushed} pushed`}
        />
        <Figure label="Win rate" value={`${(l.winRate * 100).toFixed(1)}%`} />
        <Figure label="Net credits" value={formatCreditsSigned(l.netCredits)} />
        <Figure
          label="Biggest win / loss"
          value={`+${formatCreditsFull(l.biggestWin_credits)} / -${formatCreditsFull(l.biggestLoss_credits)}`}
        />
        <Figure label="Best streak" value={`${l.bestStreak} won`} />
        <Figure label="Worst streak" value={`${l.worstStreak} lost`} />
        <Figure
          label="Play accuracy"
          value={percentOf(a.plays)}
          hint={`${a.plays.correct} of ${a.plays.graded}; insurance ${percentOf(a.insurance)}`}
        />
        <Figure
          label="Bets / count checks"
          value={`${percentOf(a.bets)} / ${percentOf(a.countChecks)}`}
          hint={`${a.bets.graded} bets · ${a.countChecks.graded} checks graded`}
        />
      </dl>
      <LuckAndSkill l={l} />
      <div>
        <h3 className="mb-2 font-semibold">Accuracy by day</h3>
        <AccuracyChart days={l.byDay} />
      </div>
      <PlayHistory />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Link className="text-base text-emerald-300 underline" to="/profile/mistakes">
          Review every mistake
        </Link>
        <button type="button" className="rounded bg-slate-800 px-3 py-2" onClick={() => exportCsv(l)}>
          Export CSV
        </button>
        <button
          type="button"
          className="rounded bg-slate-800 px-3 py-2"
          onClick={() => download('lifetime.json', JSON.stringify(l, null, 2), 'application/json')}
        >
          Export JSON
        </button>
      </div>
    </div>
  );
}

/** Actual against expected: what the cards gave against what the player's mistakes cost (ADR 0035). */
function LuckAndSkill({ l }: { l: Lifetime }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold">Luck and skill</h3>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Figure
          label="Actual result"
          value={formatCreditsSigned(l.netCredits)}
          hint="what the cards and your decisions gave"
        />
        <Figure
          label="Expected with the coach's decisions"
          value={credits2(l.cards_credits)}
          hint="the same cards, every decision the coach's: the cards' share"
        />
        <Figure
          label="Given away by mistakes"
          value={`-${l.givenAway_credits.toFixed(2)}`}
          hint="your share"
        />
      </dl>
      <p className="mt-2 text-xs text-slate-300">
        Each graded decision's cost is its exact EV below the coach's best play, from the cards you had seen,
        times the hand&apos;s stake. The actual result is the expected one less what your mistakes gave away;
        the rest is the cards.
      </p>
    </div>
  );
}
