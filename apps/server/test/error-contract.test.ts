// Every error the API sends is `{ error: { code, message } }` with a code of the shared
// catalogue, that code's status and nothing undeclared (ErrorBodySchema is strict). The
// routes are walked from the app itself, so a new route is checked without editing this file.
import { ERRORS, ErrorBodySchema } from '@card-counter/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BODY_LIMIT_bytes } from '../src/app.ts';
import type { DB } from '../src/db/index.ts';
import { JSON_DEPTH_MAX } from '../src/http/input-guard.ts';
import { browser, signUp, uniqueEmail } from './support/browser.ts';
import { buildAppWithAdmin } from './support/admin.ts';
import { TEST_APP_URL, buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

/** Asserts the response is a catalogue error with `code`; returns the parsed body. */
function expectError(res: LightMyRequestResponse, code: keyof typeof ERRORS, what: string) {
  const json: unknown = res.json();
  const parsed = ErrorBodySchema.safeParse(json);
  expect(parsed.success, `${what}: ${res.body}`).toBe(true);
  expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
  // An error can carry a player's state (a table, a next claim time): never kept by a cache.
  expect(res.headers['cache-control'], `${what}: cache-control`).toBe('no-store');
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

// /api/session says who the caller is: anonymous is one of its answers (200 signedIn false).
const PUBLIC = new Set(['GET /api/health', 'GET /api/config', 'GET /api/session']);
/** Routes that authenticate their caller another way than a session, and the code a stranger gets. */
const SELF_AUTHENTICATED = new Map<string, 'WEBHOOK_SIGNATURE_INVALID' | 'PURCHASE_NOT_AUTHENTICATED'>([
  ['POST /api/payments/webhook', 'WEBHOOK_SIGNATURE_INVALID'],
  // The spec's message for a purchase without a signed-in user.
  ['POST /api/payments/create-payment-intent', 'PURCHASE_NOT_AUTHENTICATED'],
  ['POST /api/payments/verify', 'PURCHASE_NOT_AUTHENTICATED'],
  ['POST /api/payments/demo/confirm', 'PURCHASE_NOT_AUTHENTICATED'],
]);

/**
 * Routes a guest may read, and what a stranger asking with no query gets: GET /api/indices
 * answers the index sets already known to anyone and asks for a sign-in only for a new one
 * (ADR 0052; api-indices.test.ts walks both).
 */
const OPEN_TO_GUESTS = new Map<string, 'VALIDATION_FAILED'>([['GET /api/indices', 'VALIDATION_FAILED']]);

/**
 * Tables a background refresher rewrites from other tables shortly after a change (the
 * leaderboard's, from profiles): a change made before a test could land during it.
 */
const DERIVED_TABLES: ReadonlySet<string> = new Set(['leaderboard_entries', 'leaderboard_buckets']);

/** One digest per table of the app's schema: any row written, changed or deleted changes it. */
async function databaseDigest(db: Kysely<DB>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(db);
  expect(tables.rows.length).toBeGreaterThan(10);
  const digest: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (DERIVED_TABLES.has(name)) continue;
    const r = await sql<{ d: string | null }>`
      select md5(string_agg(t::text, '|' order by t::text)) as d from ${sql.table(name)} t`.execute(db);
    digest[name] = r.rows[0]?.d ?? 'empty';
  }
  return digest;
}

/** Concrete paths for the auth library's wildcard route, which takes any path under it. */
const AUTH_PATHS = [
  ['POST', '/api/auth/sign-up/email'],
  ['POST', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/update-user'],
  ['GET', '/api/auth/get-session'],
] as const;

/** A JSON body nested `levels` deep in arrays, under the key "zz". */
const deepBody = (levels: number) => `{"zz":${'['.repeat(levels)}${']'.repeat(levels)}}`;

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

  it('every API route answers an anonymous caller with 401 NOT_AUTHENTICATED, or is public (or open to guests)', async () => {
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
      const own = SELF_AUTHENTICATED.get(`${method} ${url}`) ?? OPEN_TO_GUESTS.get(`${method} ${url}`);
      if (PUBLIC.has(`${method} ${url}`)) expect(res.statusCode, url).toBe(200);
      else if (own !== undefined) expectError(res, own, `${method} ${url}`);
      else expectError(res, 'NOT_AUTHENTICATED', `${method} ${url}`);
    }
  });

  it('every API answer carries Cache-Control: no-store, signed in or not', async () => {
    const gets = app.routeTable.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.includes('*') && !r.url.endsWith('/stream'),
    );
    expect(gets.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const { url } of gets) {
      const path = url.replace(/:[A-Za-z]+/g, player.id);
      const signedIn = await player.call('GET', path);
      const anonymous = await app.inject({ method: 'GET', url: path });
      for (const [who, res] of [['signed in', signedIn], ['signed out', anonymous]] as const) {
        if (res.headers['cache-control'] !== 'no-store')
          missing.push(`${who} GET ${path} ${res.statusCode}: ${String(res.headers['cache-control'])}`);
      }
    }
    // The auth library's answers too: a session is the most private answer there is.
    const session = await player.call('GET', '/api/auth/get-session');
    expect(session.statusCode).toBe(200);
    if (session.headers['cache-control'] !== 'no-store') missing.push('GET /api/auth/get-session');
    expect(missing).toEqual([]);
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

  it('every route refuses a NUL, a lone surrogate and a deep body in query, params and body: 400, nothing changed', async () => {
    const routes = app.routeTable
      .filter((r) => r.method !== 'HEAD')
      .flatMap((r): { method: string; url: string }[] =>
        r.url === '/api/auth/*'
          ? AUTH_PATHS.filter(([m]) => m === r.method).map(([method, url]) => ({ method, url }))
          : [r],
      );
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const known of ['PUT /api/simulator/runs/:runId/result', 'POST /api/payments/webhook', 'GET /api/leaderboard'])
      expect(names).toContain(known);
    const before = await databaseDigest(t.db.kysely);
    const balanceBefore = ((await player.call('GET', '/api/me')).json() as { credits: number }).credits;
    const cases: { method: string; url: string; body?: string; code: 'VALIDATION_FAILED' | 'MALFORMED_URL'; reason?: string }[] = [];
    for (const { method, url } of routes) {
      const path = url.replace(/:[A-Za-z]+/g, 'x');
      cases.push({ method, url: `${path}?zz=a%00b`, code: 'VALIDATION_FAILED', reason: 'NUL_CHARACTER' });
      // The UTF-8 bytes of U+D800: the only way a lone surrogate can be written in a URL.
      cases.push({ method, url: `${path}?zz=a%ED%A0%80b`, code: 'MALFORMED_URL' });
      if (url.includes(':')) {
        const nul = url.replace(/:[A-Za-z]+/g, 'a%00b');
        cases.push({ method, url: nul, code: 'VALIDATION_FAILED', reason: 'NUL_CHARACTER' });
        cases.push({ method, url: url.replace(/:[A-Za-z]+/g, 'a%ED%A0%80b'), code: 'MALFORMED_URL' });
      }
      if (['POST', 'PATCH', 'PUT'].includes(method)) {
        for (const [body, reason] of [
          ['{"zz":"a\\u0000b"}', 'NUL_CHARACTER'],
          ['{"zz":{"a\\u0000b":1}}', 'NUL_CHARACTER'],
          ['{"zz":["ok","a\\ud800b"]}', 'LONE_SURROGATE'],
          ['{"zz":{"\\udc00":1}}', 'LONE_SURROGATE'],
          [deepBody(5000), 'NESTED_TOO_DEEP'],
          [deepBody(JSON_DEPTH_MAX), 'NESTED_TOO_DEEP'],
        ] as const)
          cases.push({ method, url: path, body, code: 'VALIDATION_FAILED', reason });
      }
    }
    for (const c of cases) {
      const what = `${c.method} ${c.url} ${c.body?.slice(0, 40) ?? ''}`;
      const res = await app.inject({
        method: c.method as 'POST',
        url: c.url,
        headers: {
          origin: TEST_APP_URL,
          cookie: player.cookie(),
          ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(c.body === undefined ? {} : { payload: c.body }),
      });
      const body = expectError(res, c.code, what);
      if (c.reason !== undefined) expect(body.error.details, what).toEqual({ reason: c.reason });
    }
    expect(cases.length).toBeGreaterThan(150);
    expect(((await player.call('GET', '/api/me')).json() as { credits: number }).credits).toBe(balanceBefore);
    expect(await databaseDigest(t.db.kysely)).toEqual(before);
  });

  it('a body just within the nesting bound reaches validation as before', async () => {
    const res = await send('PATCH', '/api/me', deepBody(JSON_DEPTH_MAX - 1));
    const body = expectError(res, 'VALIDATION_FAILED', 'within the bound');
    expect(body.error.details).toBeUndefined();
    expect(body.error.message).toMatch(/^body/);
  });

  it('NUL and lone surrogates where they reach the database answer 400, not 500 (the issue\'s list)', async () => {
    const p = await signUpPlayer(app, 'errors-nul');
    const settings = {
      rules: {},
      count: 'hi-lo',
      trueCount: { resolution: 'exact', rounding: 'floor' },
      spread: { '-inf': 1 },
      indices: 'none',
      insurance: 'never',
      wongIn: null,
      bankroll_units: 0,
      rounds: 10_000,
      seed: 1,
      csm: false,
      threads: 1,
    };
    const runId = randomUUID();
    expect((await p.call('POST', '/api/simulator/runs', { runId, settings })).statusCode).toBe(200);
    const result = { rounds: 10_000, ev: 0, evStdErr: 0, perTrueCount: [] };
    const intent = await p.call('POST', '/api/payments/create-payment-intent', {
      userId: p.id,
      amount: 99,
      creditAmount: 10_000,
      packageName: 'starter',
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const before = await databaseDigest(t.db.kysely);
    const balance = ((await p.call('GET', '/api/me')).json() as { credits: number }).credits;
    // JSON text, so a lone surrogate travels as the escape a client would send.
    const json = (v: unknown) => JSON.stringify(v).replaceAll('SURROGATE', '\\ud800').replaceAll('NUL', '\\u0000');
    const cases: [string, () => Promise<LightMyRequestResponse>, string][] = [
      ['leaderboard after', () => p.call('GET', '/api/leaderboard?after=100:a%00b'), 'NUL_CHARACTER'],
      ['leaderboard before', () => p.call('GET', '/api/leaderboard?before=100:a%00b'), 'NUL_CHARACTER'],
      ['admin q', () => player.call('GET', '/api/admin/users?q=a%00b'), 'NUL_CHARACTER'],
      ['admin user id', () => player.call('GET', '/api/admin/users/a%00b'), 'NUL_CHARACTER'],
      ['admin ledger id', () => player.call('GET', '/api/admin/users/a%00b/transactions'), 'NUL_CHARACTER'],
      [
        'simulator rules key',
        () => p.call('POST', '/api/simulator/runs', json({ runId: randomUUID(), settings: { ...settings, rules: { aNUL: 1 } } })),
        'NUL_CHARACTER',
      ],
      [
        'simulator rules value',
        () => p.call('POST', '/api/simulator/runs', json({ runId: randomUUID(), settings: { ...settings, rules: { a: 'xSURROGATE' } } })),
        'LONE_SURROGATE',
      ],
      [
        'simulator result',
        () => p.call('PUT', `/api/simulator/runs/${runId}/result`, json({ result: { ...result, note: 'aNUL' } })),
        'NUL_CHARACTER',
      ],
      [
        'simulator result nested 5,000 deep',
        () => p.call('PUT', `/api/simulator/runs/${runId}/result`, `{"result":{"rounds":1,"ev":0,"evStdErr":0,"perTrueCount":[],"x":${'['.repeat(5000)}${']'.repeat(5000)}}}`),
        'NESTED_TOO_DEEP',
      ],
      [
        'demo confirm clientSecret',
        () => p.call('POST', '/api/payments/demo/confirm', json({ clientSecret: 'demo_pi_xNUL', cardNumber: '4242424242424242', postalCode: '10001' })),
        'NUL_CHARACTER',
      ],
      [
        'sign-up email',
        () =>
          app.inject({
            method: 'POST',
            url: '/api/auth/sign-up/email',
            headers: { origin: TEST_APP_URL, 'content-type': 'application/json' },
            payload: json({ email: `aNUL${uniqueEmail('nul')}`, password: 'correct-horse-9', name: 'Nul' }),
          }),
        'NUL_CHARACTER',
      ],
      // The auth library reads form bodies too.
      [
        'sign-up email, form',
        () =>
          app.inject({
            method: 'POST',
            url: '/api/auth/sign-up/email',
            headers: { origin: TEST_APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
            payload: `email=a%00${encodeURIComponent(uniqueEmail('nul'))}&password=correct-horse-9&name=Nul`,
          }),
        'NUL_CHARACTER',
      ],
    ];
    // Every answer collected first, so a failure lists every case that is not a 400.
    const got: string[] = [];
    for (const [what, call] of cases) {
      const res = await call();
      const body = res.json() as { error?: { code?: string; details?: { reason?: string } } };
      got.push(`${what}: ${res.statusCode} ${body.error?.code} ${body.error?.details?.reason}`);
    }
    expect(got).toEqual(cases.map(([what, , reason]) => `${what}: 400 VALIDATION_FAILED ${reason}`));
    expect(((await p.call('GET', '/api/me')).json() as { credits: number }).credits).toBe(balance);
    expect(await databaseDigest(t.db.kysely)).toEqual(before);
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
    app = await buildTestApp(t.db, { authRateLimit: { enabled: true, max: 3, window_s: 60 } });
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
