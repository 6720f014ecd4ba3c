import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readOutbox } from '../src/mail/outbox.ts';
import { forEachDatabase } from './support/test-db.ts';
import { TEST_APP_URL, buildTestApp } from './support/app.ts';
import { browser, randomIp, signUp, uniqueEmail } from './support/browser.ts';

type ErrorJson = { error: { code: string; message: string } };

forEachDatabase('auth: rate limits, outbox, real HTTP server', (t) => {
  // Two app instances on one database stand for two server processes.
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    // max 9 per window: credential routes (sign-in) get 3.
    const rateLimit = { enabled: true, max: 9, window_s: 60 };
    first = await buildTestApp(t.db, { authRateLimit: rateLimit, whoami: true });
    second = await buildTestApp(t.db, { authRateLimit: rateLimit, whoami: true });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('answers 429 RATE_LIMITED past the sign-in budget, shared by all processes, per client IP', async () => {
    const ip = randomIp();
    const attempt = (app: FastifyInstance, from: string) =>
      browser(app, from).post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'whatever 123' });
    expect((await attempt(first, ip)).statusCode).toBe(401);
    expect((await attempt(second, ip)).statusCode).toBe(401);
    expect((await attempt(first, ip)).statusCode).toBe(401);
    const limited = await attempt(second, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorJson>().error.code).toBe('RATE_LIMITED');
    // Another client is not affected.
    expect((await attempt(first, randomIp())).statusCode).toBe(401);
  });

  it('ignores a client-supplied rate-limit address header', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await browser(first, ip).request(
        'POST',
        '/api/auth/sign-in/email',
        { email: 'nobody@example.com', password: 'whatever 123' },
        { 'x-card-counter-client-ip': randomIp(), 'x-forwarded-for': randomIp() },
      );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('writes mails to the outbox when no SMTP_URL is set', async () => {
    const email = uniqueEmail('outbox');
    expect((await signUp(browser(first), email)).statusCode).toBe(200);
    const rows = await readOutbox(t.db.kysely, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toMatch(/verify/i);
    expect(rows[0]?.body_text).toContain(`${TEST_APP_URL}/auth/verify-email?token=`);
  });

  it('works over a real listening server with fetch', async () => {
    await first.listen({ port: 0, host: '127.0.0.1' });
    const { port } = first.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const email = uniqueEmail('http');
    const json = { 'content-type': 'application/json', origin: TEST_APP_URL };
    const up = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: 'correct horse 1', name: 'Http Player' }),
    });
    expect(up.status).toBe(200);
    const sessionCookie = up.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    const cookie = (sessionCookie ?? '').split(';')[0] ?? '';

    const me = await fetch(`${base}/api/test/whoami`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);

    const out = await fetch(`${base}/api/auth/sign-out`, { method: 'POST', headers: { ...json, cookie }, body: '{}' });
    expect(out.status).toBe(200);
    const after = await fetch(`${base}/api/test/whoami`, { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as ErrorJson).error.message).toBe('No user logged in.');
  });
});
