import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** Resolves with the first captured mail to `to` whose text matches, polling up to timeout_ms. */
  waitFor(to: string, pattern: RegExp, timeout_ms?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** An in-process SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, pattern, timeout_ms = 5000) {
      const deadline = Date.now() + timeout_ms;
      for (let i = 0; i < 10_000 && Date.now() < deadline; i++) {
        const hit = mails.find((m) => m.to.includes(to.toLowerCase()) && pattern.test(unfold(m.raw)));
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail to ${to} matching ${String(pattern)} within ${timeout_ms} ms`);
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Undoes quoted-printable soft line breaks and escapes so links can be matched. */
export function unfold(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first URL in the mail starting with `prefix`. */
export function extractLink(mail: CapturedMail, prefix: string): string {
  const text = unfold(mail.raw);
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting with ${prefix} in mail`);
  const match = /^[^\s<>"]+/.exec(text.slice(start));
  if (!match) throw new Error('unreadable link');
  return match[0];
}
