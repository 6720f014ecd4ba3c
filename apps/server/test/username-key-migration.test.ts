// Migration 0023 (ADR 0046) gives every existing username its confusable key without renaming
// anyone: where players already share a key (look-alikes made before the rule), the oldest
// holds it and the others keep their names without a key; from then on a look-alike is refused.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { runAuthLibraryMigrations } from '../src/auth/library-migrations.ts';
import { confusableKey } from '../src/auth/name-rules.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { MIGRATIONS, runAppMigrations } from '../src/db/migrations/index.ts';
import { migrateDatabase } from '../src/migrate.ts';
import { updateProfile } from '../src/modules/profiles/index.ts';
import { adminUrl, databaseUrl, runId } from './support/pg-urls.ts';

/** [id, username, created_at]: ids out of age order so the test sees age, not id, decide. */
const ROWS: [string, string, string][] = [
  ['u2', 'z\u0435dd', '2025-01-02T00:00:00Z'], // Cyrillic е, younger
  ['u1', 'zedd', '2025-01-01T00:00:00Z'],
  ['u3', 'Zed', '2025-01-03T00:00:00Z'],
  ['u5', 'Paul', '2025-01-05T00:00:00Z'],
  ['u4', 'Alone', '2025-01-04T00:00:00Z'],
];

async function databaseBefore0023(db: Database): Promise<void> {
  await runAuthLibraryMigrations(db);
  await runAppMigrations(db.kysely, Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0023')));
  for (const [id, username, at] of ROWS) {
    const when = new Date(at);
    await sql`insert into auth_user (id, name, email, "emailVerified", "createdAt", "updatedAt")
      values (${id}, ${username}, ${`${id}@example.test`}, false, ${when}, ${when})`.execute(db.kysely);
    await sql`insert into profiles (user_id, email, username, display_name, credits, achievements,
        auth_provider, email_verified, last_daily_bonus, created_at, joined_at, last_login, last_updated)
      values (${id}, ${`${id}@example.test`}, ${username}, ${username}, 0, '[]', 'email', false, null,
        ${when}, ${when}, ${when}, ${when})`.execute(db.kysely);
  }
}

async function migrationChecks(db: Database): Promise<void> {
  await databaseBefore0023(db);
  expect(await migrateDatabase(db)).toEqual(Object.keys(MIGRATIONS).filter((name) => name >= '0023'));
  const { rows } = await sql<{ user_id: string; username: string; username_key: string | null }>`
    select user_id, username, username_key from profiles`.execute(db.kysely);
  const byId = Object.fromEntries(rows.map((r) => [r.user_id, r]));
  // Nobody was renamed.
  for (const [id, username] of ROWS) expect(byId[id]?.username, id).toBe(username);
  // The oldest of the look-alikes holds the key, the younger one keeps its name without one.
  expect(byId.u1?.username_key).toBe('zedd');
  expect(byId.u2?.username_key).toBeNull();
  for (const id of ['u3', 'u4', 'u5']) expect(byId[id]?.username_key, id).toBe(confusableKey(byId[id]!.username));
  // From now on a look-alike is refused, by the index itself.
  await expect(updateProfile(db, 'u4', { username: 'ze\u0501d' /* Cyrillic ԁ */ })).rejects.toMatchObject({ code: 'USERNAME_CONFUSABLE' });
  await expect(updateProfile(db, 'u4', { username: 'ZEDD' })).rejects.toMatchObject({ code: 'USERNAME_TAKEN' });
  await expect(
    sql`update profiles set username_key = 'zedd' where user_id = 'u4'`.execute(db.kysely),
  ).rejects.toMatchObject({ code: '23505' });
  // The player left without a key keeps their name when they send it again with a new display name.
  await updateProfile(db, 'u2', { username: 'z\u0435dd', displayName: 'Still Me' });
  const kept = await sql<{ username: string; username_key: string | null; display_name: string }>`
    select username, username_key, display_name from profiles where user_id = 'u2'`.execute(db.kysely);
  expect(kept.rows[0]).toEqual({ username: 'z\u0435dd', username_key: null, display_name: 'Still Me' });
  // ... and gets a key with their next username.
  await updateProfile(db, 'u2', { username: 'zedd_two' });
  const u2 = await sql<{ username_key: string | null }>`select username_key from profiles where user_id = 'u2'`.execute(db.kysely);
  expect(u2.rows[0]?.username_key).toBe('zedd_two');
}

describe('migration 0023: username keys for existing players [pglite]', () => {
  it('keys every username, keeps look-alikes made before it, refuses new ones', async () => {
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
describe.skipIf(tpl === null)('migration 0023: username keys for existing players [postgres]', () => {
  it('keys every username, keeps look-alikes made before it, refuses new ones', async () => {
    if (tpl === null) throw new Error('unreachable');
    const name = `cc_t_uk_${runId()}`;
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
