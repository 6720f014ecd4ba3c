/** The mail outbox (db/migrations/0003-mail-outbox.ts): mails kept when no SMTP_URL is set. */
import type { ColumnType, Generated } from 'kysely';

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Generated<Date>;
}

/** SMTP sends that failed (db/migrations/0011-admin.ts), for the operator's health view. */
export interface MailSendFailuresTable {
  id: ColumnType<string, never, never>;
  to_address: string;
  subject: string;
  error: string;
  created_at: Generated<Date>;
}

export interface MailTables {
  outbox: OutboxTable;
  mail_send_failures: MailSendFailuresTable;
}
