/**
 * Reading and writing a player's table row. The stored state is the engine's whole GameState
 * (shoe order and salt included): it is restored here (the shoe is checked against its
 * commitment) and leaves the server only through visible().
 */
import { randomUUID } from 'node:crypto';
import { createGame, restoreShoe, type BettingPatterns, type GameState } from '@card-counter/engine';
import { AppError, type TableSnapshot } from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import type { ShoePlay } from './shoe-play.ts';
import type { RoundStats } from './stats.ts';
import { additionsSql, type Additions } from '../rewards/index.ts';
import { LIVE_TOPICS, assertLiveKey, type LiveTopic } from '../../live/topics.ts';
import type { DB } from '../../db/index.ts';

export interface TableRow {
  tableId: string;
  version: number;
  state: GameState;
  patterns: BettingPatterns;
}

export function restoreState(raw: Record<string, unknown>): GameState {
  const state = raw as unknown as GameState;
  return { ...state, deck: state.deck ? restoreShoe(state.deck) : null };
}

/** A brand-new table: the engine's defaults, the player's credits as its balance. */
export function newTableState(credits: number): GameState {
  return createGame({ balance: credits });
}

export async function readCredits(db: Kysely<DB>, userId: string, lock: boolean): Promise<number> {
  let q = db.selectFrom('profiles').select('credits').where('user_id', '=', userId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (row === undefined) throw new AppError('USER_DOC_MISSING');
  return row.credits;
}

/** The player's table without a lock (GET), or null when they have never acted. */
export async function readTable(db: Kysely<DB>, userId: string): Promise<TableRow | null> {
  const row = await db
    .selectFrom('game_tables')
    .select(['table_id', 'version', 'state', 'betting_patterns'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    tableId: row.table_id,
    version: row.version,
    state: restoreState(row.state),
    patterns: row.betting_patterns as BettingPatterns,
  };
}

/** The lock statement's row (lockTable). */
interface LockRow {
  table_id: string;
  version: number;
  state: Record<string, unknown>;
  betting_patterns: unknown;
  shoe_play: unknown;
  credits: number;
  request_hash: string | null;
  status: number | null;
  response: unknown;
}

export interface LockedTable extends TableRow {
  /** The player's credit balance, read under the same lock. */
  credits: number;
  /** The current shoe's decisions judged against basic strategy (shoe-play.ts). */
  shoePlay: ShoePlay | null;
  /**
   * The stored answer to this action id, as the lock statement's snapshot saw it. A racing
   * copy that committed while this statement waited for the lock is NOT seen here (PostgreSQL
   * re-reads only the locked rows); its answer row then makes this transaction's own answer
   * insert fail on the primary key, and applyTableAction runs again and finds it.
   */
  prior: { requestHash: string; status: number; response: unknown } | null;
}

/**
 * The player's table, created when missing, and their profile row, both locked (FOR UPDATE)
 * until the transaction ends, in one round trip: every action of one player runs one after
 * the other, in any server process. Lock order everywhere: the table row, then the profile
 * row (the ledger locks only the profile), so no cycle.
 */
export async function lockTable(
  trx: Kysely<DB>,
  userId: string,
  now: Date,
  actionId: string,
): Promise<LockedTable> {
  // Raw SQL, not the query builder: this runs on every action, and building the join with
  // kysely cost about 0.2 ms of CPU each time (bench:api profile).
  const select = async () =>
    (
      await sql<LockRow>`
        select t.table_id, t.version, t.state, t.betting_patterns, t.shoe_play, p.credits,
               a.request_hash, a.status, a.response
        from game_tables t
        join profiles p on p.user_id = t.user_id
        left join game_table_actions a on a.user_id = t.user_id and a.action_id = ${actionId}
        where t.user_id = ${userId}
        for update of t, p`.execute(trx)
    ).rows[0];
  let row = await select();
  if (row === undefined) {
    const state = newTableState(await readCredits(trx, userId, false));
    // A racing first action inserts the same row: ON CONFLICT waits for it and does nothing.
    await trx
      .insertInto('game_tables')
      .values({
        user_id: userId,
        table_id: randomUUID(),
        version: state.version,
        state: JSON.stringify(state),
        betting_patterns: '{}',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    row = await select();
    if (row === undefined) throw new Error('table row missing after insert');
  }
  return {
    tableId: row.table_id,
    version: row.version,
    state: restoreState(row.state),
    patterns: row.betting_patterns as BettingPatterns,
    credits: row.credits,
    shoePlay: row.shoe_play as ShoePlay | null,
    prior:
      row.request_hash === null || row.status === null || row.response === null
        ? null
        : { requestHash: row.request_hash, status: row.status, response: row.response },
  };
}

export interface SavedAction {
  user_id: string;
  action_id: string;
  request_hash: string;
  table_version: number;
  status: number;
  /** The answer's body, as JSON. */
  response: string;
  created_at: Date;
  state: GameState;
  patterns: BettingPatterns;
  shoePlay: ShoePlay | null;
  /** A round settled by this action: added to the profile's statistics (stats.ts). */
  roundStats: RoundStats | null;
  /** The reward counters this action moves (a settled round, a clean shoe), or null. */
  award: Additions | null;
}

/**
 * Saves the table's new state and the action's answer, adds a settled round to the profile's
 * statistics, moves its reward counters and announces `notices` (delivered at commit), in ONE
 * statement: the caller holds the table row's lock and the profile row's (lockTable). Answers
 * the reward counters before and after (rewards' additionsSql; `[]` without an award).
 */
export async function saveTable(
  trx: Kysely<DB>,
  a: SavedAction,
  notices: readonly LiveTopic[],
): Promise<unknown> {
  assertLiveKey(a.user_id);
  const rewards = additionsSql(a.user_id, a.award, a.created_at);
  const channels = notices.map((t) => LIVE_TOPICS[t]);
  // One statement text whether a round settled or not (a prepared statement each way would do
  // too, but this keeps the save in one place): without stats, the update matches no row.
  const st = a.roundStats;
  const { rows } = await sql<{ action_id: string; counters: unknown }>`
    with ${rewards.ctes},
    stats as (
      update profiles set
        total_hands_played = total_hands_played + ${st?.handsPlayed ?? 0}::integer,
        total_hands_won = total_hands_won + ${st?.handsWon ?? 0}::integer,
        total_winnings = total_winnings + ${st?.net ?? 0}::integer,
        best_streak = greatest(best_streak, ${st?.streak ?? 0}::integer),
        biggest_win = greatest(biggest_win, ${Math.max(0, st?.net ?? 0)}::integer),
        last_updated = ${a.created_at}::timestamptz
      where user_id = ${a.user_id} and ${st !== null}::boolean
      returning 1
    ),
    saved as (
      update game_tables
      set version = ${a.state.version}::integer, state = ${JSON.stringify(a.state)}::json,
          betting_patterns = ${JSON.stringify(a.patterns)}::jsonb, updated_at = ${a.created_at}::timestamptz,
          shoe_play = ${a.shoePlay === null ? null : JSON.stringify(a.shoePlay)}::jsonb
      where user_id = ${a.user_id}
      returning user_id
    ),
    notice as (
      select pg_notify(channel, saved.user_id) from saved, unnest(${channels}::text[]) as channel
    )
    insert into game_table_actions (user_id, action_id, request_hash, table_version, status, response, created_at)
    select saved.user_id, ${a.action_id}::text, ${a.request_hash}::text, ${a.table_version}::integer,
           ${a.status}::integer, ${a.response}::json, ${a.created_at}::timestamptz
    from saved
    where (select count(*) from notice) = ${channels.length}
      and (select count(*) from stats) = ${st === null ? 0 : 1}
    returning action_id, ${rewards.answer} as counters`.execute(trx);
  if (rows.length !== 1) throw new Error('table or profile row vanished under its lock');
  return rows[0]?.counters;
}

/**
 * A reward paid after the save (its counters crossed a target) is part of the balance the
 * answer shows, so the stored answer takes the new balance and a retry answers the same. The
 * stored state needs nothing: its balance is replaced by the credits whenever it is read.
 * Rare (an achievement, a level).
 */
export async function patchSavedAnswer(
  trx: Kysely<DB>,
  userId: string,
  actionId: string,
  response: string,
): Promise<void> {
  const r = await trx
    .updateTable('game_table_actions')
    .set({ response })
    .where('user_id', '=', userId)
    .where('action_id', '=', actionId)
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n) throw new Error('saved answer missing under the lock');
}

/** The table's version now (the live topic's event: a tab behind it reloads the table). */
export async function readVersion(
  db: Kysely<DB>,
  userId: string,
): Promise<Pick<TableSnapshot, 'version'> | null> {
  const row = await db
    .selectFrom('game_tables')
    .select('version')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? null : { version: row.version };
}
