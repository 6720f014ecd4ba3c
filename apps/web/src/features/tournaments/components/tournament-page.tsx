import { useState, type ReactNode } from 'react';
import type { TournamentDetail } from '@card-counter/shared';
import { ApiError } from '@/shared/lib/api-client.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Link } from '@/shared/ui/link.tsx';
import { useEnter, useTournament } from '../api/tournaments-api.ts';
import { useLiveStandings } from '../hooks/use-live-standings.ts';
import { STATUS_LABEL, roundsLine, rulesLine, when, whole } from '../model/format.ts';
import { EntrantRecord } from './entrant-record.tsx';
import { ShoesReveal } from './shoes-reveal.tsx';
import { StandingsTable } from './standings-table.tsx';

export interface TournamentHouse {
  unit: 'chips';
  betMin: number;
  betMax: number;
  feePerHand: 0;
}

/**
 * /tournaments/:id: the tournament, its entry, its table (rendered by the app from the table's
 * own screen: features do not import each other), the live standings and, once it is over, the
 * results, each entrant's record and the shoes' reveal checked in this browser.
 */
export function TournamentPage({ id, userId, table }: { id: string; userId: string | undefined; table: (house: TournamentHouse) => ReactNode }) {
  const detail = useTournament(id);
  const over = detail.data !== undefined && (detail.data.tournament.status === 'finished' || detail.data.tournament.status === 'cancelled');
  const live = useLiveStandings(id, userId, detail.data !== undefined && !over);
  const [recordOf, setRecordOf] = useState<string | null>(null);
  if (detail.isPending)
    return (
      <p role="status" className="mx-auto max-w-5xl text-slate-400">
        Loading the tournament...
      </p>
    );
  if (detail.isError)
    return (
      <div role="alert" className="mx-auto max-w-5xl rounded-lg bg-rose-950 p-4 text-rose-200">
        {detail.error instanceof ApiError && detail.error.status === 404 ? 'There is no such tournament.' : 'The tournament could not be loaded.'}{' '}
        <Link to="/tournaments" className="underline">
          All tournaments
        </Link>
      </div>
    );
  const d = detail.data;
  const t = d.tournament;
  const house: TournamentHouse = { unit: 'chips', betMin: t.betMin, betMax: t.betMax, feePerHand: 0 };
  const playing = t.entered && t.status === 'running' && !(d.me?.finished ?? false);
  const recordName = d.standings.find((s) => s.userId === recordOf)?.displayName ?? 'Player';
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Header d={d} />
      <EntryPanel d={d} id={id} />
      {t.entered && t.status === 'running' ? table(house) : null}
      {over && d.me !== null ? <MyResult d={d} /> : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="standings-title" className="min-w-0 rounded-xl border border-slate-800 bg-slate-900 p-4">
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="standings-title" className="text-lg font-semibold">
              {over ? 'Results' : 'Standings'}
            </h2>
            {!over ? (
              <span className="text-xs text-slate-400" data-testid="standings-live">
                {live === 'live' ? 'Live' : live === 'connecting' ? 'Connecting...' : 'Reconnecting...'} · chips after each settled round, never cards
              </span>
            ) : null}
          </div>
          <StandingsTable rows={d.standings} me={d.me} final={over} onRecord={over ? setRecordOf : undefined} />
        </section>
        <Payouts d={d} />
      </div>
      {recordOf !== null ? <EntrantRecord tournamentId={id} userId={recordOf} name={recordName} onClose={() => setRecordOf(null)} /> : null}
      {d.reveal !== null ? <ShoesReveal reveal={d.reveal} published={t.shoesCommitment} /> : null}
      {playing ? null : <Link to="/tournaments" className="text-sm text-emerald-300 underline">All tournaments</Link>}
    </div>
  );
}

