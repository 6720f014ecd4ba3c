/**
 * Reading the credits board (ADR 0011). Board order: balance desc, then user id desc (a fixed
 * order inside a tie). Ranks are competition ranks: 1 + visible players with a strictly
 * higher balance, so ties share one.
 *
 * Every query is bounded by an index range, never by the board's size:
 * - rank: the bucket counts above the player's bucket (at most ~7,300 rows) plus the entries
 *   above them inside their own bucket (under 1% of the balance range);
 * - next / previous page: a keyset read from the cursor row (ADR 0018), at any depth;
 * - page N: the bucket counts locate the bucket holding position (N-1)*pageSize, its row is
 *   counted over the index alone from the nearer end of that bucket, and the page is read from
 *   it by keyset;
 * - nearby: two keyset reads of 3 rows around the player's (balance, user id).
 */
import {
  LEADERBOARD_NEARBY,
  type LeaderboardEntry,
  type LeaderboardEvent,
  type LeaderboardPage,
} from '@card-counter/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/index.ts';

interface EntryRow {
  user_id: string;
  display_name: string;
  balance: number;
  last_updated: Date | string;
}

const columns = sql`user_id, display_name, balance, last_updated`;

function toEntry(row: EntryRow, rank: number): LeaderboardEntry {
  return {
    userId: row.user_id,
    displayName: row.display_name,
    balance: row.balance,
    rank,
    lastUpdated: new Date(row.last_updated).toISOString(),
  };
}

/**
 * The competition rank of a visible entry with balance `b` (an SQL integer expression): the
 * bucket counts strictly above b's bucket plus the entries above b inside its own bucket.
 */
