/**
 * Server-dealt drills (docs/decisions/0027-server-dealt-drills.md): one row per deal, holding
 * the cards the server dealt (card codes 0..51, in order), the counting system and the count
 * it is graded against, when it was dealt and, once answered, the answer and the server's
 * verdict and time. The answer columns are all set or all null: a deal is answered once.
 * The (user_id, dealt_at) index serves the per-player bound (oldest dropped first).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0014: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('drill_deal')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
      .addColumn('drill', 'text', (c) => c.notNull().check(sql`drill in ('runningCount')`))
      .addColumn('item', 'text', (c) => c.notNull())
      .addColumn('counting_system', 'text', (c) => c.notNull())
      // Nothing queries inside the cards: json (text), as the table's state (migration 0013).
      .addColumn('cards', 'json', (c) => c.notNull())
      .addColumn('expected_count', 'double precision', (c) => c.notNull())
      .addColumn('target_ms', 'integer', (c) => c.notNull().check(sql`target_ms > 0`))
      .addColumn('dealt_at', 'timestamptz', (c) => c.notNull())
      .addColumn('answered_at', 'timestamptz')
      .addColumn('answered_count', 'double precision')
      .addColumn('correct', 'boolean')
      .addColumn('time_ms', 'integer', (c) => c.check(sql`time_ms >= 0`))
      .addCheckConstraint(
        'drill_deal_answered_whole',
        sql`(answered_at is null and answered_count is null and correct is null and time_ms is null)
          or (answered_at is not null and answered_count is not null and correct is not null and time_ms is not null)`,
      )
      .execute();
    await db.schema.createIndex('drill_deal_user_dealt_idx').on('drill_deal').columns(['user_id', 'dealt_at']).execute();
  },
};
