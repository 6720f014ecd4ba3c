import { randomBytes } from 'node:crypto';
import { getMigrations } from 'better-auth/db/migration';
import { runMailMigrations } from '../mail/outbox.ts';
import { schemaOptions } from './options.ts';
import type { AuthDatabase } from './types.ts';

/**
 * Creates or updates better-auth's tables (auth_user, auth_session, auth_account,
 * auth_verification, auth_rate_limit), the `auth_secret` row store and the mail `outbox`.
 * In process, so it also works on an in-memory PGlite (the CLI cannot reach one).
 * Run it at start, before the app's own migrations (profiles reference auth users).
 */
export async function runAuthMigrations(db: AuthDatabase): Promise<void> {
  const { runMigrations } = await getMigrations({ ...schemaOptions(db), telemetry: { enabled: false } });
  await runMigrations();
  await db.kysely.schema
    .createTable('auth_secret')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
  await runMailMigrations(db);
}

/**
 * The signing secret: AUTH_SECRET when set; otherwise one random secret generated at the
 * first start and kept in the database, so sessions survive restarts and every process
 * behind a load balancer signs with the same key. Race-safe: the first insert wins.
 */
export async function loadAuthSecret(db: AuthDatabase, configured: string | undefined): Promise<string> {
  if (configured !== undefined && configured !== '') return configured;
  await db.kysely
    .insertInto('auth_secret')
    .values({ id: 1, secret: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.kysely.selectFrom('auth_secret').select('secret').where('id', '=', 1).executeTakeFirstOrThrow();
  const secret: unknown = row.secret;
  if (typeof secret !== 'string' || secret.length < 32) throw new Error('auth_secret row is malformed');
  return secret;
}
