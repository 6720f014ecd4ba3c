/**
 * The mail outbox: where mails go when no SMTP_URL is set, so sign-up and password reset work
 * on a fresh machine. `if not exists`: databases made before this migration existed already
 * have the table (created at every start by the mail module, same columns) and keep its rows.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0003: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('outbox')
      .ifNotExists()
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body_text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
