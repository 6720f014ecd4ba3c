import { getMigrations } from 'better-auth/db/migration';
import { schemaOptions } from './options.ts';
import type { AuthDatabase } from './types.ts';

/**
 * Creates or updates better-auth's own tables (auth_user, auth_session, auth_account,
 * auth_verification, auth_rate_limit). These are the library's schema, not the app's: its
 * migrator compares them with the options and adds what a new library version needs, so it
 * runs at every start instead of as a versioned file. In process, so it also works on an
 * in-memory PGlite (the CLI cannot reach one). Run it before the app's migrations (profiles
 * reference auth users). The app's auth tables (auth_secret) are versioned migrations.
 */
export async function runAuthLibraryMigrations(db: AuthDatabase): Promise<void> {
  const { runMigrations } = await getMigrations({ ...schemaOptions(db), telemetry: { enabled: false } });
  await runMigrations();
}
