/**
 * The player's profile and the append-only credit ledger (ADR 0001). Profiles reference
 * better-auth's auth_user (ADR 0002), whose tables are made before any of these migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0001: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('profiles')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('auth_user.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull())
      // integer: at most 2^31-1 credits; an overflow fails the transaction instead of wrapping.
      .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits >= 0`))
      .addColumn('achievements', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('auth_provider', 'text', (c) => c.notNull().check(sql`auth_provider in ('email', 'google')`))
      .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('total_hands_played', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`total_hands_played >= 0`),
      )
      .addColumn('total_hands_won', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`total_hands_won >= 0`),
      )
      .addColumn('total_winnings', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('best_streak', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`best_streak >= 0`),
      )
      .addColumn('biggest_win', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`biggest_win >= 0`),
      )
      .addColumn('show_on_leaderboard', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('has_received_first_purchase_bonus', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('last_daily_bonus', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_login', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_updated', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('profiles_hands_won_le_played', sql`total_hands_won <= total_hands_played`)
      .execute();

    // Append-only ledger (ADR 0001): rows are inserted, never updated or deleted by the app.
    await db.schema
      .createTable('credit_transactions')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.user_id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount <> 0`))
      .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('metadata', 'jsonb')
      .addColumn('idempotency_key', 'text', (c) => c.unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('credit_transactions_user_id_id_idx')
      .on('credit_transactions')
      .columns(['user_id', 'id desc'])
      .execute();
  },
};
