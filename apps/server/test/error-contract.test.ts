// Every error the API sends is `{ error: { code, message } }` with a code of the shared
// catalogue, that code's status and nothing undeclared (ErrorBodySchema is strict). The
// routes are walked from the app itself, so a new route is checked without editing this file.
import { ERRORS, ErrorBodySchema } from '@card-counter/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BODY_LIMIT_bytes } from '../src/app.ts';
import { browser, buildAuthApp, signUp, uniqueEmail } from './auth-harness.ts';
import { buildAppWithAdmin } from './support/admin.ts';
import { TEST_APP_URL } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

/** Asserts the response is a catalogue error with `code`; returns the parsed body. */
function expectError(res: LightMyRequestResponse, code: keyof typeof ERRORS, what: string) {
  const json: unknown = res.json();
  const parsed = ErrorBodySchema.safeParse(json);
  expect(parsed.success, `${what}: ${res.body}`).toBe(true);
  expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
  if (!parsed.success) throw new Error('unreachable');
  expect(parsed.data.error.code, `${what}: ${res.body}`).toBe(code);
  expect(res.statusCode, `${what}: status of ${code}`).toBe(ERRORS[code].status);
  return parsed.data;
}

/** Method and path of every route `printRoutes` shows (its tree joined back into paths). */
function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([\s│├└─]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (m === null) continue;
    const depth = Math.floor((m[1] ?? '').length / 4);
    stack.length = depth;
    stack[depth] = m[2] ?? '';
    const url = stack.join('');
    for (const method of (m[3] ?? '').split(',').map((x) => x.trim())) {
      if (method !== '' && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

const PUBLIC = new Set(['GET /api/health', 'GET /api/config']);
/** Routes that authenticate their caller another way than a session, and the code a stranger gets. */
const SELF_AUTHENTICATED = new Map<string, 'WEBHOOK_SIGNATURE_INVALID' | 'PURCHASE_NOT_AUTHENTICATED'>([
  ['POST /api/payments/webhook', 'WEBHOOK_SIGNATURE_INVALID'],
  // The spec's message for a purchase without a signed-in user.
  ['POST /api/payments/create-payment-intent', 'PURCHASE_NOT_AUTHENTICATED'],
  ['POST /api/payments/verify', 'PURCHASE_NOT_AUTHENTICATED'],
  ['POST /api/payments/demo/confirm', 'PURCHASE_NOT_AUTHENTICATED'],
]);

forEachDatabase('error contract', (t) => {
  let app: FastifyInstance;
  let player: Player;
  beforeAll(async () => {
    // The caller is an admin, so the body checks below reach the /api/admin routes too (for
    // anyone else those answer 403 before reading a body: admin-routes.test.ts).
    ({ app, admin: player } = await buildAppWithAdmin(t.db));
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (
    method: string,
    url: string,
    payload: string,
    contentType = 'application/json',
    cookie = player.cookie(),
  ) =>
    app.inject({
      method: method as 'POST',
      url,
      headers: { origin: TEST_APP_URL, cookie, 'content-type': contentType },
      payload,
    });

  it('every API route answers an anonymous caller with 401 NOT_AUTHENTICATED, or is public', async () => {
    const api = routesOf(app).filter((r) => r.url.startsWith('/api/') && !r.url.includes('*'));
    const names = api.map((r) => `${r.method} ${r.url}`);
    // The walk found the routes we know of (so it cannot pass by finding none).
    for (const known of [
      'GET /api/me',
      'PATCH /api/me',
      'GET /api/me/transactions',
      'POST /api/me/daily-bonus',
      'GET /api/me/stream',
      'POST /api/me/drills/answers',
      'POST /api/me/drills/deals',
      'POST /api/me/drills/deals/:dealId/answer',
      ...PUBLIC,
    ]) {
      expect(names).toContain(known);
    }
    for (const { method, url } of api) {
      const res = await app.inject({ method: method as 'GET', url, headers: { origin: TEST_APP_URL } });
      const own = SELF_AUTHENTICATED.get(`${method} ${url}`);
      if (PUBLIC.has(`${method} ${url}`)) expect(res.statusCode, url).toBe(200);
      else if (own !== undefined) expectError(res, own, `${method} ${url}`);
      else expectError(res, 'NOT_AUTHENTICATED', `${method} ${url}`);
    }
  });

  it('every body-taking API route refuses malformed JSON, a wrong content type and a body too large', async () => {
    const withBody = routesOf(app).filter(
      (r) => r.url.startsWith('/api/') && !r.url.includes('*') && ['POST', 'PATCH', 'PUT'].includes(r.method),
    );
    expect(withBody.length).toBeGreaterThanOrEqual(2);
    for (const { method, url } of withBody) {
      expectError(
        await send(method, url, '{"displayName": '),
        'VALIDATION_FAILED',
        `${method} ${url} malformed`,
      );
      expectError(
        await send(method, url, '<a/>', 'application/xml'),
        'UNSUPPORTED_MEDIA_TYPE',
        `${method} ${url} xml`,
      );
      const big = JSON.stringify({ displayName: 'x'.repeat(BODY_LIMIT_bytes) });
      expectError(await send(method, url, big), 'PAYLOAD_TOO_LARGE', `${method} ${url} large`);
    }
  });

  it('validation failures are 400 VALIDATION_FAILED naming the field', async () => {
    const patch = expectError(
      await player.call('PATCH', '/api/me', { credits: 5 }),
      'VALIDATION_FAILED',
      'patch',
    );
    expect(patch.error.message).toMatch(/body/);
    expectError(await player.call('GET', '/api/me/transactions?limit=0'), 'VALIDATION_FAILED', 'limit');
    expectError(
      await player.call('POST', '/api/me/daily-bonus', { amount: 1 }),
      'VALIDATION_FAILED',
      'bonus body',
    );
  });

  it('unknown routes are 404 NOT_FOUND, for any method', async () => {
    expectError(await app.inject('/api/nope'), 'NOT_FOUND', 'GET');
    expectError(await app.inject({ method: 'POST', url: '/api/nope' }), 'NOT_FOUND', 'POST');
    expectError(await app.inject({ method: 'DELETE', url: '/api/me' }), 'NOT_FOUND', 'DELETE');
  });

  it('a refused daily bonus is 409 DAILY_BONUS_NOT_READY with nextClaimAt', async () => {
    const p = await signUpPlayer(app, 'errors-bonus');
    expect((await p.call('POST', '/api/me/daily-bonus')).statusCode).toBe(200);
    const body = expectError(await p.call('POST', '/api/me/daily-bonus'), 'DAILY_BONUS_NOT_READY', 'again');
    expect(body.error.nextClaimAt).toBeDefined();
  });

  it('a username another player holds is 409 USERNAME_TAKEN', async () => {
    const holder = await signUpPlayer(app, 'errors-holder');
    expect((await holder.call('PATCH', '/api/me', { username: 'ErrorsHolder' })).statusCode).toBe(200);
    expectError(await player.call('PATCH', '/api/me', { username: 'errorsholder' }), 'USERNAME_TAKEN', 'taken');
  });

  it('a missing profile is 404 USER_DOC_MISSING', async () => {
    const p = await signUpPlayer(app, 'errors-gone');
    await t.db.kysely.deleteFrom('profiles').where('user_id', '=', p.id).execute();
    expectError(await p.call('GET', '/api/me'), 'USER_DOC_MISSING', 'me');
    expectError(await p.call('POST', '/api/me/daily-bonus'), 'USER_DOC_MISSING', 'bonus');
  });

  it('the auth routes answer with catalogue codes only', async () => {
    const b = browser(app);
    const email = uniqueEmail('errors-auth');
    expect((await signUp(b, email)).statusCode).toBe(200);
    const other = browser(app);
    expectError(await signUp(other, email), 'EMAIL_EXISTS', 'existing email');
    const short = expectError(
      await signUp(other, uniqueEmail('e'), 'short'),
      'VALIDATION_FAILED',
      'short password',
    );
    expect(short.error.details).toEqual({ reason: 'PASSWORD_TOO_SHORT' });
    expectError(await signUp(other, 'not-an-email'), 'VALIDATION_FAILED', 'bad email');
    expectError(
      await other.post('/api/auth/sign-in/email', { email, password: 'wrong password 1' }),
      'INVALID_CREDENTIALS',
      'wrong password',
    );
    expectError(
      await other.post('/api/auth/send-verification-email', { email }),
      'NOT_AUTHENTICATED',
      'verification mail',
    );
    expectError(
      await other.post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'b' }),
      'NOT_AUTHENTICATED',
      'change password',
    );
    expectError(
      await other.post('/api/auth/sign-in/social', { provider: 'google' }),
      'GOOGLE_UNAVAILABLE',
      'google off',
    );
    expectError(
      await other.post('/api/auth/reset-password', { token: 'nope', newPassword: 'long enough 1' }),
      'VALIDATION_FAILED',
      'bad token',
    );
    expectError(await other.get('/api/auth/no-such-endpoint'), 'NOT_FOUND', 'unknown auth route');
    const foreign = await b.request('POST', '/api/auth/sign-out', {}, { origin: 'http://evil.example' });
    // The app's CSRF guard answers before the auth library's own origin check.
    expectError(foreign, 'ORIGIN_NOT_TRUSTED', 'foreign origin');
    expectError(
      await send('POST', '/api/auth/sign-in/email', 'x'.repeat(BODY_LIMIT_bytes + 1), 'application/json', ''),
      'PAYLOAD_TOO_LARGE',
      'auth large',
    );
  });

  it('an unexpected failure is 500 UNEXPECTED and does not leak its cause', async () => {
    await sql`alter table profiles rename to profiles_away`.execute(t.db.kysely);
    try {
      const res = await player.call('GET', '/api/me');
      const body = expectError(res, 'UNEXPECTED', 'broken table');
      expect(body.error.message).toBe(ERRORS.UNEXPECTED.message);
      expect(res.body).not.toMatch(/profiles/);
    } finally {
      await sql`alter table profiles_away rename to profiles`.execute(t.db.kysely);
    }
  });
});

forEachDatabase('error contract: auth rate limit', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAuthApp(t.db, { rateLimit: { enabled: true, max: 3, window_s: 60 } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('past the budget the auth routes answer 429 RATE_LIMITED', async () => {
    const b = browser(app);
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 5; i++)
      last = await b.post('/api/auth/sign-in/email', {
        email: 'x@example.com',
        password: 'wrong password 1',
      });
    if (last === undefined) throw new Error('unreachable');
    expectError(last, 'RATE_LIMITED', 'sign-in burst');
  });
});
