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

/** Errors kept per failure: enough to diagnose, bounded so a huge SMTP answer cannot bloat the table. */
const FAILURE_ERROR_CHARS_MAX = 500;

/** Records a failed SMTP send for the operator's health view. Never throws: the send's own error matters more. */
export async function recordSendFailure(kysely: AnyKysely, mail: Mail, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, FAILURE_ERROR_CHARS_MAX);
  try {
    await outbox(kysely)
      .insertInto('mail_send_failures')
      .values({ to_address: mail.to, subject: mail.subject, error: message })
      .execute();
  } catch {
    // The database itself failing is reported by the health check; the caller sees the send error.
  }
}
