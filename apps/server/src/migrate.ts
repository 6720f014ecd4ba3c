import { sql } from 'kysely';
import { runAuthLibraryMigrations } from './auth/library-migrations.ts';
import { runAppMigrations } from './db/migrations/index.ts';
import type { Database } from './db/open.ts';

/**
 * Key of the PostgreSQL advisory lock held while migrating (any fixed bigint; "cardcnt1").
 * Kysely's Migrator locks its own table, but better-auth's migrations take no lock: two
 * processes starting at once on a fresh database both created auth_user and one failed
 * (test/migrate-concurrent.test.ts).
 */
const MIGRATION_LOCK_KEY = 0x63617264636e7431n;

/**
 * Every migration, in order: better-auth's tables (auth_user, ...) first because the app's
 * profiles reference auth_user(id) (ADR 0002), then the app's versioned ones
 * (db/migrations/). On PostgreSQL one process at a time (a session advisory lock on a pinned
 * connection; the migrations use the pool's other connections). PGlite is one process's
 * embedded database: nothing to exclude. Returns the names of the app migrations applied.
 */
export async function migrateDatabase(db: Database): Promise<string[]> {
  const migrate = async (): Promise<string[]> => {
    await runAuthLibraryMigrations(db);
    return runAppMigrations(db.kysely);
  };
  if (db.kind !== 'postgres') return migrate();
  return db.kysely.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      return await migrate();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}
