// Sessions (ADR 0046): a session token lives only in the httpOnly cookie. No JSON answer of
// /api/auth carries one (sign-up, sign-in, get-session, list-sessions), no route takes one as
// a bearer (the money routes above all), and revoking a session that is not the caller's is
// 404 SESSION_NOT_FOUND and revokes nothing, by token as by id.
import { ERRORS } from '@card-counter/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cookieValue } from '../src/auth/session-lookup.ts';
import type { Database } from '../src/db/index.ts';
import { TEST_APP_URL, buildTestApp } from './support/app.ts';
import { browser, uniqueEmail, type Browser } from './support/browser.ts';
import { forEachDatabase } from './support/test-db.ts';

const SESSION_COOKIE = 'better-auth.session_token';
const PASSWORD = 'correct-horse-9';

/** Every string anywhere in a JSON value, and every key named "token". */
function strings(value: unknown, keys: string[] = [], out: string[] = []): { keys: string[]; values: string[] } {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, keys, out);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      keys.push(k);
      strings(v, keys, out);
    }
  return { keys, values: out };
}

/** The session tokens of a user, as the database holds them. */
async function tokensOf(db: Database, userId: string): Promise<string[]> {
  const { rows } = await sql<{ token: string }>`select token from auth_session where "userId" = ${userId}`.execute(db.kysely);
  return rows.map((r) => r.token);
}

function expectNoToken(res: LightMyRequestResponse, tokens: string[], what: string): void {
  expect(res.headers['set-auth-token'], what).toBeUndefined();
  const found = strings(res.json());
  expect(found.keys, what).not.toContain('token');
  for (const token of tokens) {
    expect(found.values.some((v) => v.includes(token)), what).toBe(false);
    expect(res.body.includes(token), what).toBe(false);
  }
}

interface Account {
  b: Browser;
  id: string;
  email: string;
}

forEachDatabase('sessions: tokens stay in the cookie', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const signUp = async (tag: string): Promise<Account & { res: LightMyRequestResponse }> => {
    const b = browser(app);
    const email = uniqueEmail(tag);
    const res = await b.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Session Player' });
    expect(res.statusCode).toBe(200);
    return { b, id: (res.json() as { user: { id: string } }).user.id, email, res };
  };
  const signIn = async (email: string): Promise<{ b: Browser; res: LightMyRequestResponse }> => {
    const b = browser(app);
    const res = await b.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    return { b, res };
  };
  const signedIn = async (b: Browser) => (await b.get('/api/me')).statusCode === 200;

  it('sign-up, sign-in, get-session and list-sessions answer without any session token', async () => {
    const a = await signUp('no-token');
    const second = await signIn(a.email);
    const tokens = await tokensOf(t.db, a.id);
    expect(tokens).toHaveLength(2);
    expectNoToken(a.res, tokens, 'sign-up');
    expectNoToken(second.res, tokens, 'sign-in');
    expectNoToken(await a.b.get('/api/auth/get-session'), tokens, 'get-session');
    const list = await a.b.get('/api/auth/list-sessions');
    expect(list.statusCode).toBe(200);
    expectNoToken(list, tokens, 'list-sessions');
    // The list still tells the sessions apart, by their opaque ids.
    const ids = (list.json() as { id: string }[]).map((s) => s.id);
    expect(new Set(ids).size).toBe(2);
    // The cookie is still the session.
    expect(await signedIn(a.b)).toBe(true);
    expect(await signedIn(second.b)).toBe(true);
  });

  it("revoke-session with another player's token is 404 SESSION_NOT_FOUND and their session still works", async () => {
    const attacker = await signUp('revoke-attacker');
    const victim = await signUp('revoke-victim');
    const [victimToken] = await tokensOf(t.db, victim.id);
    const res = await attacker.b.post('/api/auth/revoke-session', { token: victimToken! });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'SESSION_NOT_FOUND', message: ERRORS.SESSION_NOT_FOUND.message } });
    expect(await tokensOf(t.db, victim.id)).toEqual([victimToken]);
    expect(await signedIn(victim.b)).toBe(true);
    expect(await signedIn(attacker.b)).toBe(true);
    // A token that is nobody's: the same answer.
    expect((await attacker.b.post('/api/auth/revoke-session', { token: 'no-such-token' })).statusCode).toBe(404);
  });

  it("revoke-session-by-id ends the caller's own session by its id, and another player's id is 404", async () => {
    const a = await signUp('by-id');
    const other = await signIn(a.email);
    const victim = await signUp('by-id-victim');
    const ids = ((await a.b.get('/api/auth/list-sessions')).json() as { id: string }[]).map((s) => s.id);
    const victimIds = ((await victim.b.get('/api/auth/list-sessions')).json() as { id: string }[]).map((s) => s.id);
    const refused = await a.b.post('/api/auth/revoke-session-by-id', { id: victimIds[0]! });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: { code: 'SESSION_NOT_FOUND' } });
    expect(await signedIn(victim.b)).toBe(true);

    const current = ((await a.b.get('/api/auth/get-session')).json() as { session: { id: string } }).session.id;
    const otherId = ids.find((id) => id !== current)!;
    const ok = await a.b.post('/api/auth/revoke-session-by-id', { id: otherId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await signedIn(other.b)).toBe(false);
    expect(await signedIn(a.b)).toBe(true);
  });

  it('a session token as a bearer is no session: the money routes (payments, daily bonus) answer 401', async () => {
    const a = await signUp('bearer');
    const signed = cookieValue([...a.b.cookies].map(([k, v]) => `${k}=${v}`).join('; '), SESSION_COOKIE);
    expect(signed).not.toBeNull();
    const [raw] = await tokensOf(t.db, a.id);
    for (const token of [decodeURIComponent(signed!), raw!]) {
      const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const create = await app.inject({
        method: 'POST',
        url: '/api/payments/create-payment-intent',
        headers: bearer,
        payload: JSON.stringify({ userId: a.id, amount: 399, creditAmount: 50_000, packageName: 'popular' }),
      });
      expect(create.statusCode, create.body).toBe(401);
      expect(create.json()).toMatchObject({ error: { code: 'PURCHASE_NOT_AUTHENTICATED' } });
      const verify = await app.inject({
        method: 'POST',
        url: '/api/payments/verify',
        headers: bearer,
        payload: JSON.stringify({ paymentIntentId: 'pi_x' }),
      });
      expect(verify.statusCode, verify.body).toBe(401);
      const bonus = await app.inject({ method: 'POST', url: '/api/me/daily-bonus', headers: bearer, payload: '{}' });
      expect(bonus.statusCode, bonus.body).toBe(401);
      // better-auth's own routes do not read it either.
      const session = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { authorization: `Bearer ${token}` } });
      expect(session.json()).toBeNull();
    }
    // The same player's cookie, from the app's page, is a session.
    const withCookie = await a.b.request('POST', '/api/me/daily-bonus', undefined, { origin: TEST_APP_URL });
    expect(withCookie.statusCode, withCookie.body).toBe(200);
  });
});
