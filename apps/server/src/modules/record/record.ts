/**
 * The player's record (contract: packages/shared/src/api/record.ts): decisions at the table
 * with the coach's verdict, and count checks. The table's own entries (source 'table') are
 * written by the table's write statement (table-entries.ts) and graded by grader.ts; what a
 * browser posts here is source 'client': history only, it never ranks or pays (ADR 0028). The
 * same entryId is stored once per player (UNIQUE (user_id, entry_id)), and each player keeps at
 * most RECORD_ENTRIES_PER_USER_MAX entries, the oldest dropped first.
 */
import {
  RECORD_ENTRIES_PER_USER_MAX,
  RecordPageEntrySchema,
  type RecordEntry,
  type RecordPageEntry,
  type RecordQuery,
} from '@card-counter/shared';
import { sql, type Transaction } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { shownSql } from './withheld.ts';

function isCorrect(entry: RecordEntry): boolean {
  return entry.kind === 'decision' ? entry.chosen === entry.best : entry.answered === entry.expected;
}

/**
 * Stores a browser's batch as history (source 'client'); answers how many entries were new.
 * Entries already stored (a retried batch, a duplicate inside the batch) are skipped, so a
 * retry changes nothing. Nothing here pays a reward or reaches the skill board: the browser's
 * word grades nothing (ADR 0028).
 */
export async function addRecordEntries(
  db: Database,
  userId: string,
  entries: readonly RecordEntry[],
  perUserMax = RECORD_ENTRIES_PER_USER_MAX,
): Promise<number> {
  // One row per entryId even inside one batch (the first copy wins, as it would across batches).
  const unique = [...new Map(entries.map((e) => [e.entryId, e] as const).reverse()).values()].reverse();
  if (unique.length === 0) return 0;
  return db.kysely.transaction().execute(async (trx) => {
    // One writer per player at a time, so two tabs' batches cannot trim each other's rows in
    // opposite orders (a deadlock) or both read the bound before either inserts.
    await sql`select pg_advisory_xact_lock(hashtext(${`play_record:${userId}`}))`.execute(trx);
    const inserted = await trx
      .insertInto('play_record')
      .values(
        unique.map((e) => ({
          user_id: userId,
          entry_id: e.entryId,
          kind: e.kind,
          correct: isCorrect(e),
          ev_cost_credits: e.kind === 'decision' ? e.evCost : 0,
          bet_credits: e.kind === 'decision' ? e.bet : 0,
          entry: JSON.stringify(e),
          at: e.at,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'entry_id']).doNothing())
      .returning(['entry_id'])
      .execute();
    if (inserted.length > 0) await trimRecord(trx, userId, perUserMax);
    return inserted.length;
  });
}

/** Drops the player's oldest entries beyond `perUserMax` (by storage order). */
async function trimRecord(trx: Transaction<DB>, userId: string, perUserMax: number): Promise<void> {
  // The id of the newest entry that falls outside the bound, if any; everything up to it goes.
  const cut = await trx
    .selectFrom('play_record')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(perUserMax)
    .limit(1)
    .executeTakeFirst();
  if (cut === undefined) return;
  await trx.deleteFrom('play_record').where('user_id', '=', userId).where('id', '<=', cut.id).execute();
}

/** The newest `limit` graded entries of one player (optionally of one kind), oldest first. */
export async function listRecordEntries(
  db: Database,
  userId: string,
  query: RecordQuery,
): Promise<RecordPageEntry[]> {
  let q = db.kysely
    .selectFrom('play_record')
    .select(['entry', 'source'])
    .where('user_id', '=', userId)
    .where('graded', '=', true)
    .orderBy('id', 'desc')
    .limit(query.limit);
  // Bets only when asked for: the record's older readers (the trainer, the player model) list decisions and checks.
  // Round results (ADR 0060) are no entry of this page: GET /api/me/record/by-true-count reads them.
  q = query.kind !== undefined ? q.where('kind', '=', query.kind) : q.where('kind', 'not in', ['bet', 'round']);
  // Test mode keeps the count off every answer (ADR 0031): the withheld shoe's decisions and
  // bets wait for its count check (the one rule, withheld.ts, ADR 0043).
  q = q.where(shownSql({ userId }));
  const rows = await q.execute();
  // Stored entries were validated on the way in; parsing again keeps the answer to the contract
  // even if a row was edited by hand (such a row is skipped rather than failing the page).
  return rows.reverse().flatMap((r) => {
    const parsed = RecordPageEntrySchema.safeParse({ ...r.entry, source: r.source });
    return parsed.success ? [parsed.data] : [];
  });
}
