import { appendFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMessage, type CapturedMail } from './mime.ts';

/**
 * An in-process SMTP server that accepts every message (no auth, no TLS) and appends it,
 * decoded, as one JSON line to `mailFile`. The server under test sends to it through
 * SMTP_URL; test workers (other processes) read the file to follow the mailed links.
 */
export interface SmtpCapture {
  port: number;
  close(): Promise<void>;
}

/** Hard cap on one message: the app only sends short text mails. */
const MESSAGE_SIZE_MAX_bytes = 1_000_000;

export async function startSmtpCapture(mailFile: string): Promise<SmtpCapture> {
  writeFileSync(mailFile, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MESSAGE_SIZE_MAX_bytes,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail: CapturedMail = { ...parseMessage(Buffer.concat(chunks).toString('utf8')), recipients };
        appendFileSync(mailFile, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
