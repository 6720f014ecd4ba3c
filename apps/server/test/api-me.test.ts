import { DAILY_BONUS_INTERVAL_ms, INITIAL_CREDITS, ProfileSchema, SessionResponseSchema } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

const signUp = (app: FastifyInstance) => signUpPlayer(app, 'me', 'Me Player');

forEachDatabase('api /api/me', (t) => {
  let app: FastifyInstance;
  let now = new Date('2026-01-01T00:00:00.000Z');
  beforeAll(async () => {
    app = await buildTestApp(t.db, { clock: () => now });
  });
  afterAll(async () => {
    await app.close();
  });

  it('health and config', async () => {
    const h = await app.inject('/api/health');
    expect(h.statusCode).toBe(200);
    expect(h.json()).toEqual({ status: 'ok', database: 'ok' });
    const c = await app.inject('/api/config');
    expect(c.json()).toMatchObject({
      auth: { emailPassword: true, google: false },
      payments: { mode: 'demo' },
      missing: [],
    });
  });

  it('answers 401 NOT_AUTHENTICATED without a session on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/me'],
      ['GET', '/api/me/transactions'],
      ['POST', '/api/me/daily-bonus'],
      ['GET', '/api/me/stream'],
    ] as const) {
      const r = await app.inject({ method, url });
      expect(r.statusCode, url).toBe(401);
      expect(r.json()).toEqual({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } });
    }
  });

  it('GET /api/session answers 200 signed out (a bad or expired cookie too) and the profile signed in', async () => {
    const anonymous = await app.inject('/api/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ signedIn: false });
    const stale = await app.inject({ url: '/api/session', headers: { cookie: 'better-auth.session_token=not-a-session.sig' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ signedIn: false });
    const p = await signUpPlayer(app, 'session', 'Session Player');
    const mine = await p.call('GET', '/api/session');
    expect(mine.statusCode).toBe(200);
    const body = SessionResponseSchema.parse(mine.json());
    expect(body.signedIn).toBe(true);
    expect(body.signedIn && body.me).toEqual((await p.call('GET', '/api/me')).json());
  });

  it('signs up and reads the full profile with 10,000 credits and the grant as first row', async () => {
    const p = await signUp(app);
    const res = await p.call('GET', '/api/me');
    expect(res.statusCode).toBe(200);
    const profile = ProfileSchema.parse(res.json());
    expect(profile).toMatchObject({
      uid: p.id,
      credits: INITIAL_CREDITS,
      balance: INITIAL_CREDITS,
      displayName: 'Me Player',
    });
    expect(profile.linkedProviders).toEqual({ google: false, email: true });
    const tx = (await p.call('GET', '/api/me/transactions')).json() as {
      items: { type: string }[];
      nextCursor: null;
    };
    expect(tx.items.map((i) => i.type)).toEqual(['signup']);
    expect(tx.nextCursor).toBeNull();
  });

  it('isAdmin is true only for ids in ADMIN_USER_IDS', async () => {
    const p = await signUp(app);
    expect((await p.call('GET', '/api/me')).json()).toMatchObject({ isAdmin: false });
    // A second process of the same deployment, configured with this player as admin.
    const adminApp = await buildTestApp(t.db, { env: { ADMIN_USER_IDS: `someone-else,${p.id}` } });
    try {
      const res = await adminApp.inject({ method: 'GET', url: '/api/me', headers: { cookie: p.cookie() } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ uid: p.id, isAdmin: true });
    } finally {
      await adminApp.close();
    }
  });

  it('PATCH /api/me changes allowed fields; bad input is 400 and changes nothing', async () => {
    const p = await signUp(app);
    const ok = await p.call('PATCH', '/api/me', { displayName: 'New Name', showOnLeaderboard: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ displayName: 'New Name', showOnLeaderboard: false });
    const before = (await p.call('GET', '/api/me')).json() as object;
    for (const bad of [
      { credits: 1e9 },
      { displayName: '' },
      {},
      { username: 'has space' },
      { showOnLeaderboard: 1 },
      '{bad json',
      [1],
    ]) {
      const r = await p.call('PATCH', '/api/me', bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect((r.json() as { error: { code: string; message: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    expect((await p.call('GET', '/api/me')).json()).toEqual(before);
  });

  it('transactions: bad query is 400, pages are newest first', async () => {
    const p = await signUp(app);
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'cursor=xyz', 'other=1']) {
      const r = await p.call('GET', `/api/me/transactions?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect((r.json() as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    now = new Date(now.getTime() + DAILY_BONUS_INTERVAL_ms);
    expect((await p.call('POST', '/api/me/daily-bonus')).statusCode).toBe(200);
    const page = (await p.call('GET', '/api/me/transactions?limit=1')).json() as {
      items: { type: string }[];
      nextCursor: string;
    };
    expect(page.items.map((i) => i.type)).toEqual(['bonus']);
    const next = (await p.call('GET', `/api/me/transactions?limit=1&cursor=${page.nextCursor}`)).json() as {
      items: { type: string }[];
      nextCursor: string | null;
    };
    expect(next.items.map((i) => i.type)).toEqual(['signup']);
    expect(next.nextCursor).toBeNull();
  });

  it('daily bonus: 20 concurrent claims give one credit, then 409 with nextClaimAt until 24 h pass', async () => {
    const p = await signUp(app);
    const claimAt = now;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => p.call('POST', '/api/me/daily-bonus')),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.json()).toMatchObject({ credited: 100, balance: INITIAL_CREDITS + 100 });
    const nextClaimAt = new Date(claimAt.getTime() + DAILY_BONUS_INTERVAL_ms).toISOString();
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ error: { code: 'DAILY_BONUS_NOT_READY', nextClaimAt } });
    }
    expect(await ledgerSum(t.db.kysely, p.id)).toEqual({ sum: INITIAL_CREDITS + 100, count: 2 });
    now = new Date(claimAt.getTime() + DAILY_BONUS_INTERVAL_ms - 1);
    expect((await p.call('POST', '/api/me/daily-bonus')).statusCode).toBe(409);
    now = new Date(claimAt.getTime() + DAILY_BONUS_INTERVAL_ms);
    expect((await p.call('POST', '/api/me/daily-bonus')).json()).toMatchObject({
      balance: INITIAL_CREDITS + 200,
    });
    const bad = await p.call('POST', '/api/me/daily-bonus', { amount: 1_000_000 });
    expect(bad.statusCode).toBe(400);
    expect(await ledgerSum(t.db.kysely, p.id)).toEqual({ sum: INITIAL_CREDITS + 200, count: 3 });
  });

  it('GET /api/me is 404 USER_DOC_MISSING when the profile is gone', async () => {
    const p = await signUp(app);
    await t.db.kysely.deleteFrom('profiles').where('user_id', '=', p.id).execute();
    const r = await p.call('GET', '/api/me');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({
      error: { code: 'USER_DOC_MISSING', message: 'User document does not exist.' },
    });
  });

  it('unknown API path is a JSON 404; app routes without a build get the notice page', async () => {
    const r = await app.inject('/api/nope');
    expect(r.statusCode).toBe(404);
    expect((r.json() as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    const page = await app.inject('/profile');
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('The web app is not built');
  });
});
