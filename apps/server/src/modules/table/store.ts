/**
 * Reading a player's table row (the writes are write-action.ts). The stored state is the
 * engine's whole GameState (shoe order and salt included): it is restored here (the shoe is
 * checked against its commitment) and leaves the server only through visible().
 */
import { randomUUID } from 'node:crypto';
import { createGame, restoreGameState, type BettingPatterns, type GameState } from '@card-counter/engine';
import { AppError, type TableSnapshot } from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import type { ShoePlay } from './shoe-play.ts';
import { trainingOf, type Training } from './training.ts';

export interface TableRow {
  tableId: string;
  version: number;
  state: GameState;
  patterns: BettingPatterns;
  /** The training settings and the open count check (training.ts). Secret: the expected count. */
  training: Training;
}

export function restoreState(raw: Record<string, unknown>): GameState {
  return restoreGameState(raw);
}

/** A brand-new table: the engine's defaults, the player's credits as its balance. */
export function newTableState(credits: number): GameState {
  return createGame({ balance: credits });
}

export async function readCredits(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db.selectFrom('profiles').select('credits').where('user_id', '=', userId).executeTakeFirst();
  if (row === undefined) throw new AppError('USER_DOC_MISSING');
  return row.credits;
}

/** The player's table without a lock (GET), or null when they have never acted. */
export async function readTable(db: Kysely<DB>, userId: string): Promise<TableRow | null> {
  const row = await db
    .selectFrom('game_tables')
    .select(['table_id', 'version', 'state', 'betting_patterns', 'training'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    tableId: row.table_id,
    version: row.version,
    state: restoreState(row.state),
    patterns: row.betting_patterns as BettingPatterns,
    training: trainingOf(row.training),
  };
}

/** The read statement's row (readForAction). */
interface ActionRow {
  table_id: string | null;
  version: number | null;
  state: Record<string, unknown> | null;
  betting_patterns: unknown;
  shoe_play: unknown;
  training: unknown;
  credits: number;
  request_hash: string | null;
  status: number | null;
  response: unknown;
  counters: Record<string, string> | null;
}

export interface ActionTable extends TableRow {
  /** The player's credit balance, read with the table (no lock: the write checks it is unchanged). */
  credits: number;
  /** The current shoe's decisions judged against basic strategy (shoe-play.ts). */
  shoePlay: ShoePlay | null;
  /** The stored answer to this action id: a retry, or a copy that raced this one and won. */
  prior: { requestHash: string; status: number; response: unknown } | null;
  /** The reward counters a settled round moves (ROUND_COUNTERS), for wouldCross; absent = 0. */
  counters: Record<string, string>;
}

/** The counters a settled round moves (rewards' round_settled event). */
const ROUND_COUNTERS = ['hands_played', 'blackjacks', 'clean_shoes', 'xp'];

/**
 * Everything an action is decided on, in ONE statement and without a lock (ADR 0025): the
 * table (created on the first action), the credit balance, a stored answer to this action id,
 * and the round's reward counters. The write (writeAction) applies only if the table's version
 * and the balance are still the ones read here.
 */
export async function readForAction(db: Kysely<DB>, userId: string, now: Date, actionId: string): Promise<ActionTable> {
  // Raw SQL, not the query builder: this runs on every action, and building joins with kysely
  // cost about 0.2 ms of CPU each time (bench:api profile).
  const select = async () =>
    (
      await sql<ActionRow>`
        select t.table_id, t.version, t.state, t.betting_patterns, t.shoe_play, t.training, p.credits,
               a.request_hash, a.status, a.response,
               (select json_object_agg(metric, value::text) from reward_progress
                where user_id = p.user_id and metric = any(${ROUND_COUNTERS}::text[])) as counters
        from profiles p
        left join game_tables t on t.user_id = p.user_id
        left join game_table_actions a on a.user_id = p.user_id and a.action_id = ${actionId}
        where p.user_id = ${userId}`.execute(db)
    ).rows[0];
  let row = await select();
  if (row === undefined) throw new AppError('USER_DOC_MISSING');
  if (row.table_id === null) {
    const state = newTableState(row.credits);
    // A racing first action inserts the same row: ON CONFLICT does nothing.
    await db
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
  }
  if (row?.table_id == null || row.version === null || row.state === null) throw new Error('table row missing after insert');
  return {
    tableId: row.table_id,
    version: row.version,
    state: restoreState(row.state),
    patterns: row.betting_patterns as BettingPatterns,
    training: trainingOf(row.training),
    credits: row.credits,
    shoePlay: row.shoe_play as ShoePlay | null,
    prior:
      row.request_hash === null || row.status === null || row.response === null
        ? null
        : { requestHash: row.request_hash, status: row.status, response: row.response },
    counters: row.counters ?? {},
  };
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
