import nodemailer from 'nodemailer';
import type { AnyKysely } from '../db/schema.ts';
import { recordSendFailure, writeOutbox } from './outbox.ts';
import type { Mail, MailLog, Mailer } from './types.ts';

export interface MailConfig {
  /** smtp://user:pass@host:port; unset means outbox table + log. */
  smtpUrl?: string | undefined;
  /** Sender address (MAIL_FROM); defaults to no-reply at the app's host. */
  mailFrom?: string | undefined;
  appUrl: string;
}

function defaultFrom(appUrl: string): string {
  const host = new URL(appUrl).hostname;
  // "localhost" is not a valid mail domain for most SMTP servers; keep it readable anyway.
  return `Card Counter <no-reply@${host.includes('.') ? host : 'card-counter.local'}>`;
}

/**
 * nodemailer to SMTP_URL when set; otherwise every mail is stored in the `outbox` table
 * and written to the server log, so a fresh machine needs no mail account.
 */
export function createMailer(config: MailConfig, db: { kysely: AnyKysely }, log: MailLog): Mailer {
  const from = config.mailFrom ?? defaultFrom(config.appUrl);
  if (config.smtpUrl !== undefined && config.smtpUrl !== '') {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail: Mail) {
        try {
          await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        } catch (error) {
          await recordSendFailure(db.kysely, mail, error);
          throw error;
        }
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close() {
        transport.close();
        return Promise.resolve();
      },
    };
  }
  return {
    async send(mail: Mail) {
      await writeOutbox(db.kysely, mail);
      // The body carries the link: without SMTP the log is how a local user gets it.
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail written to outbox');
    },
    close() {
      return Promise.resolve();
    },
  };
}
