import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_FAILURES_MAX, ACCOUNT_WINDOW_ms } from '../src/auth/account-limits.ts';
import { browser, randomIp, uniqueEmail } from './support/browser.ts';
import { buildTestApp } from './support/app.ts';
import { forEachDatabase } from './support/test-db.ts';

const PASSWORD = 'correct-horse-9';

forEachDatabase('per-account sign-in limit', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Per-IP limits off: every attempt below also comes from a new address.
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const signIn = (email: string, password: string) =>
    browser(app, randomIp()).post('/api/auth/sign-in/email', { email, password });

  it('slows guessing one account from many addresses, leaves others alone, and ends', async () => {
    const email = uniqueEmail('acct-limit');
    const other = uniqueEmail('acct-other');
    for (const e of [email, other]) {
      const res = await browser(app).post('/api/auth/sign-up/email', {
        email: e,
        password: PASSWORD,
        name: 'P',
      });
      expect(res.statusCode).toBe(200);
    }
    for (let i = 0; i < ACCOUNT_FAILURES_MAX; i++)
      expect((await signIn(email, 'wrong-guess-1')).statusCode).toBe(401);

    // Even the right password waits now (the guesser cannot tell a hit), with Retry-After.
    const limited = await signIn(email.toUpperCase(), PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    const after_s = Number(limited.headers['retry-after']);
    expect(after_s).toBeGreaterThan(0);
    expect(after_s).toBeLessThanOrEqual(ACCOUNT_WINDOW_ms / 1000);
    expect((await signIn(other, PASSWORD)).statusCode).toBe(200);

    // The window passes (moved back in the store, as time would): the owner signs in again.
    await sql`update auth_rate_limit set "lastRequest" = ${Date.now() - ACCOUNT_WINDOW_ms - 1000}
              where key like 'account-sign-in:%'`.execute(t.db.kysely);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    // A success cleared the count: one wrong guess is an ordinary 401 again.
    expect((await signIn(email, 'wrong-guess-2')).statusCode).toBe(401);
  });
});
