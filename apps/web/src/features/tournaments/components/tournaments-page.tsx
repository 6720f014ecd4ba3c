import type { TournamentSummary } from '@card-counter/shared';
import { Link } from '@/shared/ui/link.tsx';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { useTournaments } from '../api/tournaments-api.ts';
import { STATUS_LABEL, roundsLine, rulesLine, when, whole } from '../model/format.ts';

/** /tournaments: upcoming, running and finished duplicate-shoe tournaments. */
export function TournamentsPage() {
  const guest = useSessionStore((s) => s.status === 'guest');
  if (guest) return <GuestTournaments />;
  return <TournamentsList />;
}

/** A guest plays no tournament (entries are credits, on the server): an invitation to sign up. */
export function GuestTournaments() {
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-4 text-3xl font-bold">Tournaments</h1>
      <p className="rounded-xl bg-slate-900 p-5 text-slate-300">
        <Link className="text-emerald-300 underline" to="/auth/signup">
          Create an account
        </Link>{' '}
        to enter tournaments: everyone plays the same shoes, so skill wins.
      </p>
    </div>
  );
}

function TournamentsList() {
  const list = useTournaments();
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold">Tournaments</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-300">
        Every entrant plays the same shoes, committed when the tournament is made and revealed when it ends: luck evens out, skill decides. Chips are the
        tournament's own, never credits; the entries make the pool, paid to the top places.
      </p>
      {list.isPending ? (
        <p role="status" className="mt-6 text-slate-400">
          Loading the tournaments...
        </p>
      ) : list.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-rose-950 p-4 text-rose-200">
          The tournaments could not be loaded. <button type="button" className="underline" onClick={() => void list.refetch()}>Try again</button>
        </p>
      ) : (
        <div className="mt-6 space-y-8">
          <Group title="Running" items={list.data.running} empty="No tournament is running now." />
          <Group title="Upcoming" items={list.data.upcoming} empty="None scheduled yet." />
          <Group title="Finished" items={list.data.finished} empty="None has finished yet." />
        </div>
      )}
    </div>
  );
}

function Group({ title, items, empty }: { title: string; items: TournamentSummary[]; empty: string }) {
  return (
    <section aria-labelledby={`group-${title}`}>
      <h2 id={`group-${title}`} className="mb-3 text-lg font-semibold text-slate-200">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-400">{empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {items.map((t) => (
            <li key={t.id}>
              <TournamentCard t={t} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TournamentCard({ t }: { t: TournamentSummary }) {
  return (
    <article className="flex h-full flex-col gap-2 rounded-xl border border-slate-800 bg-slate-900 p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold break-words">
          <Link to={`/tournaments/${t.id}`} className="text-emerald-300 hover:underline">
            {t.name}
          </Link>
        </h3>
        <span className="shrink-0 rounded-full bg-slate-800 px-2 py-0.5 text-xs font-medium text-slate-200">{STATUS_LABEL[t.status]}</span>
      </div>
      <p className="font-mono text-xs text-emerald-200">{rulesLine(t)}</p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-400">Play</dt>
        <dd>{roundsLine(t)}</dd>
        <dt className="text-slate-400">Entry</dt>
        <dd>{whole(t.entryCredits)} credits</dd>
        <dt className="text-slate-400">Pool</dt>
        <dd>
          {whole(t.pool)} credits · {whole(t.entrants)} {t.entrants === 1 ? 'entrant' : 'entrants'}
        </dd>
        <dt className="text-slate-400">{t.status === 'upcoming' ? 'Starts' : t.status === 'running' ? 'Ends' : 'Ended'}</dt>
        <dd>{when(t.status === 'upcoming' ? t.startsAt : t.endsAt)}</dd>
      </dl>
      {t.entered ? <p className="text-xs font-semibold text-emerald-300">You are in</p> : null}
    </article>
  );
}
