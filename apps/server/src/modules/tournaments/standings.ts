/**
 * What anyone may read of a tournament (decision record 0056): its summary, the standings (chips
 * and rounds played, never a card: an entrant ahead in the shoes must tell the others nothing
 * about them), each place's payout, and after the closing the results, the entrants' records and
 * the shoes' reveal. Live standings are ordered by chips, then by who finished first, then by
 * who entered first; the final ones are the closing's places (close.ts).
 */
import {
  AppError,
  TOURNAMENT_LIST_MAX,
  TOURNAMENT_STANDINGS_SHOWN_MAX,
  type TournamentDetail,
  type TournamentList,
  type TournamentRecord,
  type TournamentStanding,
  type TournamentStandingsEvent,
  type TournamentSummary,
} from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { payoutTable, statusOf, summaryOf, tournamentOf, type Tournament } from './model.ts';
import { revealShoes } from './shoes.ts';

export async function findTournament(db: Kysely<DB>, id: string): Promise<Tournament> {
  const row = await db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw new AppError('TOURNAMENT_NOT_FOUND');
  return tournamentOf(row);
}

async function entrantsOf(db: Kysely<DB>, id: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from tournament_entries where tournament_id = ${id}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

async function hasEntered(db: Kysely<DB>, id: string, userId: string): Promise<boolean> {
  const r = await db.selectFrom('tournament_entries').select('user_id').where('tournament_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return r !== undefined;
}

export async function summary(db: Kysely<DB>, t: Tournament, userId: string, now: Date): Promise<TournamentSummary> {
  const [n, entered] = await Promise.all([entrantsOf(db, t.id), hasEntered(db, t.id, userId)]);
  return summaryOf(t, now, n, entered);
}

/** GET /api/tournaments: upcoming (soonest first), running (ending soonest first), finished (latest first). */
export async function listTournaments(db: Database, userId: string, now: Date): Promise<TournamentList> {
  const { rows } = await sql<{ t: Record<string, unknown>; entrants: number; entered: boolean; grp: 'upcoming' | 'running' | 'finished' }>`
    select * from (
      (select to_jsonb(t) as t, 'upcoming' as grp, t.starts_at as k from tournaments t
       where t.closed_at is null and t.starts_at > ${now}::timestamptz order by t.starts_at limit ${TOURNAMENT_LIST_MAX})
      union all
      (select to_jsonb(t) as t, 'running' as grp, t.ends_at as k from tournaments t
       where t.closed_at is null and t.starts_at <= ${now}::timestamptz order by t.ends_at limit ${TOURNAMENT_LIST_MAX})
      union all
      (select to_jsonb(t) as t, 'finished' as grp, t.closed_at as k from tournaments t
       where t.closed_at is not null order by t.closed_at desc limit ${TOURNAMENT_LIST_MAX})
    ) l
    cross join lateral (
      select count(*)::int as entrants, coalesce(bool_or(e.user_id = ${userId}), false) as entered
      from tournament_entries e where e.tournament_id = (l.t->>'id')::uuid
    ) c
    order by grp, case when grp = 'finished' then null else k end, k desc`.execute(db.kysely);
  const out: TournamentList = { upcoming: [], running: [], finished: [] };
  for (const r of rows) {
    const t = tournamentOf(r.t as never);
    out[r.grp].push(summaryOf(t, now, r.entrants, r.entered));
  }
  return out;
}

interface StandingRow {
  place: number;
  user_id: string;
  display_name: string;
  chips: number;
  rounds_played: number;
  finished_at: Date | string | null;
  payout: number | null;
  ev_given_away: number | null;
}

const standingOf = (closed: boolean, r: StandingRow): TournamentStanding => ({
  place: Number(r.place),
  userId: r.user_id,
  displayName: r.display_name,
  chips: r.chips,
  roundsPlayed: r.rounds_played,
  finished: r.finished_at !== null,
  payout: closed ? (r.payout ?? 0) : null,
  evGivenAway: closed ? (r.ev_given_away ?? 0) : null,
});

/** The first TOURNAMENT_STANDINGS_SHOWN_MAX lines, and `userId`'s own wherever it is. */
async function standingRows(db: Kysely<DB>, t: Tournament, userId: string | null): Promise<StandingRow[]> {
  const order = t.closedAt !== null ? sql`e.place` : sql`e.chips desc, e.finished_at asc nulls last, e.entered_at, e.user_id`;
  const { rows } = await sql<StandingRow>`
    with ranked as (
      select e.user_id, e.chips, e.rounds_played, e.finished_at, e.payout, e.ev_given_away,
             row_number() over (order by ${order}) as place
      from tournament_entries e where e.tournament_id = ${t.id}
    )
    select r.place::int as place, r.user_id, coalesce(p.display_name, '') as display_name, r.chips, r.rounds_played,
           r.finished_at, r.payout, r.ev_given_away
    from ranked r left join profiles p on p.user_id = r.user_id
    where r.place <= ${TOURNAMENT_STANDINGS_SHOWN_MAX} or r.user_id = ${userId ?? ''}
    order by r.place`.execute(db);
  return rows;
}

export async function standingsEvent(db: Kysely<DB>, id: string, now: Date): Promise<TournamentStandingsEvent | null> {
  const row = await db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) return null;
  const t = tournamentOf(row);
  const [rows, entrants] = await Promise.all([standingRows(db, t, null), entrantsOf(db, id)]);
  return { status: statusOf(t, now), entrants, standings: rows.map((r) => standingOf(t.closedAt !== null, r)) };
}

/** Revealed shoes per closed tournament: immutable once closed, and each reveal costs a shuffle per shoe. */
const revealCache = new Map<string, NonNullable<TournamentDetail['reveal']>>();
const REVEAL_CACHE_MAX = 20;

function revealOf(t: Tournament): TournamentDetail['reveal'] {
  if (t.closedAt === null) return null;
  let r = revealCache.get(t.id);
  if (r === undefined) {
    r = { commitments: t.commitments, shoes: revealShoes(t.seed, t.rules.numDecks, t.commitments.length) };
    if (revealCache.size >= REVEAL_CACHE_MAX) revealCache.delete(revealCache.keys().next().value ?? '');
    revealCache.set(t.id, r);
  }
  return r;
}

/** GET /api/tournaments/:id. */
export async function readDetail(db: Database, id: string, userId: string, now: Date): Promise<TournamentDetail> {
  const t = await findTournament(db.kysely, id);
  const [rows, entrants] = await Promise.all([standingRows(db.kysely, t, userId), entrantsOf(db.kysely, id)]);
  const closed = t.closedAt !== null;
  const lines = rows.map((r) => standingOf(closed, r));
  const mine = lines.find((l) => l.userId === userId) ?? null;
  const payouts =
    t.outcome === 'cancelled'
      ? []
      : payoutTable(entrants * t.entryCredits, t.payoutsPct, entrants).map((credits, i) => ({ place: i + 1, credits }));
  return {
    tournament: summaryOf(t, now, entrants, mine !== null),
    standings: lines.filter((l) => l.place <= TOURNAMENT_STANDINGS_SHOWN_MAX),
    me: mine,
    payouts,
    reveal: revealOf(t),
  };
}

/** GET /api/tournaments/:id/record?userId=: an entrant's graded decisions and bets of the tournament, once it is over. */
export async function readEntrantRecord(db: Database, id: string, entrantId: string): Promise<TournamentRecord> {
  const t = await findTournament(db.kysely, id);
  // During play the record carries counts and cards (and the shoes are every entrant's).
  if (t.closedAt === null) throw new AppError('TOURNAMENT_NOT_OVER');
  if (!(await hasEntered(db.kysely, id, entrantId))) throw new AppError('TOURNAMENT_NOT_ENTERED', 'This player did not enter this tournament.');
  const { rows } = await sql<{ kind: 'decision' | 'bet'; at: Date | string; correct: boolean; ev_cost_credits: number; bet_credits: number; entry: Record<string, unknown> }>`
    select kind, at, correct, ev_cost_credits, bet_credits, entry from play_record
    where user_id = ${entrantId} and shoe = any(${t.commitments}::text[]) and kind in ('decision', 'bet') and graded
      and at >= (select entered_at from tournament_entries where tournament_id = ${id} and user_id = ${entrantId})
    order by id`.execute(db.kysely);
  const decisions = rows.filter((r) => r.kind === 'decision');
  const bets = rows.filter((r) => r.kind === 'bet');
  return {
    userId: entrantId,
    decisions: decisions.length,
    mistakes: decisions.filter((r) => !r.correct).length,
    bets: bets.length,
    betsOffRamp: bets.filter((r) => !r.correct).length,
    // Decision records 0058/0059: a play the coach's gives nothing away, a bet never less than nothing.
    evGivenAway: rows.reduce((a, r) => a + (r.kind === 'bet' ? Math.max(0, r.ev_cost_credits) : r.correct ? 0 : r.ev_cost_credits), 0),
    items: rows.map((r) => ({ kind: r.kind, at: new Date(r.at).toISOString(), correct: r.correct, evCost: r.ev_cost_credits, bet: r.bet_credits, entry: r.entry ?? {} })),
  };
}
