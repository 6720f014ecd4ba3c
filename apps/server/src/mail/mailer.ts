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
  /** Print each outbox mail's link alone on a line (development: the link to open or copy). */
  printMailLinks?: boolean | undefined;
}

/** Where printed links go; a parameter so tests can read them. */
export type LinkPrinter = (line: string) => void;

const stdoutPrinter: LinkPrinter = (line) => {
  process.stdout.write(line);
};

/** The lines printed for a mail's link: a heading, then the link by itself, then a blank line. */
export function linkLines(mail: Mail & { link: string }): string {
  return `\n${mail.subject} (to ${mail.to}), open:\n${mail.link}\n\n`;
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
export function createMailer(
  config: MailConfig,
  db: { kysely: AnyKysely },
  log: MailLog,
  print: LinkPrinter = stdoutPrinter,
): Mailer {
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
      // Inside a JSON or pretty log line the link is escaped or wrapped; alone it opens with a click.
      if (config.printMailLinks === true && mail.link !== undefined) print(linkLines({ ...mail, link: mail.link }));
    },
    close() {
      return Promise.resolve();
    },
  };
}