function Header({ d }: { d: TournamentDetail }) {
  const t = d.tournament;
  return (
    <header className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="min-w-0 text-2xl font-bold break-words sm:text-3xl">{t.name}</h1>
        <span className="rounded-full bg-slate-800 px-2 py-0.5 text-xs font-medium text-slate-200" data-testid="tournament-status">
          {STATUS_LABEL[t.status]}
        </span>
      </div>
      <p className="font-mono text-sm text-emerald-200">{rulesLine(t)}</p>
      <p className="text-sm text-slate-300">
        {roundsLine(t)} · {whole(t.chips)} chips to start · bets {whole(t.betMin)}–{whole(t.betMax)} · {t.counting.system} count shown
        {t.testMode === 'imposed' ? ' · test mode' : ''}
      </p>
      <p className="text-sm text-slate-400">
        {when(t.startsAt)} – {when(t.endsAt)} · {whole(t.entrants)} {t.entrants === 1 ? 'entrant' : 'entrants'} (at least {whole(t.minEntrants)}, or it is called off and
        refunded)
      </p>
    </header>
  );
}

function EntryPanel({ d, id }: { d: TournamentDetail; id: string }) {
  const t = d.tournament;
  const enter = useEnter(id);
  if (t.status === 'finished' || t.status === 'cancelled') return null;
  if (t.entered) {
    const mine = d.me;
    return (
      <p className="rounded-lg bg-emerald-950/60 p-3 text-sm text-emerald-100" data-testid="entered">
        {t.status === 'upcoming'
          ? `You are in. Play opens ${when(t.startsAt)}.`
          : mine?.finished
            ? `You have played your tournament: ${whole(mine.chips)} chips, place ${whole(mine.place)} for now. Results when it ends, ${when(t.endsAt)}.`
            : `You are in: the same shoes as every entrant. Play ${roundsLine(t)} before ${when(t.endsAt)}.`}
      </p>
    );
  }
  const error = enter.error instanceof ApiError ? enter.error.message : enter.error ? 'The entry could not be made. Try again.' : null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-800 bg-slate-900 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-200">
        Entry {whole(t.entryCredits)} credits, taken now. The pool of entries is paid to the top {d.payouts.length > 0 ? d.payouts.length : t.payouts_pct.length}{' '}
        places.
      </p>
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <Button onClick={() => enter.mutate()} disabled={enter.isPending}>
          {enter.isPending ? 'Entering...' : `Enter for ${whole(t.entryCredits)} credits`}
        </Button>
        {error !== null ? (
          <p role="alert" className="text-sm text-rose-300">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function MyResult({ d }: { d: TournamentDetail }) {
  const me = d.me;
  if (me === null) return null;
  const cancelled = d.tournament.status === 'cancelled';
  return (
    <p className="rounded-lg bg-slate-900 p-4 text-base font-semibold" data-testid="my-result">
      {cancelled
        ? `Called off: fewer than ${whole(d.tournament.minEntrants)} entrants. Your ${whole(d.tournament.entryCredits)} credits were refunded.`
        : `You finished ${ordinal(me.place)} of ${whole(d.tournament.entrants)} with ${whole(me.chips)} chips${(me.payout ?? 0) > 0 ? `: paid ${whole(me.payout ?? 0)} credits.` : '.'}`}
    </p>
  );
}

function Payouts({ d }: { d: TournamentDetail }) {
  const t = d.tournament;
  return (
    <section aria-labelledby="payouts-title" className="rounded-xl border border-slate-800 bg-slate-900 p-4">
      <h2 id="payouts-title" className="text-lg font-semibold">
        Prizes
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        Pool {whole(t.pool)} credits ({t.payouts_pct.join(' / ')} %). Ties: fewer chips of EV given away, then the earlier finish.
      </p>
      {t.status === 'cancelled' ? (
        <p className="mt-2 text-sm text-slate-300">Called off: every entry refunded.</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm">
          {d.payouts.map((p) => (
            <li key={p.place} className="flex justify-between gap-2 font-mono tabular-nums">
              <span>{ordinal(p.place)}</span>
              <span>{whole(p.credits)} credits</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${whole(n)}${s}`;
}
