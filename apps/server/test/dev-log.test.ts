/**
 * Issue 39, operators and newcomers: the development log is readable (pino-pretty on a terminal,
 * JSON elsewhere), requests are not logged at info, and a mail's link is printed alone on a line.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createLogger, prettyLogs, type LogOutput } from '../src/log/logger.ts';
import { createMailer, linkLines } from '../src/mail/mailer.ts';
import { verificationMail } from '../src/mail/templates.ts';
import type { AnyKysely } from '../src/db/schema.ts';
import { appTestConfig } from './support/app.ts';
import { forEachDatabase } from './support/test-db.ts';

/** A stream like stdout (pino-pretty pipes into a real stream), a terminal or not. */
function capture(isTTY: boolean): LogOutput & Writable & { text: () => string } {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return Object.assign(out, { isTTY, text: () => chunks.join('') });
}

describe('the process logger', () => {
  it('is pino-pretty in development on a terminal: a line of text, not JSON', () => {
    const out = capture(true);
    createLogger({ env: 'development', logLevel: 'info' }, out).info({ port: 3000 }, 'Card Counter is running');
    const text = out.text();
    expect(text).toContain('Card Counter is running');
    expect(text).toMatch(/INFO/);
    expect(() => JSON.parse(text.split('\n')[0] ?? '') as unknown).toThrow();
  });

  it('stays JSON lines in production, and in development when the output is a pipe or a file', () => {
    for (const [env, isTTY] of [['production', true], ['development', false], ['test', true]] as const) {
      const out = capture(isTTY);
      expect(prettyLogs({ env }, out)).toBe(false);
      createLogger({ env, logLevel: 'info' }, out).info({ port: 3000 }, 'running');
      expect(JSON.parse(out.text().trim())).toMatchObject({ level: 30, msg: 'running', port: 3000 });
    }
  });
});

describe("a mail's link in development", () => {
  const kysely = {
    insertInto: () => ({ values: () => ({ execute: () => Promise.resolve([]) }) }),
  } as unknown as AnyKysely;
  const link = 'http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2F';
  const silent = { info: () => undefined };

  it('is printed alone on a line when printMailLinks is on (main.ts, development)', async () => {
    const printed: string[] = [];
    const mailer = createMailer({ appUrl: 'http://localhost:3000', printMailLinks: true }, { kysely }, silent, (l) => printed.push(l));
    await mailer.send(verificationMail('ada@example.com', 'Ada', link));
    const lines = printed.join('').split('\n');
    expect(lines).toContain(link);
    expect(lines.filter((l) => l.includes(link))).toEqual([link]);
    expect(printed.join('')).toBe(linkLines({ ...verificationMail('ada@example.com', 'Ada', link), link }));
  });

  it('is not printed otherwise (tests, production): the log line keeps the mail', async () => {
    const printed: string[] = [];
    const logged: object[] = [];
    const mailer = createMailer({ appUrl: 'http://localhost:3000' }, { kysely }, { info: (o) => logged.push(o) }, (l) => printed.push(l));
    await mailer.send(verificationMail('ada@example.com', 'Ada', link));
    expect(printed).toEqual([]);
    expect(JSON.stringify(logged)).toContain('token=abc.def');
  });
});

forEachDatabase('request log', (t) => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) };
  beforeAll(async () => {
    app = await buildApp({ config: appTestConfig(), db: t.db, logger: pino({ level: 'debug' }, stream) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('logs each request once, at debug, not Fastify\'s two lines at info', async () => {
    lines.length = 0;
    const r = await app.inject('/api/health');
    expect(r.statusCode).toBe(200);
    const mentions = lines.filter((l) => JSON.stringify(l).includes('/api/health'));
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({ level: 20, msg: 'request', method: 'GET', url: '/api/health', statusCode: 200 });
    expect(lines.filter((l) => (l.level as number) >= 30 && /request/.test(String(l.msg)))).toEqual([]);
  });
});
