/**
 * Reading and writing a player's table row. The stored state is the engine's whole GameState
 * (shoe order and salt included): it is restored here (the shoe is checked against its
 * commitment) and leaves the server only through visible().
 */
import { randomUUID } from 'node:crypto';
import { createGame, restoreGameState, type BettingPatterns, type GameState, type PublishedShoe } from '@card-counter/engine';
import { AppError, TABLE_SHOE_HISTORY_MAX, type TableSnapshot } from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import type { ShoePlay } from './shoe-play.ts';
import type { RoundStats } from './stats.ts';
import { additionsSql, type Additions } from '../rewards/index.ts';
import { checkLedgerSteps, ledgerStepsSql, type LedgerStep } from '../ledger/index.ts';
import { tableRecordSql, type TableRecordRow } from '../record/index.ts';
import { trainingOf, type Training } from './training.ts';
import { LIVE_TOPICS, assertLiveKey } from '../../live/topics.ts';
import type { DB } from '../../db/index.ts';

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

export interface StoredAnswer {
  user_id: string;
  action_id: string;
  request_hash: string;
  table_version: number;
  status: number;
  /** The answer's body, as JSON. */
  response: string;
  created_at: Date;
}

/**
 * A refusal's answer, kept under its action id (a retry answers the same). False when a copy of
 * the same action id answered first: read again and answer as it did.
 */
export async function storeRefusal(db: Kysely<DB>, a: StoredAnswer): Promise<boolean> {
  const { rows } = await sql<{ action_id: string }>`
    insert into game_table_actions (user_id, action_id, request_hash, table_version, status, response, created_at)
    values (${a.user_id}, ${a.action_id}, ${a.request_hash}, ${a.table_version}::integer, ${a.status}::integer,
            ${a.response}::json, ${a.created_at}::timestamptz)
    on conflict (user_id, action_id) do nothing
    returning action_id`.execute(db);
  return rows.length === 1;
}

export interface SavedAction extends StoredAnswer {
  /** The version and balance the action was decided on (readForAction): the write's gate. */
  readVersion: number;
  readCredits: number;
  state: GameState;
  patterns: BettingPatterns;
  shoePlay: ShoePlay | null;
  /** The credits moved, in order (stakes, then payout), with their keys. */
  ledger: readonly LedgerStep[];
  /** A round settled by this action: added to the profile's statistics (stats.ts). */
  roundStats: RoundStats | null;
  /** The reward counters this action moves (a settled round, a clean shoe), or null. */
  award: Additions | null;
  /**
   * The shoes the engine revealed in this action (StepResult.published, oldest first), recorded
   * for their player to verify (reveals.ts): exactly what the state's lastShoeReveal publishes,
   * never a shoe merely replaced (one that ran out mid-round waits for the round: ADR 0004).
   */
  reveals: readonly PublishedShoe[];
  /** Answers of this player's actions older than this table version are forgotten (or null); the record is trimmed then too. */
  forgetBefore: number | null;
  training: Training;
  /** The record's entries this action made (record/table-entries.ts): a decision, a count check. */
  record: readonly TableRecordRow[];
}

export interface WriteResult {
  /** The reward counters before and after (rewards' additionsSql answer; [] without an award). */
  counters: unknown;
  /** The balance after the ledger steps. */
  balance: number;
}

/**
 * Writes an accepted action in ONE statement, atomic without a transaction of its own (ADR 0025):
 * the table's new state, version and training, the ledger's steps and the round's statistics
 * (one update of the profile), the reward counters, the record's entries (ADR 0028), the
 * reveals of the shoes the engine published, the answer under its action id, the retention of
 * old answers and record entries, and the table's live notice (delivered at commit; the
 * player's other tabs follow it; the ledger's steps announce a change of the profile).
 *
 * The gate: the table row is locked (FOR UPDATE, which re-reads a row changed since this
 * statement's snapshot) and must still have `readVersion`; the profile must still hold
 * `readCredits` when the action touches it. If either moved since the read, NOTHING is written
 * and this answers null: read again and decide again. Lock order: the table row, the profile,
 * the reward counters (as everywhere, ADR 0009).
 *
 * Durable before it answers: the statement commits synchronously (the session's default), so
 * what the answer shows survives a crash of this process or of PostgreSQL (ADR 0025, amended:
 * an asynchronous commit let a restarted table deal a round its player had already seen).
 */
