/**
 * The player's record of decisions and count checks (contract: packages/shared/src/api/record.ts).
 * One row per entry; `entry` keeps the posted entry whole, and the columns the skill
 * leaderboard and the trainer filter on are stored beside it. (user_id, entry_id) is unique
 * so a retried batch stores each entry once.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0005: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_record')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('user_id', 'text', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('decision', 'countCheck')`))
      .addColumn('correct', 'boolean', (c) => c.notNull())
      .addColumn('ev_cost_credits', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('bet_credits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('entry', 'jsonb', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('play_record_user_entry_key', ['user_id', 'entry_id'])
      .execute();
    await db.schema
      .createIndex('play_record_user_kind_id_idx')
      .on('play_record')
      .columns(['user_id', 'kind', 'id'])
      .execute();
  },
};
