/**
 * Storing and reading a player's drill answers. A batch is inserted in one statement; an
 * answer already stored (same answerId) is skipped; past DRILL_ANSWERS_PER_USER_MAX the oldest
 * rows go, in the same transaction, so a player's rows stay bounded.
 *
 * Posted answers are the browser's word (whether right, how fast): they feed progress and
 * spaced repetition and pay nothing, for any drill, and so does a guest's history uploaded at
 * sign-in. Only a drill the server dealt and timed pays (deals.ts; ADR 0027).
 */
import { DRILL_ANSWERS_PER_USER_MAX, type DrillAnswer, type DrillsProgress } from '@card-counter/shared';
import { summarizeDrills } from '@card-counter/shared/drills';
import type { Kysely } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { fsrsDueOf } from './schedule.ts';

export async function storeDrillAnswers(
  db: Database,
  userId: string,
  answers: readonly DrillAnswer[],
  keep = DRILL_ANSWERS_PER_USER_MAX,
): Promise<number> {
  return db.kysely.transaction().execute((trx) => insertDrillAnswers(trx, userId, answers, keep));
}

/** Inserts answers (skipping ids already stored) and drops the player's oldest past `keep`, in the caller's transaction. */
export async function insertDrillAnswers(
  trx: Kysely<DB>,
  userId: string,
  answers: readonly DrillAnswer[],
  keep = DRILL_ANSWERS_PER_USER_MAX,
): Promise<number> {
  if (!trx.isTransaction) throw new Error('insertDrillAnswers needs an open transaction');
  if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`keep must be a positive integer, got ${keep}`);
  if (answers.length === 0) return 0;
  const inserted = await trx
    .insertInto('drill_answer')
    .values(
      answers.map((a) => ({
        user_id: userId,
        answer_id: a.answerId,
        drill: a.drill,
        item: a.item,
        correct: a.correct,
        time_ms: a.time_ms,
        answered_at: a.answeredAt,
        cards: a.cards ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'answer_id']).doNothing())
    .returning('id')
    .execute();
  // The newest `keep` rows stay: find the keep-th newest id and drop everything older.
  const cut = await trx
    .selectFrom('drill_answer')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst();
  if (cut !== undefined) {
    await trx.deleteFrom('drill_answer').where('user_id', '=', userId).where('id', '<', cut.id).execute();
  }
  return inserted.length;
}

export async function drillProgress(db: Database, userId: string): Promise<DrillsProgress> {
  const rows = await db.kysely
    .selectFrom('drill_answer')
    .select(['answer_id', 'drill', 'item', 'correct', 'time_ms', 'answered_at', 'cards'])
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .execute();
  const answers: DrillAnswer[] = rows.map((r) => ({
    answerId: r.answer_id,
    drill: r.drill,
    item: r.item,
    correct: r.correct,
    time_ms: r.time_ms,
    answeredAt: new Date(r.answered_at).toISOString(),
    ...(r.cards === null ? {} : { cards: r.cards }),
  }));
  return summarizeDrills(answers, fsrsDueOf);
}
