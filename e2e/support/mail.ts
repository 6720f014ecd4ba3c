import { existsSync, readFileSync } from 'node:fs';
import { MAIL_FILE_VARIABLE } from './env.ts';
import type { CapturedMail } from './mime.ts';

const MAIL_WAIT_ms = 10_000;
const MAIL_POLL_INTERVAL_ms = 100;

function mailFile(): string {
  const file = process.env[MAIL_FILE_VARIABLE];
  if (file === undefined || file === '')
    throw new Error(`${MAIL_FILE_VARIABLE} is not set: global setup did not run`);
  return file;
}

export function mailsTo(address: string): CapturedMail[] {
  const file = mailFile();
  if (!existsSync(file)) return [];
  const wanted = address.toLowerCase();
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CapturedMail)
    .filter((mail) => mail.recipients.includes(wanted));
}

/**
 * Waits for the first mail to `address` whose subject matches, then returns the single
 * app link in its body whose path is `linkPath` (for example /auth/verify-email).
 */
export async function waitForMailLink(address: string, subject: RegExp, linkPath: string): Promise<string> {
  const deadline = Date.now() + MAIL_WAIT_ms;
  for (;;) {
    const mail = mailsTo(address).find((m) => subject.test(m.subject));
    if (mail) {
      const links = (mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).filter(
        (link) => new URL(link).pathname === linkPath,
      );
      if (links.length !== 1)
        throw new Error(
          `expected one ${linkPath} link in "${mail.subject}", got ${links.length}:\n${mail.text}`,
        );
      return links[0] as string;
    }
    if (Date.now() > deadline) {
      const subjects = mailsTo(address).map((m) => m.subject);
      throw new Error(
        `no mail to ${address} matching ${subject} within ${MAIL_WAIT_ms} ms (received: ${JSON.stringify(subjects)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, MAIL_POLL_INTERVAL_ms));
  }
}
