/** The mail outbox (db/migrations/0003-mail-outbox.ts): mails kept when no SMTP_URL is set. */
import type { Generated } from 'kysely';

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Generated<Date>;
}

export interface MailTables {
  outbox: OutboxTable;
}
