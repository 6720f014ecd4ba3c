/** One outgoing mail: plain text only, the link is in the body. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is for (also in text); printed alone on a line in development. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** The part of pino's logger the mailer uses (kept small so tests can pass a spy). */
export interface MailLog {
  info(obj: object, msg: string): void;
}
