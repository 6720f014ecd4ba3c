/**
 * Writing leaderboard entries: an entry is a copy of its profile's public fields (display
 * name, credits as balance, last_updated, hidden as `deleted`). One statement upserts any
 * number of them and changes only rows that differ, so the same refresh run by every server
 * process (each hears the change) writes once and announces once.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { LEADERBOARD_LIMIT_DEFAULT } from '@card-counter/shared';
import { LIVE_TOPICS } from '../../live/topics.ts';

/** The one key of the `leaderboard` live topic: every client follows the same board. */
export const BOARD_KEY = 'board';

/** Rows kept in the top snapshot: what the live stream sends (LEADERBOARD_LIMIT_DEFAULT). */
export const LEADERBOARD_TOP_ROWS = LEADERBOARD_LIMIT_DEFAULT;

/** Entries per refresh statement; a larger dirty set is refreshed in several. */
export const REFRESH_BATCH_MAX = 1000;

/**
 * Entry writers queue on this transaction-scoped advisory lock: two processes refreshing
 * overlapping batches (and the bucket rows their triggers touch) in different orders would
 * otherwise deadlock. A refresh holds it for about a millisecond.
 */
const ENTRY_WRITE_LOCK = 7_140_011;

/** Takes the entry writers' lock for the rest of the caller's transaction (anything that writes entries). */
export async function lockEntryWrites(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ENTRY_WRITE_LOCK})`.execute(trx);
}

/**
 * Brings the users' entries in line with their profiles inside the caller's transaction and,
 * when anything changed, publishes the board (delivered on commit). Returns the rows changed.
 */
export async function refreshEntriesInTransaction(trx: Kysely<DB>, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  if (userIds.length > REFRESH_BATCH_MAX) throw new RangeError(`refresh batch of ${userIds.length} users`);
  await lockEntryWrites(trx);
  const result = await sql<{ changed: number }>`
    with written as (
      insert into leaderboard_entries as e (user_id, display_name, balance, last_updated, deleted)
      select p.user_id, p.display_name, p.credits, p.last_updated, not p.show_on_leaderboard
      from profiles p
      where p.user_id = any(${[...userIds]}::text[])
      on conflict (user_id) do update set
        display_name = excluded.display_name,
        balance = excluded.balance,
        last_updated = excluded.last_updated,
        deleted = excluded.deleted
      where (e.display_name, e.balance, e.last_updated, e.deleted)
        is distinct from (excluded.display_name, excluded.balance, excluded.last_updated, excluded.deleted)
      returning 1
    )
    select count(*)::int as changed from written`.execute(trx);
  const changed = result.rows[0]?.changed ?? 0;
  if (changed > 0) await writeTopInTransaction(trx);
  return changed;
}

/**
 * Writes the top of the board (leaderboard_top, ADR 0078) and announces the board (delivered on
 * commit), in one statement inside the caller's transaction, which holds the entry writers' lock:
 * a statement of its own, after the entries' upsert, so it reads every entry written before it.
 * Every process's live stream then reads this one row, not the top again (issue 41).
 */
export async function writeTopInTransaction(trx: Kysely<DB>): Promise<void> {
  await sql`
    with top as (
      select user_id, display_name, balance, last_updated from leaderboard_entries where not deleted
      order by balance desc, user_id desc limit ${LEADERBOARD_TOP_ROWS}
    ),
    snapshot as (
      insert into leaderboard_top as t (id, rows, total, written_at)
      select 1,
        coalesce((select json_agg(top order by balance desc, user_id desc) from top), '[]'::json),
        (select coalesce(sum(players), 0)::int from leaderboard_buckets),
        now()
      on conflict (id) do update set rows = excluded.rows, total = excluded.total, written_at = excluded.written_at
      returning 1
    )
    select pg_notify(${LIVE_TOPICS.leaderboard}, ${BOARD_KEY}) from snapshot`.execute(trx);
}

/** Rewrites the top after entries left the board without a refresh (a cascade from a removed user). */
export async function rewriteTop(db: Database): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockEntryWrites(trx);
    await writeTopInTransaction(trx);
  });
}

/** The same in its own transaction. */
export async function refreshEntries(db: Database, userIds: readonly string[]): Promise<number> {
  return db.kysely.transaction().execute((trx) => refreshEntriesInTransaction(trx, userIds));
}

/**
 * Profiles whose entry is missing or stale: a change whose notification no process heard
 * (all were down, or the listening connection was being re-established). At most `limit`.
 */
export async function staleEntryUsers(db: Database, limit: number): Promise<string[]> {
  const result = await sql<{ user_id: string }>`
    select p.user_id from profiles p
    left join leaderboard_entries e on e.user_id = p.user_id
    where e.user_id is null
      or (e.display_name, e.balance, e.last_updated, e.deleted)
        is distinct from (p.display_name, p.credits, p.last_updated, not p.show_on_leaderboard)
    limit ${limit}`.execute(db.kysely);
  return result.rows.map((r) => r.user_id);
}
