// Usernames are one player's each, whatever their case: sign-ups with the same name get
// different usernames even when they race, PATCH /api/me cannot take another player's name,
// and databases that already hold such duplicates are renamed when they migrate.
import { PGlite } from '@electric-sql/pglite';
import { ERRORS, PatchMeSchema } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAuthLibraryMigrations } from '../src/auth/library-migrations.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { MIGRATIONS, runAppMigrations } from '../src/db/migrations/index.ts';
import { migrateDatabase } from '../src/migrate.ts';
import { getProfile } from '../src/modules/profiles/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { adminUrl, databaseUrl, runId } from './support/pg-urls.ts';
import { forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

const usernameOf = async (p: Player) => ((await p.call('GET', '/api/me')).json() as { username: string }).username;

forEachDatabase('unique usernames', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('concurrent sign-ups with the same name all succeed, each with its own valid username', async () => {
    const players = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUpPlayer(app, `race${i}`, i % 2 === 0 ? 'Race Name' : 'RACE name')),
    );
    const names = await Promise.all(players.map(usernameOf));
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    expect(names.map((n) => n.toLowerCase())).toContain('race_name');
    for (const n of names) expect(PatchMeSchema.safeParse({ username: n }).success, n).toBe(true);
  });

  it('a second sign-up with a taken name gets the lowest free suffix, cut to the length limit', async () => {
    const first = await createTestUser(t.db, { name: 'Suffix Me' });
    const second = await createTestUser(t.db, { name: 'suffix me' });
    expect((await getProfile(t.db, first.userId))?.username).toBe('Suffix_Me');
    expect((await getProfile(t.db, second.userId))?.username).toBe('suffix_me_2');
    const long = 'L'.repeat(40);
    await createTestUser(t.db, { name: long });
    const again = await createTestUser(t.db, { name: long });
    expect((await getProfile(t.db, again.userId))?.username).toBe(`${'L'.repeat(38)}_2`);
  });

  it('concurrent service-level sign-ups with one name all get a profile', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createTestUser(t.db, { name: 'Crowd' })));
    const names = await Promise.all(users.map(async (u) => (await getProfile(t.db, u.userId))?.username));
    expect(new Set(names.map((n) => n?.toLowerCase())).size).toBe(12);
  });

  it("PATCH /api/me with another player's username in any case is 409 USERNAME_TAKEN and changes nothing", async () => {
    const holder = await signUpPlayer(app, 'holder', 'Holder Of Name');
    expect((await holder.call('PATCH', '/api/me', { username: 'TakenName' })).statusCode).toBe(200);
    const other = await signUpPlayer(app, 'taker', 'Would Be Taker');
    const before = (await other.call('GET', '/api/me')).json() as object;
    for (const username of ['TakenName', 'takenname', 'TAKENNAME']) {
      const res = await other.call('PATCH', '/api/me', { username, displayName: 'Changed' });
      expect(res.statusCode, username).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'USERNAME_TAKEN', message: ERRORS.USERNAME_TAKEN.message },
      });
    }
    expect((await other.call('GET', '/api/me')).json()).toEqual(before);
    expect(await usernameOf(holder)).toBe('TakenName');
  });

  it('a player may change the case of their own username', async () => {
    const p = await signUpPlayer(app, 'own', 'Own Name');
    expect((await p.call('PATCH', '/api/me', { username: 'MyOwnName' })).statusCode).toBe(200);
    const res = await p.call('PATCH', '/api/me', { username: 'MYOWNNAME' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'MYOWNNAME' });
  });
});

/** A database as deployed before usernames were unique, holding names that clash. */
async function databaseWithDuplicates(db: Database): Promise<Record<string, string>> {
  await runAuthLibraryMigrations(db);
  const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0004'));
  await runAppMigrations(db.kysely, before);
  const long = 'x'.repeat(40);
  // [id, username, created_at]: ids out of age order so the test sees age, not id, decide.
  const rows: [string, string, string][] = [
    ['u3', 'Bob', '2025-01-03T00:00:00Z'],
    ['u1', 'bob', '2025-01-01T00:00:00Z'],
    ['u2', 'BOB', '2025-01-02T00:00:00Z'],
    ['u4', 'bob_2', '2025-01-04T00:00:00Z'],
    ['u5', long, '2025-01-01T00:00:00Z'],
    ['u6', long.toUpperCase(), '2025-01-02T00:00:00Z'],
    ['u7', 'Alone', '2025-01-01T00:00:00Z'],
    ['u9', 'same_time', '2025-01-01T00:00:00Z'],
    ['u8', 'SAME_TIME', '2025-01-01T00:00:00Z'],
  ];
  for (const [id, username, at] of rows) {
    const when = new Date(at);
    await sql`insert into auth_user (id, name, email, "emailVerified", "createdAt", "updatedAt")
      values (${id}, ${username}, ${`${id}@example.test`}, false, ${when}, ${when})`.execute(db.kysely);
    await sql`insert into profiles (user_id, email, username, display_name, credits, achievements,
        auth_provider, email_verified, last_daily_bonus, created_at, joined_at, last_login, last_updated)
      values (${id}, ${`${id}@example.test`}, ${username}, ${username}, 0, '[]', 'email', false, null,
        ${when}, ${when}, ${when}, ${when})`.execute(db.kysely);
  }
  return {
    u1: 'bob',
    u2: 'BOB_3',
    u3: 'Bob_4',
    u4: 'bob_2',
    u5: long,
    u6: `${'X'.repeat(38)}_2`,
    u7: 'Alone',
    u8: 'SAME_TIME',
    u9: 'same_time_2',
  };
}

async function migrationChecks(db: Database): Promise<void> {
  const expected = await databaseWithDuplicates(db);
  // 0004 and every migration after it (later releases add their own).
  expect(await migrateDatabase(db)).toEqual(Object.keys(MIGRATIONS).filter((name) => name >= '0004'));
  const rows = await sql<{ user_id: string; username: string }>`select user_id, username from profiles`.execute(
    db.kysely,
  );
  expect(Object.fromEntries(rows.rows.map((r) => [r.user_id, r.username]))).toEqual(expected);
  for (const r of rows.rows) expect(PatchMeSchema.safeParse({ username: r.username }).success, r.username).toBe(true);
  await expect(
    sql`update profiles set username = 'ALONE' where user_id = 'u1'`.execute(db.kysely),
  ).rejects.toMatchObject({ code: '23505' });
}

describe('migrating usernames that clash [pglite]', () => {
  it('keeps the oldest name, suffixes the others without new clashes, then enforces uniqueness', async () => {
    const db = await openDatabase({ dataDir: '', pglite: await PGlite.create() });
    try {
      await migrationChecks(db);
    } finally {
      await db.close();
    }
  }, 120_000);
});

const tpl = inject('postgresTemplate');

// skipIf only for this reason: PostgreSQL unreachable without REQUIRE_POSTGRES=1.
describe.skipIf(tpl === null)('migrating usernames that clash [postgres]', () => {
  it('keeps the oldest name, suffixes the others without new clashes, then enforces uniqueness', async () => {
    if (tpl === null) throw new Error('unreachable');
    const name = `cc_t_un_${runId()}`;
    const admin = new pg.Client({ connectionString: adminUrl(tpl.baseUrl) });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const db = await openDatabase({ dataDir: '', databaseUrl: databaseUrl(tpl.baseUrl, name), poolSize: 3 });
    try {
      await migrationChecks(db);
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
