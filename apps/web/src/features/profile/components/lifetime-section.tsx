import type { GradedTally, Lifetime } from '@card-counter/shared';
import { Link } from 'react-router';
import { formatCreditsFull, formatCreditsSigned } from '@/shared/lib/format.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useLifetime } from '../api/lifetime-api.ts';
import { AccuracyChart } from './accuracy-chart.tsx';
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
          Each graded decision's cost is its exact EV below the coach's best play, from the cards you had
          seen, times the hand&apos;s stake. The actual result is the expected one less what your mistakes
          gave away; the rest is the cards.
        </p>
      </div>
      <div>
        <h3 className="mb-2 font-semibold">Accuracy by day</h3>
        <AccuracyChart days={l.byDay} />
      </div>
      <p>
        <Link className="text-emerald-300 underline" to="/profile/mistakes">
          Review every mistake
        </Link>
      </p>
    </div>
  );
}
