import { runAuthMigrations } from '../auth/migrations.ts';
import { runAppMigrations } from './migrations.ts';
import type { Database } from './open.ts';

/**
 * Every migration, in order: better-auth's tables (auth_user, ...) first because the app's
 * profiles reference auth_user(id) (ADR 0002), then the app's own.
 */
export async function migrateDatabase(db: Database): Promise<string[]> {
  await runAuthMigrations(db);
  return runAppMigrations(db.kysely);
}
