import type { Kysely } from 'kysely';
import type { AnyKysely } from '../db/schema.ts';
import type { MailTables } from './tables.ts';
import type { Mail } from './types.ts';

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Date;
}

/** The outbox's own typed view of the shared database (table: db/migrations/0003-mail-outbox.ts). */
function outbox(kysely: AnyKysely): Kysely<MailTables> {
  return kysely as Kysely<MailTables>;
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
