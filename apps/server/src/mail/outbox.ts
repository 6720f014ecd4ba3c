import { sql, type Generated, type Kysely } from 'kysely';
import type { AnyKysely } from '../db/schema.ts';
import type { Mail } from './types.ts';

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Date;
}

/**
 * Creates the `outbox` table where mails go when no SMTP_URL is set, so sign-up and
 * password reset work on a fresh machine (the operator reads the link from the log or
 * the table). Idempotent: safe to run at every start and from several processes.
 */
export async function runMailMigrations(db: { kysely: AnyKysely }): Promise<void> {
  await db.kysely.schema
    .createTable('outbox')
    .ifNotExists()
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Generated<Date>;
}

/** The outbox's own typed view of the shared database. */
function outbox(kysely: AnyKysely): Kysely<{ outbox: OutboxTable }> {
  return kysely as Kysely<{ outbox: OutboxTable }>;
}

export async function writeOutbox(kysely: AnyKysely, mail: Mail): Promise<void> {
  await outbox(kysely)
    .insertInto('outbox')
    .values({ to_address: mail.to, subject: mail.subject, body_text: mail.text })
    .execute();
}

/** Newest first; used by tests and by operators reading the outbox. */
export async function readOutbox(kysely: AnyKysely, to: string): Promise<OutboxRow[]> {
  return outbox(kysely)
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}
