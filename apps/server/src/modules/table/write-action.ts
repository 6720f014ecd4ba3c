/**
 * The table's writes. An accepted action is ONE statement (ADR 0025), and it writes these
 * tables, each through its owner's piece (test/write-ownership.test.ts):
 * - game_tables: the state, version, betting patterns, shoe tally and training (this module);
 * - game_table_actions: the answer under its action id, and old answers forgotten (this module);
 * - game_shoe_reveals: the shoes the engine published, bounded history (this module);
 * - profiles: the balance (profiles/sql.ts creditsUpdate, composed by the ledger's steps) and
 *   a settled round's lifetime statistics (profiles/sql.ts roundStatsSet);
 * - credit_transactions: the stakes and payout (ledger/steps-sql.ts);
 * - reward_progress: a settled round's reward counters (rewards' additionsSql);
 * - play_record: the decision or count check the action made (record/table-entries.ts);
 * - table_round_cards: a finished round's deal log (round-cards.ts, ADR 0061).
 * A refusal writes only its answer (storeRefusal); a reward paid after the write patches the
 * stored answer (patchSavedAnswer).
 */
import type { BettingPatterns, GameState, PublishedShoe } from '@card-counter/engine';
import { TABLE_SHOE_HISTORY_MAX } from '@card-counter/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/index.ts';
import { LIVE_TOPICS, assertLiveKey } from '../../live/topics.ts';
import { checkLedgerSteps, ledgerStepsSql, type LedgerStep } from '../ledger/index.ts';
import { roundStatsSet } from '../profiles/sql.ts';
import { tableRecordSql, type TableRecordRow } from '../record/index.ts';
import { additionsSql, type Additions } from '../rewards/index.ts';
import { roundCardsSql } from './round-cards.ts';
import type { ShoePlay } from './shoe-play.ts';
import type { RoundStats } from './stats.ts';
import type { Training } from './training.ts';

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
  /** The betting patterns after this action, or null when it left them as read (most actions). */
  patterns: BettingPatterns | null;
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
  /**
   * The training after this action, or null when it left it as read: only a deal, a round's end
   * and a check change it, and its shoe tally (up to TABLE_REPORT_SHOES_MAX shoes) is not worth
   * rewriting on every hit and stand.
   */
  training: Training | null;
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
    alsoSet: roundStatsSet(st),
  });
  const rewards = additionsSql(a.user_id, a.award, a.created_at, sql<boolean>`exists (select 1 from saved)`);
  const record = tableRecordSql(a.user_id, a.record, sql<boolean>`exists (select 1 from saved)`, a.forgetBefore !== null, a.state.deck?.commitment ?? null);
  const { rows } = await sql<{ counters: unknown; ledger: unknown }>`
    with cur as (
      select version from game_tables where user_id = ${a.user_id} and version = ${a.readVersion}::integer for update
    ),
    ${ledger.ctes},
    saved as (
      update game_tables
      set version = ${a.state.version}::integer, state = ${JSON.stringify(a.state)}::json,
          betting_patterns = coalesce(${a.patterns === null ? null : JSON.stringify(a.patterns)}::jsonb, betting_patterns), updated_at = ${a.created_at}::timestamptz,
          shoe_play = ${a.shoePlay === null ? null : JSON.stringify(a.shoePlay)}::jsonb,
          training = coalesce(${a.training === null ? null : JSON.stringify(a.training)}::jsonb, training)
      where user_id = ${a.user_id} and exists (select 1 from cur)
        and (select count(*) from lg_prof) = ${ledger.touched ? 1 : 0}
      returning user_id
    ),
    ${rewards.ctes},
    ${record},
    ${revealsSql(a)},
    ${roundCardsSql(a.user_id, a.state, a.forgetBefore !== null, a.created_at)},
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
 * The shoes the engine published in this action, recorded for their player (reveals.ts), and
 * the history bounded to its newest TABLE_SHOE_HISTORY_MAX; two CTEs of writeAction's statement.
 */
function revealsSql(a: SavedAction): RawBuilder<unknown> {
  if (a.reveals.length >= TABLE_SHOE_HISTORY_MAX) throw new Error('table: more shoes revealed in one action than the history keeps');
  return sql`reveal as (
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
    )`;
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
