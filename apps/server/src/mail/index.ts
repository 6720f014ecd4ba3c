export { createMailer, type MailConfig } from './mailer.ts';
export { runMailMigrations, readOutbox, type OutboxRow } from './outbox.ts';
export type { Mail, Mailer, MailLog } from './types.ts';
export { verificationMail, passwordResetMail } from './templates.ts';
