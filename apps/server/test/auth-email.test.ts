import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getEmailVerified } from '../src/auth/linked-providers.ts';
import { forEachDatabase } from './support/test-db.ts';
import { extractLink, startSmtpCapture, type SmtpCapture } from './support/smtp-capture.ts';
import { DEFAULT_AUTH_RATE_LIMIT } from '../src/auth/types.ts';
import { TEST_APP_URL, buildTestApp } from './support/app.ts';
import { browser, setCookieHeaders, signUp, uniqueEmail } from './support/browser.ts';

type ErrorJson = { error: { code: string; message: string } };
const PASSWORD = 'correct horse 1';

forEachDatabase('auth: email and password', (t) => {
  let app: FastifyInstance;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await buildTestApp(t.db, { env: { SMTP_URL: smtp.url }, authRateLimit: DEFAULT_AUTH_RATE_LIMIT, whoami: true });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  async function userCount(email: string): Promise<number> {
    const r = await sql<{ n: number }>`select count(*)::int as n from auth_user where email = ${email}`.execute(t.db.kysely);
    return r.rows[0]?.n ?? -1;
  }

  it('signs up, is signed in at once, with an httpOnly SameSite=Lax session cookie', async () => {
    const b = browser(app);
    const email = uniqueEmail('signup');
    const res = await signUp(b, email);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: { email: string; emailVerified: boolean } }>();
    expect(body.user.email).toBe(email);
    expect(body.user.emailVerified).toBe(false);
    const session = setCookieHeaders(res).find((c) => c.startsWith('better-auth.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // APP_URL is http here
    const me = await b.get('/api/test/whoami');
    expect(me.statusCode).toBe(200);
    expect(me.json<{ user: { email: string } }>().user.email).toBe(email);
  });

  it('refuses a registered email (any case) with the spec message', async () => {
    const email = uniqueEmail('dup');
    expect((await signUp(browser(app), email)).statusCode).toBe(200);
    for (const attempt of [email, email.toUpperCase()]) {
      const res = await signUp(browser(app), attempt, 'another password 2');
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorJson>().error).toEqual({
        code: 'EMAIL_EXISTS',
        message: 'An account with this email already exists. Please sign in instead.',
      });
    }
    expect(await userCount(email)).toBe(1);
  });

  it('answers 400 to bad sign-up input and creates nothing', async () => {
    const email = uniqueEmail('bad');
    const cases: object[] = [
      { email: 'not-an-email', password: PASSWORD, name: 'X' },
      { email, password: 'short', name: 'X' },
      { email, password: PASSWORD },
      { email, password: 12345678, name: 'X' },
    ];
    for (const body of cases) {
      const res = await browser(app).post('/api/auth/sign-up/email', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ErrorJson>().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await userCount(email)).toBe(0);
    expect(await userCount('not-an-email')).toBe(0);
  });

  it('signs out and back in; a wrong password is refused', async () => {
    const b = browser(app);
    const email = uniqueEmail('inout');
    await signUp(b, email);
    // As some clients send it: a JSON content type with an empty body.
    const out = await b.request('POST', '/api/auth/sign-out', undefined, { 'content-type': 'application/json' });
    expect(out.statusCode).toBe(200);
    const after = await b.get('/api/test/whoami');
    expect(after.statusCode).toBe(401);
    expect(after.json<ErrorJson>().error).toEqual({ code: 'NOT_AUTHENTICATED', message: 'No user logged in.' });

    const wrong = await b.post('/api/auth/sign-in/email', { email, password: 'wrong password 9' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<ErrorJson>().error.code).toBe('INVALID_CREDENTIALS');
    expect((await b.get('/api/test/whoami')).statusCode).toBe(401);

    const ok = await b.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await b.get('/api/test/whoami')).statusCode).toBe(200);
  });

  it('refuses a state-changing request with a cookie from a foreign Origin (CSRF)', async () => {
    const b = browser(app);
    await signUp(b, uniqueEmail('csrf'));
    const res = await b.request('POST', '/api/auth/sign-out', {}, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await b.get('/api/test/whoami')).statusCode).toBe(200);
  });

  it('mails a verification link on sign-up that verifies the email', async () => {
    const b = browser(app);
    const email = uniqueEmail('verify');
    const res = await signUp(b, email);
    const userId = res.json<{ user: { id: string } }>().user.id;
    const mail = await smtp.waitFor(email, /verify-email/);
    const link = new URL(extractLink(mail, `${TEST_APP_URL}/auth/verify-email?token=`));
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(await getEmailVerified(t.db, userId)).toBe(false);

    const verified = await browser(app).get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(verified.statusCode).toBe(200);
    expect(await getEmailVerified(t.db, userId)).toBe(true);

    const forged = await browser(app).get(`/api/auth/verify-email?token=${encodeURIComponent(token.slice(0, -2))}xx`);
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('resends the verification mail only to a signed-in user', async () => {
    const email = uniqueEmail('resend');
    const b = browser(app);
    await signUp(b, email);
    await smtp.waitFor(email, /verify-email/);
    const before = smtp.mails.filter((m) => m.to.includes(email)).length;

    const anonymous = await browser(app).post('/api/auth/send-verification-email', { email });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorJson>().error.message).toBe('No user logged in.');
    expect(smtp.mails.filter((m) => m.to.includes(email)).length).toBe(before);

    const resend = await b.post('/api/auth/send-verification-email', { email });
    expect(resend.statusCode).toBe(200);
    expect(smtp.mails.filter((m) => m.to.includes(email)).length).toBe(before + 1);
  });

  it('resets a password through a single-use link; the old password stops working', async () => {
    const email = uniqueEmail('reset');
    await signUp(browser(app), email);
    const unknown = await browser(app).post('/api/auth/request-password-reset', { email: uniqueEmail('nobody') });
    expect(unknown.statusCode).toBe(200);

    const request = await browser(app).post('/api/auth/request-password-reset', { email });
    expect(request.statusCode).toBe(200);
    const mail = await smtp.waitFor(email, /reset-password/);
    const token = new URL(extractLink(mail, `${TEST_APP_URL}/auth/reset-password?token=`)).searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const reset = await browser(app).post('/api/auth/reset-password', { token, newPassword: 'brand new pass 3' });
    expect(reset.statusCode).toBe(200);
    const again = await browser(app).post('/api/auth/reset-password', { token, newPassword: 'third pass word 4' });
    expect(again.statusCode).toBe(400);

    const old = await browser(app).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    const fresh = await browser(app).post('/api/auth/sign-in/email', { email, password: 'brand new pass 3' });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const email = uniqueEmail('expired');
    await signUp(browser(app), email);
    await browser(app).post('/api/auth/request-password-reset', { email });
    const mail = await smtp.waitFor(email, /reset-password/);
    const token = new URL(extractLink(mail, `${TEST_APP_URL}/auth/reset-password?token=`)).searchParams.get('token') ?? '';
    const expired = await sql`update auth_verification set "expiresAt" = now() - interval '1 minute'
      where identifier = ${`reset-password:${token}`}`.execute(t.db.kysely);
    expect(Number(expired.numAffectedRows)).toBe(1);
    const res = await browser(app).post('/api/auth/reset-password', { token, newPassword: 'brand new pass 3' });
    expect(res.statusCode).toBe(400);
    expect((await browser(app).post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('changes a password only with the right current password and a session', async () => {
    const email = uniqueEmail('change');
    const b = browser(app);
    await signUp(b, email);
    const anonymous = await browser(app).post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'changed pass 5',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorJson>().error.message).toBe('No user logged in.');

    const wrong = await b.post('/api/auth/change-password', { currentPassword: 'not my password', newPassword: 'changed pass 5' });
    expect(wrong.statusCode).toBe(400);
    expect((await browser(app).post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);

    const ok = await b.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'changed pass 5' });
    expect(ok.statusCode).toBe(200);
    expect((await browser(app).post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await browser(app).post('/api/auth/sign-in/email', { email, password: 'changed pass 5' })).statusCode).toBe(200);
  });
});
