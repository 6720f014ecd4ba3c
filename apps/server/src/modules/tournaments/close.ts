/**
 * The closing of a tournament (decision record 0057): a job of the fleet's queue (jobs/queue.ts,
 * ADR 0048), due at endsAt, that any process may run. It is ONE transaction that takes the
 * tournament for update (entries and table actions hold it for share: none crosses the
 * closing), ranks the entrants, pays the places or refunds every entry through the ledger, each
 * with its own key, and marks the tournament closed. Killed anywhere, the transaction leaves
 * nothing and the job is run again (pg-boss's expiry, or the next start's sweep); run twice (two
 * processes), the second finds it closed. Payouts plus refunds are exactly the pool, asserted.
 *
 * Ranked by final chips; ties by the fewer chips given away against the coach's exact EV (the
 * graded record's decisions and bets in the tournament's shoes, ADR 0028/0030), then by the
 * earlier finish (an entrant still playing at the end counts as finishing at it, with the chips
 * of their last settled round), then by the earlier entry.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { LIVE_TOPICS } from '../../live/topics.ts';
import type { JobQueue } from '../../jobs/index.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { TOURNAMENT_PAYOUT_TYPE, TOURNAMENT_REFUND_TYPE, lockTournament, payoutKey, refundKey } from './entry.ts';
import { payoutTable, type Tournament } from './model.ts';

export const TOURNAMENT_CLOSE_JOB = 'tournament-close';
/** A closing older than this is taken for dead and run again (pg-boss's expiry). */
const CLOSE_EXPIRE_s = 60;

export interface CloseResult {
  outcome: 'finished' | 'cancelled' | 'already' | 'early';
  entrants: number;
  paid: number;
  refunded: number;
}

interface Ranked {
  user_id: string;
  chips: number;
  finished_at: Date | string | null;
  entered_at: Date | string;
  ev: number;
}

const time = (d: Date | string | null, end: Date): number => (d === null ? end.getTime() : new Date(d).getTime());

/** The final order (see the file comment); user id last, so it is total. */
export function rankEntrants(rows: readonly Ranked[], end: Date): Ranked[] {
  return [...rows].sort(
    (a, b) =>
      b.chips - a.chips ||
      a.ev - b.ev ||
      time(a.finished_at, end) - time(b.finished_at, end) ||
      time(a.entered_at, end) - time(b.entered_at, end) ||
      (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0),
  );
}

/** Closes tournament `id` if it is due and open (see the file comment). */
export async function closeTournament(db: Database, id: string, now: Date, hooks: { beforeCommit?: () => Promise<void> } = {}): Promise<CloseResult> {
  return db.kysely.transaction().execute(async (trx) => {
    const t = await lockTournament(trx, id, 'update');
    if (t.closedAt !== null) return { outcome: 'already', entrants: 0, paid: 0, refunded: 0 };
    if (now < t.endsAt) return { outcome: 'early', entrants: 0, paid: 0, refunded: 0 };
    const rows = await rankedRows(trx, t);
    const ranked = rankEntrants(rows, t.endsAt);
    const pool = ranked.length * t.entryCredits;
    const cancelled = ranked.length < t.minEntrants;
    const payouts = cancelled ? [] : payoutTable(pool, t.payoutsPct, ranked.length);
    let paid = 0;
    let refunded = 0;
    const results: { user_id: string; place: number; payout: number; ev: number }[] = [];
    for (const [i, e] of ranked.entries()) {
      const place = i + 1;
      const payout = payouts[i] ?? 0;
      if (cancelled) {
        const r = await applyCreditInTransaction(trx, {
          userId: e.user_id,
          type: TOURNAMENT_REFUND_TYPE,
          amount: t.entryCredits,
          description: `Tournament called off (fewer than ${t.minEntrants} entrants): entry refunded: ${t.name}`,
          metadata: { tournamentId: t.id },
          idempotencyKey: refundKey(t.id, e.user_id),
          now,
        });
        if (r.applied) refunded += t.entryCredits;
      } else if (payout > 0) {
        const r = await applyCreditInTransaction(trx, {
          userId: e.user_id,
          type: TOURNAMENT_PAYOUT_TYPE,
          amount: payout,
          description: `Tournament place ${place}: ${t.name}`,
          metadata: { tournamentId: t.id, place },
          idempotencyKey: payoutKey(t.id, e.user_id),
          now,
        });
        if (r.applied) paid += payout;
      }
      results.push({ user_id: e.user_id, place, payout: cancelled ? 0 : payout, ev: e.ev });
    }
    // Under the lock nothing was paid before (a closed tournament answered 'already' above), so
    // every key was new: what went out is the pool, to the credit.
    if (paid + refunded !== pool) throw new Error(`tournament ${t.id}: paid ${paid} + refunded ${refunded} is not the pool ${pool}`);
    if (results.length > 0)
      await sql`
        update tournament_entries e set place = r.place, payout = r.payout, ev_given_away = r.ev
        from json_to_recordset(${JSON.stringify(results)}::json) as r(user_id text, place integer, payout integer, ev float8)
        where e.tournament_id = ${t.id} and e.user_id = r.user_id`.execute(trx);
    await trx
      .updateTable('tournaments')
      .set({ closed_at: now, outcome: cancelled ? 'cancelled' : 'finished' })
      .where('id', '=', t.id)
      .execute();
    await sql`select pg_notify(${LIVE_TOPICS.tournament}, ${t.id})`.execute(trx);
    await hooks.beforeCommit?.();
    return { outcome: cancelled ? 'cancelled' : 'finished', entrants: ranked.length, paid, refunded };
  });
}

