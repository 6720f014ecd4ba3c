/**
 * The trainer's drill answers (contract: packages/shared/src/api/drills.ts): one row per answer.
 * (user_id, answer_id) is unique so a retried batch, or a guest's answers uploaded again at
 * sign-up, store each answer once. The (user_id, id) index serves the per-player bound (drop
 * the oldest) and the progress read.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0010: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('drill_answer')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('user_id', 'text', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
      .addColumn('answer_id', 'text', (c) => c.notNull())
      .addColumn('drill', 'text', (c) =>
        c.notNull().check(sql`drill in ('runningCount', 'trueCount', 'deckEstimation', 'basicStrategy', 'deviations')`),
      )
      .addColumn('item', 'text', (c) => c.notNull())
      .addColumn('correct', 'boolean', (c) => c.notNull())
      .addColumn('time_ms', 'integer', (c) => c.notNull().check(sql`time_ms >= 0`))
      .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('drill_answer_user_answer_key', ['user_id', 'answer_id'])
      .execute();
    await db.schema.createIndex('drill_answer_user_id_idx').on('drill_answer').columns(['user_id', 'id']).execute();
  },
};
