// A database made by the release before the migrations were versioned one file each: it has
// better-auth's tables, auth_secret and outbox (created at every start with CREATE TABLE IF
// NOT EXISTS) and only 0001 recorded. It must migrate cleanly and keep its secret and mails.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { runAuthLibraryMigrations } from '../src/auth/library-migrations.ts';
import { loadAuthSecret } from '../src/auth/secret.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { MIGRATIONS, runAppMigrations } from '../src/db/migrations/index.ts';
import { readOutbox } from '../src/mail/outbox.ts';
import { migrateDatabase } from '../src/migrate.ts';
import { adminUrl, databaseUrl, runId } from './support/pg-urls.ts';

const SECRET = 'a-secret-made-by-the-previous-release-0123456789';

/** What the previous release ran at every start, in its order. */
async function previousReleaseSchema(db: Database): Promise<void> {
  await runAuthLibraryMigrations(db);
  await db.kysely.schema
    .createTable('auth_secret')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
  await db.kysely.schema
    .createTable('outbox')
    .ifNotExists()
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  const first = MIGRATIONS['0001-profiles-and-ledger'];
  if (first === undefined) throw new Error('0001 is missing');
  expect(await runAppMigrations(db.kysely, { '0001-profiles-and-ledger': first })).toEqual([
    '0001-profiles-and-ledger',
  ]);
  await db.kysely.insertInto('auth_secret').values({ id: 1, secret: SECRET }).execute();
  await db.kysely
    .insertInto('outbox')
    .values({ to_address: 'old@example.test', subject: 'Hi', body_text: 'kept' })
    .execute();
}

async function upgradeChecks(db: Database): Promise<void> {
  await previousReleaseSchema(db);
  // Everything after 0001, which that release had already applied.
  expect(await migrateDatabase(db)).toEqual(Object.keys(MIGRATIONS).filter((name) => name >= '0002'));
  expect(await loadAuthSecret(db.kysely, undefined)).toBe(SECRET);
  expect((await readOutbox(db.kysely, 'old@example.test')).map((m) => m.body_text)).toEqual(['kept']);
  expect(await migrateDatabase(db)).toEqual([]);
}

describe('migrating a database of the previous release [pglite]', () => {
  it('applies only the new migrations and keeps the data', async () => {
    const db = await openDatabase({ dataDir: '', pglite: await PGlite.create() });
    try {
      await upgradeChecks(db);
    } finally {
      await db.close();
    }
  }, 120_000);
});

const tpl = inject('postgresTemplate');

// skipIf only for this reason: PostgreSQL unreachable without REQUIRE_POSTGRES=1.
describe.skipIf(tpl === null)('migrating a database of the previous release [postgres]', () => {
  it('applies only the new migrations and keeps the data', async () => {
    if (tpl === null) throw new Error('unreachable');
    const name = `cc_t_up_${runId()}`;
    const admin = new pg.Client({ connectionString: adminUrl(tpl.baseUrl) });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const db = await openDatabase({ dataDir: '', databaseUrl: databaseUrl(tpl.baseUrl, name), poolSize: 3 });
    try {
      await upgradeChecks(db);
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);

  it('a fresh database gets every migration, in the order of their names', async () => {
    if (tpl === null) throw new Error('unreachable');
    const name = `cc_t_up_${runId()}`;
    const admin = new pg.Client({ connectionString: adminUrl(tpl.baseUrl) });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const db = await openDatabase({ dataDir: '', databaseUrl: databaseUrl(tpl.baseUrl, name), poolSize: 3 });
    try {
      expect(await migrateDatabase(db)).toEqual(Object.keys(MIGRATIONS));
      expect(Object.keys(MIGRATIONS)).toEqual([...Object.keys(MIGRATIONS)].sort());
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
