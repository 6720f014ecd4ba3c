// The one-query session path of requireUser (src/auth/session-lookup.ts) must refuse and
// refresh exactly where better-auth's own lookup would: a deleted session at once, a forged
// signature always, an expired one (deleted), and a session due for its sliding refresh
// (extended by better-auth).
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionLookup, VERIFIED_COOKIES_MAX, cookieValue } from '../src/auth/session-lookup.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

const SESSION_COOKIE = 'better-auth.session_token';

function sessionCookieOf(player: Player): string {
  const value = cookieValue(player.cookie(), SESSION_COOKIE);
  if (value === null) throw new Error('the player has no session cookie');
  return value;
}

async function me(app: FastifyInstance, cookie: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/test/whoami', headers: { cookie } });
  return res.statusCode;
}

describe('cookieValue', () => {
  it('finds one cookie by name and refuses a name given twice', () => {
    expect(cookieValue('a=1; better-auth.session_token=tok.sig%3D; b=2', SESSION_COOKIE)).toBe('tok.sig%3D');
    expect(cookieValue('a=1', SESSION_COOKIE)).toBeNull();
    expect(cookieValue(undefined, SESSION_COOKIE)).toBeNull();
    expect(cookieValue(`${SESSION_COOKIE}=x.1; ${SESSION_COOKIE}=y.2`, SESSION_COOKIE)).toBeNull();
  });
});

forEachDatabase('requireUser: the one-query session path', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { whoami: true });
  });
  afterAll(async () => {
    await app.close();
  });

  const tokenOf = async (player: Player): Promise<string> => {
    const { rows } = await sql<{
      token: string;
    }>`select token from auth_session where "userId" = ${player.id}`.execute(t.db.kysely);
    expect(rows).toHaveLength(1);
    return rows[0]!.token;
  };

  it('a session deleted in the database is refused on the very next request', async () => {
    const player = await signUpPlayer(app, 'lookup-del');
    const cookie = `${SESSION_COOKIE}=${sessionCookieOf(player)}`;
    expect(await me(app, cookie)).toBe(200);
    expect(await me(app, cookie)).toBe(200); // the fast path now
    await sql`delete from auth_session where "userId" = ${player.id}`.execute(t.db.kysely);
    expect(await me(app, cookie)).toBe(401);
  });

  it('a verified token with a forged signature is refused, before and after the real one is used', async () => {
    const player = await signUpPlayer(app, 'lookup-forge');
    const token = await tokenOf(player);
    const forged = `${SESSION_COOKIE}=${token}.${encodeURIComponent('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=')}`;
    expect(await me(app, forged)).toBe(401);
    expect(await me(app, `${SESSION_COOKIE}=${sessionCookieOf(player)}`)).toBe(200);
    expect(await me(app, forged)).toBe(401);
    expect(await me(app, `${SESSION_COOKIE}=${token}`)).toBe(401);
  });

  it('an expired session is refused and deleted, as better-auth does', async () => {
    const player = await signUpPlayer(app, 'lookup-exp');
    const cookie = `${SESSION_COOKIE}=${sessionCookieOf(player)}`;
    expect(await me(app, cookie)).toBe(200);
    await sql`update auth_session set "expiresAt" = now() - interval '1 minute' where "userId" = ${player.id}`.execute(
      t.db.kysely,
    );
    expect(await me(app, cookie)).toBe(401);
    const { rows } = await sql`select 1 from auth_session where "userId" = ${player.id}`.execute(t.db.kysely);
    expect(rows).toHaveLength(0);
  });

  it('a session due for its sliding refresh is extended by better-auth, then served again', async () => {
    const player = await signUpPlayer(app, 'lookup-refresh');
    const cookie = `${SESSION_COOKIE}=${sessionCookieOf(player)}`;
    expect(await me(app, cookie)).toBe(200);
    // Six days left of seven: a day old, the age at which better-auth extends a session.
    await sql`update auth_session set "expiresAt" = now() + interval '6 days' - interval '1 minute'
              where "userId" = ${player.id}`.execute(t.db.kysely);
    expect(await me(app, cookie)).toBe(200);
    const { rows } = await sql<{ left_s: number }>`
      select extract(epoch from ("expiresAt" - now()))::int as left_s from auth_session where "userId" = ${player.id}`.execute(
      t.db.kysely,
    );
    expect(Number(rows[0]!.left_s)).toBeGreaterThan(6.9 * 24 * 3600);
    expect(await me(app, cookie)).toBe(200);
  });

  it('a name changed in the database shows on the next request (nothing about the user is cached)', async () => {
    const player = await signUpPlayer(app, 'lookup-name', 'Before');
    const cookie = `${SESSION_COOKIE}=${sessionCookieOf(player)}`;
    expect(await me(app, cookie)).toBe(200);
    await sql`update auth_user set name = 'After' where id = ${player.id}`.execute(t.db.kysely);
    const res = await app.inject({ method: 'GET', url: '/api/test/whoami', headers: { cookie } });
    expect((res.json() as { user: { name: string } }).user.name).toBe('After');
  });

  it('answers from the database only for a cookie value verified before, and stays bounded', async () => {
    const player = await signUpPlayer(app, 'lookup-unit', 'Unit');
    const token = await tokenOf(player);
    const signed = sessionCookieOf(player);
    const lookup = new SessionLookup(t.db.kysely, {
      cookieName: SESSION_COOKIE,
      expiresIn_s: 7 * 86400,
      updateAge_s: 86400,
    });
    const now = new Date();
    expect(await lookup.find(signed, now)).toBe('unknown');
    lookup.remember(`${token}x.sig`, token); // not this token's signed value: ignored
    lookup.remember(signed, token);
    expect(lookup.size).toBe(1);
    const found = await lookup.find(signed, now);
    expect(found).toMatchObject({ user: { id: player.id, name: 'Unit', emailVerified: false } });
    for (let i = 0; i < VERIFIED_COOKIES_MAX; i++) lookup.remember(`t${i}.s`, `t${i}`);
    expect(lookup.size).toBe(VERIFIED_COOKIES_MAX);
    expect(await lookup.find(signed, now)).toBe('unknown'); // the oldest went first
  });
});