export async function writeAction(
  db: Kysely<DB>,
  a: SavedAction,
): Promise<WriteResult | null> {
  assertLiveKey(a.user_id);
  const st = a.roundStats;
  // A settled round's statistics, a money move, or reward counters (locked after the profile).
  const touch = st !== null || a.award !== null;
  const ledger = ledgerStepsSql({
    userId: a.user_id,
    creditsBefore: a.readCredits,
    steps: a.ledger,
    now: a.created_at,
    gate: sql<boolean>`exists (select 1 from cur)`,
    touch,
    // One statement text whether a round settled or not: without one, every term adds 0.
    alsoSet: sql`total_hands_played = total_hands_played + ${st?.handsPlayed ?? 0}::integer,
        total_hands_won = total_hands_won + ${st?.handsWon ?? 0}::integer,
        total_winnings = total_winnings + ${st?.net ?? 0}::integer,
        best_streak = greatest(best_streak, ${st?.streak ?? 0}::integer),
        biggest_win = greatest(biggest_win, ${Math.max(0, st?.net ?? 0)}::integer)`,
  });
  const rewards = additionsSql(a.user_id, a.award, a.created_at, sql<boolean>`exists (select 1 from saved)`);
  const record = tableRecordSql(a.user_id, a.record, sql<boolean>`exists (select 1 from saved)`, a.forgetBefore !== null);
  if (a.reveals.length >= TABLE_SHOE_HISTORY_MAX) throw new Error('table: more shoes revealed in one action than the history keeps');
  const { rows } = await sql<{ counters: unknown; ledger: unknown }>`
    with cur as (
      select version from game_tables where user_id = ${a.user_id} and version = ${a.readVersion}::integer for update
    ),
    ${ledger.ctes},
    saved as (
      update game_tables
      set version = ${a.state.version}::integer, state = ${JSON.stringify(a.state)}::json,
          betting_patterns = ${JSON.stringify(a.patterns)}::jsonb, updated_at = ${a.created_at}::timestamptz,
          shoe_play = ${a.shoePlay === null ? null : JSON.stringify(a.shoePlay)}::jsonb,
          training = ${JSON.stringify(a.training)}::jsonb
      where user_id = ${a.user_id} and exists (select 1 from cur)
        and (select count(*) from lg_prof) = ${ledger.touched ? 1 : 0}
      returning user_id
    ),
    ${rewards.ctes},
    ${record},
    reveal as (
      -- Oldest first, so ids follow the order the shoes were published (the newest is the
      -- state's lastShoeReveal).
      insert into game_shoe_reveals (user_id, commitment, reveal, replaced_at)
      select saved.user_id, r.item->>'commitment', r.item->'reveal', ${a.created_at}::timestamptz
      from saved, jsonb_array_elements(${JSON.stringify(a.reveals)}::jsonb) with ordinality as r(item, n)
      order by r.n
      returning id
    ),
    reveal_bound as (
      -- Only the newest TABLE_SHOE_HISTORY_MAX stay: the ones inserted above (not in this
      -- statement's snapshot) and the newest MAX - inserted before them.
      delete from game_shoe_reveals
      where user_id = ${a.user_id} and exists (select 1 from reveal)
        and id < coalesce((select id from game_shoe_reveals where user_id = ${a.user_id}
                           order by id desc offset ${TABLE_SHOE_HISTORY_MAX - 1 - a.reveals.length}::integer limit 1), 0)
    ),
    forget as (
      delete from game_table_actions
      where user_id = ${a.user_id} and exists (select 1 from saved)
        and table_version < ${a.forgetBefore ?? 0}::integer
    ),
    notice as (select pg_notify(${LIVE_TOPICS.table}, saved.user_id) from saved)
    insert into game_table_actions (user_id, action_id, request_hash, table_version, status, response, created_at)
    select saved.user_id, ${a.action_id}::text, ${a.request_hash}::text, ${a.table_version}::integer,
           ${a.status}::integer, ${a.response}::json, ${a.created_at}::timestamptz
    from saved
    where exists (select 1 from notice)
    returning ${rewards.answer} as counters, ${ledger.rows} as ledger`.execute(db);
  if (rows.length === 0) return null;
  const row = rows[0];
  if (rows.length !== 1 || row === undefined) throw new Error('table write answered several rows');
  return { counters: row.counters, balance: checkLedgerSteps(ledger, a.ledger, a.readCredits, row.ledger) };
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