function rankSql(b: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(1
    + coalesce((select sum(players) from leaderboard_buckets where bucket >= leaderboard_bucket_end(${b})), 0)
    + (select count(*) from leaderboard_entries x
       where not x.deleted and x.balance > ${b} and x.balance < leaderboard_bucket_end(${b}))
  )::int`;
}

/** The competition rank a visible entry with this balance has. */
export async function rankOfBalance(db: Kysely<DB>, balance: number): Promise<number> {
  const r = await sql<{ rank: number }>`select ${rankSql(sql`${balance}::int`)} as rank`.execute(db);
  return r.rows[0]?.rank ?? 1;
}

/** Visible players on the board. */
export async function totalPlayers(db: Kysely<DB>): Promise<number> {
  const r = await sql<{ total: number }>`
    select coalesce(sum(players), 0)::int as total from leaderboard_buckets`.execute(db);
  return r.rows[0]?.total ?? 0;
}

/** Ranks of consecutive board rows starting at 0-based `position`, the first having `firstRank`. */
function ranked(rows: EntryRow[], position: number, firstRank: number): LeaderboardEntry[] {
  const out: LeaderboardEntry[] = [];
  rows.forEach((row, i) => {
    const prev = out[i - 1];
    // Every row before a lower balance has a strictly higher one: its rank is its position + 1.
    const rank = prev === undefined ? firstRank : prev.balance === row.balance ? prev.rank : position + i + 1;
    out.push(toEntry(row, rank));
  });
  return out;
}

/**
 * The top `limit` rows and the board's size in ONE statement: what every live stream client
 * receives after a change (one query per change and process, whatever the number of clients).
 */
export async function readTop(db: Kysely<DB>, limit: number): Promise<LeaderboardEvent> {
  const r = await sql<Partial<EntryRow> & { total: number }>`
    select e.user_id, e.display_name, e.balance, e.last_updated, t.total
    from (select coalesce(sum(players), 0)::int as total from leaderboard_buckets) t
    left join lateral (
      select ${columns} from leaderboard_entries where not deleted
      order by balance desc, user_id desc limit ${limit}
    ) e on true`.execute(db);
  const rows = r.rows.filter((row): row is EntryRow & { total: number } => row.user_id != null);
  return { entries: ranked(rows, 0, 1), totalPlayers: r.rows[0]?.total ?? 0 };
}

/**
 * The top as the last refresh wrote it (leaderboard_top, ADR 0078): one row read, however many
 * processes serve the stream; the live top's ranks are computed from it exactly as readTop's.
 * Before the first refresh of a new database there is no row: the top is read itself.
 */
export async function readTopSnapshot(db: Kysely<DB>, limit: number): Promise<LeaderboardEvent> {
  const r = await sql<{ rows: EntryRow[]; total: number }>`select rows, total from leaderboard_top where id = 1`.execute(db);
  const snapshot = r.rows[0];
  if (snapshot === undefined) return readTop(db, limit);
  return { entries: ranked(snapshot.rows.slice(0, limit), 0, 1), totalPlayers: snapshot.total };
}

/**
 * Ranks of consecutive board rows given the rank of the first row's balance (`firstRank`) and of
 * the first lower balance on the page (`secondRank`). The first row may sit anywhere inside its
 * tie, so its board position is unknown; the first row with a lower balance has position
 * `secondRank - 1` (everyone ahead of it has a strictly higher balance), and positions follow.
 */
function rankedFromKey(rows: EntryRow[], firstRank: number, secondRank: number): LeaderboardEntry[] {
  const out: LeaderboardEntry[] = [];
  let positionOfFirst: number | undefined;
  rows.forEach((row, i) => {
    const prev = out[i - 1];
    let rank: number;
    if (prev === undefined) rank = firstRank;
    else if (prev.balance === row.balance) rank = prev.rank;
    else if (positionOfFirst === undefined) {
      rank = secondRank;
      positionOfFirst = secondRank - 1 - i;
    } else rank = positionOfFirst + i + 1;
    out.push(toEntry(row, rank));
  });
  return out;
}

/** A row's place in board order: its (balance, user id), as a keyset cursor carries it. */
export interface BoardKey {
  balance: number;
  userId: string;
}

/**
 * Up to `limit` rows next to `key` in board order, in one statement: `after` the rows following
 * it (`from` the same, the key's own row included), `before` the rows preceding it. One index
 * range from the key, whatever its depth, plus two bucket ranks (the first row's balance and the
 * first lower one on the page). The key is parameters, never a join (the planner could then scan
 * the whole index).
 */
export async function readFromKey(
  db: Kysely<DB>,
  key: BoardKey,
  side: 'after' | 'from' | 'before',
  limit: number,
): Promise<LeaderboardEntry[]> {
  const k = sql`(${key.balance}::int, ${key.userId}::text)`;
  const range =
    side === 'before'
      ? sql`(balance, user_id) > ${k} order by balance asc, user_id asc`
      : side === 'after'
        ? sql`(balance, user_id) < ${k} order by balance desc, user_id desc`
        : sql`(balance, user_id) <= ${k} order by balance desc, user_id desc`;
  const r = await sql<EntryRow & { first_rank: number; second_rank: number }>`
    with page as (
      select ${columns} from leaderboard_entries where not deleted and ${range} limit ${limit}
    )
    select p.*,
      (select ${rankSql(sql`f.b`)} from (select max(balance) as b from page) f) as first_rank,
      (select ${rankSql(sql`f.b`)} from (
        select max(balance) as b from page where balance < (select max(balance) from page)) f) as second_rank
    from page p order by p.balance desc, p.user_id desc`.execute(db);
  const first = r.rows[0];
  return first === undefined ? [] : rankedFromKey(r.rows, first.first_rank, first.second_rank);
}

/**
 * The (balance, user id) of the row at 0-based board `position`, or undefined past the end.
 * The bucket counts locate the bucket holding it; inside the bucket the row is counted from the
 * nearer end of the bucket (a tie at a bucket's bottom, like everyone on the signup grant, is
 * reached from below), over the board index alone (an index-only scan: no table rows read).
 */
async function keyAtPosition(db: Kysely<DB>, position: number): Promise<BoardKey | undefined> {
  const at = await sql<{ bucket: number; before: number; players: number }>`
    select bucket, (cum - players)::int as before, players from (
      select bucket, players, sum(players) over (order by bucket desc) as cum from leaderboard_buckets
    ) c
    where cum > ${position}
    order by bucket desc limit 1`.execute(db);
  const b = at.rows[0];
  if (b === undefined) return undefined;
  const fromTop = position - b.before;
  const fromBottom = b.players - 1 - fromTop;
  const r =
    fromTop <= fromBottom
      ? await sql<{ balance: number; user_id: string }>`
          select balance, user_id from leaderboard_entries
          where not deleted and balance < leaderboard_bucket_end(${b.bucket}::int)
          order by balance desc, user_id desc offset ${fromTop} limit 1`.execute(db)
      : await sql<{ balance: number; user_id: string }>`
          select balance, user_id from leaderboard_entries
          where not deleted and balance >= ${b.bucket}::int
          order by balance asc, user_id asc offset ${fromBottom} limit 1`.execute(db);
  const row = r.rows[0];
  return row === undefined ? undefined : { balance: row.balance, userId: row.user_id };
}

/**
 * Rows at 0-based board positions [position, position + limit): the row at `position` is found
 * by `keyAtPosition`, the page is read from it by keyset (`readFromKey`).
 */
export async function readPageEntries(db: Kysely<DB>, position: number, limit: number): Promise<LeaderboardEntry[]> {
  if (position === 0) return (await readTop(db, limit)).entries;
  const key = await keyAtPosition(db, position);
  return key === undefined ? [] : readFromKey(db, key, 'from', limit);
}

/**
 * The player's own row and up to LEADERBOARD_NEARBY rows each side with their ranks (empty
 * while hidden or absent). Two statements: the keyset bounds are the player's own values as
 * parameters (joined to the player's row instead, the planner may scan the whole index).
 */
export async function readNearby(db: Kysely<DB>, userId: string): Promise<{ rank: number | null; rows: LeaderboardEntry[] }> {
  const own = await sql<{ balance: number; deleted: boolean }>`
    select balance, deleted from leaderboard_entries where user_id = ${userId}`.execute(db);
  const me = own.rows[0];
  if (me === undefined || me.deleted) return { rank: null, rows: [] };
  const b = sql`${me.balance}::int`;
  const rows = await sql<EntryRow & { rank: number }>`
    with around as (
      (select ${columns} from leaderboard_entries
       where not deleted and (balance, user_id) > (${b}, ${userId}::text)
       order by balance asc, user_id asc limit ${LEADERBOARD_NEARBY})
      union all
      (select ${columns} from leaderboard_entries where user_id = ${userId})
      union all
      (select ${columns} from leaderboard_entries
       where not deleted and (balance, user_id) < (${b}, ${userId}::text)
       order by balance desc, user_id desc limit ${LEADERBOARD_NEARBY})
    )
    -- The bucket sum above the highest row once; each row adds only the few buckets between.
    , top as (select max(balance) as b from around)
    , above_top as (
      select coalesce(sum(players), 0) as s from leaderboard_buckets
      where bucket >= (select leaderboard_bucket_end(b) from top)
    )
    select a.*, (1 + (select s from above_top)
      + coalesce((select sum(players) from leaderboard_buckets
                  where bucket >= leaderboard_bucket_end(a.balance)
                    and bucket < (select leaderboard_bucket_end(b) from top)), 0)
      + (select count(*) from leaderboard_entries x
         where not x.deleted and x.balance > a.balance and x.balance < leaderboard_bucket_end(a.balance))
    )::int as rank
    from around a
    order by a.balance desc, a.user_id desc`.execute(db);
  const entries = rows.rows.map((row) => toEntry(row, row.rank));
  return { rank: entries.find((e) => e.userId === userId)?.rank ?? null, rows: entries };
}

export async function readBalancePage(
  db: Kysely<DB>,
  query: { page: number; pageSize: number; after?: BoardKey | undefined; before?: BoardKey | undefined },
  userId: string,
): Promise<LeaderboardPage> {
  const entries =
    query.after !== undefined
      ? readFromKey(db, query.after, 'after', query.pageSize)
      : query.before !== undefined
        ? readFromKey(db, query.before, 'before', query.pageSize)
        : readPageEntries(db, (query.page - 1) * query.pageSize, query.pageSize);
  // Independent reads: on PostgreSQL they run side by side on pool connections.
  const [rows, nearby, total] = await Promise.all([
    entries,
    readNearby(db, userId),
    totalPlayers(db),
  ]);
  return {
    entries: rows,
    totalPlayers: total,
    userRank: nearby.rank,
    nearbyEntries: nearby.rows,
    page: query.page,
    pageSize: query.pageSize,
  };
}
