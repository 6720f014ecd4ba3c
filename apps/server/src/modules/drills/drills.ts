/**
 * Storing and reading a player's drill answers. A batch is inserted in one statement; an
 * answer already stored (same answerId) is skipped; past DRILL_ANSWERS_PER_USER_MAX the oldest
 * rows go, in the same transaction, so a player's rows stay bounded.
 */
import { DRILL_ANSWERS_PER_USER_MAX, type DrillAnswer, type DrillsProgress } from '@card-counter/shared';
import { summarizeDrills } from '@card-counter/shared/drills';
import type { Database } from '../../db/open.ts';
import { awardProgress } from '../rewards/index.ts';
import { fsrsDueOf } from './schedule.ts';

export async function storeDrillAnswers(
  db: Database,
  userId: string,
  answers: readonly DrillAnswer[],
  keep = DRILL_ANSWERS_PER_USER_MAX,
): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
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
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'answer_id']).doNothing())
      .returning(['id', 'drill', 'item', 'correct', 'time_ms'])
      .execute();
    // A finished countdown counts for rewards once (docs/rewards.md), against the published
    // benchmark of a deck in 45 s; other drills' answers are single items, not finished drills.
    for (const row of inserted) {
      const decks = row.drill === 'runningCount' ? countdownDecksOf(row.item) : null;
      if (decks === null) continue;
      await awardProgress(trx, userId, {
        type: 'drill_finished',
        correct: row.correct,
        duration_ms: row.time_ms,
        target_ms: decks * COUNTDOWN_TARGET_PER_DECK_MS,
      });
    }
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
  });
}

export async function drillProgress(db: Database, userId: string): Promise<DrillsProgress> {
  const rows = await db.kysely
    .selectFrom('drill_answer')
    .select(['answer_id', 'drill', 'item', 'correct', 'time_ms', 'answered_at'])
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
  }));
  return summarizeDrills(answers, fsrsDueOf);
}

/** The published benchmark for counting down a deck (issue 16: "a deck in under 45 s"). */
const COUNTDOWN_TARGET_PER_DECK_MS = 45_000;

/** The decks of a countdown item ('rc:2d:1c' -> 2), or null for another item. */
export function countdownDecksOf(item: string): number | null {
  const m = /^rc:([1-8])d:/.exec(item);
  return m ? Number(m[1]) : null;
}
