/**
 * The server-held blackjack tables (ADR 0009): one row per signed-in player holding the engine
 * state (shoe order and salt included, never sent), the answered actions per (user, action id)
 * for idempotency, and the replaced shoes' reveals for verification against their commitment.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0006: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('game_tables')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('profiles.user_id').onDelete('cascade'))
      .addColumn('table_id', 'text', (c) => c.notNull().unique())
      .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 0`))
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .addColumn('betting_patterns', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('game_table_actions')
      .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.user_id').onDelete('cascade'))
      .addColumn('action_id', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('table_version', 'integer', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('response', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('game_table_actions_pkey', ['user_id', 'action_id'])
      .execute();
    // Retention deletes by (user, version).
    await db.schema
      .createIndex('game_table_actions_user_version_idx')
      .on('game_table_actions')
      .columns(['user_id', 'table_version'])
      .execute();

    await db.schema
      .createTable('game_shoe_reveals')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.user_id').onDelete('cascade'))
      .addColumn('commitment', 'text', (c) => c.notNull())
      .addColumn('reveal', 'jsonb', (c) => c.notNull())
      .addColumn('replaced_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('game_shoe_reveals_user_id_idx')
      .on('game_shoe_reveals')
      .columns(['user_id', 'id desc'])
      .execute();
  },
};