/** The entrants with the chips they gave away in the tournament's shoes (graded decisions and bets). */
async function rankedRows(trx: Kysely<DB>, t: Tournament): Promise<Ranked[]> {
  const { rows } = await sql<Ranked>`
    select e.user_id, e.chips, e.finished_at, e.entered_at,
           -- Decision records 0058/0059: a play the coach's gives nothing away, a bet never less than nothing.
           coalesce((select sum(case when r.kind = 'bet' then greatest(r.ev_cost_credits, 0) when r.correct then 0 else r.ev_cost_credits end) from play_record r
                     where r.user_id = e.user_id and r.shoe = any(${t.commitments}::text[]) and r.graded
                       and r.kind in ('decision', 'bet') and r.at >= e.entered_at), 0)::float8 as ev
    from tournament_entries e where e.tournament_id = ${t.id}`.execute(trx);
  return rows.map((r) => ({ ...r, ev: Number(r.ev) }));
}

export interface ClosingDeps {
  db: Database;
  jobs: JobQueue;
  clock: () => Date;
  /** Grades what waits before the ranking reads the EVs (the record's grader). */
  grader: { drain(): Promise<void> };
  log: { warn(obj: object, msg: string): void };
}

/** The due time of a tournament's closing, as a job's delay from now. */
function delay_s(endsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 1000));
}

/** Sends the closing job of one tournament (at most one waits per tournament: stately, keyed by its id). */
export async function sendClosing(jobs: JobQueue, t: Pick<Tournament, 'id' | 'endsAt'>, now: Date): Promise<void> {
  await jobs.send(TOURNAMENT_CLOSE_JOB, { id: t.id }, { startAfter_s: delay_s(t.endsAt, now), singletonKey: t.id });
}

/**
 * Defines the closing job and sends one for every open tournament (a tournament whose job was
 * lost with a process between its creation and the send, or before this release's queue): the
 * stately policy keeps it to one waiting per tournament.
 */
export async function startClosings(deps: ClosingDeps): Promise<{ repaired: Promise<void> }> {
  await deps.jobs.define<{ id: string }>({
    name: TOURNAMENT_CLOSE_JOB,
    policy: 'stately',
    concurrency: 1,
    expire_s: CLOSE_EXPIRE_s,
    retryLimit: 1_000_000,
    retryDelay_s: 1,
    pollInterval_s: 1,
    handler: async (data) => {
      // Every decision of the tournament graded first: the ranking's tie-break reads them.
      await deps.grader.drain();
      const now = deps.clock();
      const result = await closeTournament(deps.db, data.id, now);
      if (result.outcome === 'early') {
        // Run before its time (a clock behind the queue's): due again at endsAt.
        const row = await deps.db.kysely.selectFrom('tournaments').select(['id', 'ends_at']).where('id', '=', data.id).executeTakeFirst();
        if (row !== undefined) await sendClosing(deps.jobs, { id: row.id, endsAt: new Date(row.ends_at) }, now);
      }
      return result;
    },
  });
  const open = await deps.db.kysely.selectFrom('tournaments').select(['id', 'ends_at']).where('closed_at', 'is', null).execute();
  const now = deps.clock();
  for (const t of open) await sendClosing(deps.jobs, { id: t.id, endsAt: new Date(t.ends_at) }, now);
  // Overdue ones are closed now too: a closing whose process was killed holds its job until
  // pg-boss's expiry, and a restarted process need not wait for it (the lock keeps it to once).
  const overdue = open.filter((t) => new Date(t.ends_at) <= now);
  const repaired = (async () => {
    if (overdue.length === 0) return;
    await deps.grader.drain();
    for (const t of overdue) await closeTournament(deps.db, t.id, deps.clock());
  })().catch((e: unknown) => deps.log.warn({ err: e }, 'closing overdue tournaments at start failed; their jobs close them'));
  return { repaired };
}
