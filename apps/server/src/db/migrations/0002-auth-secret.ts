/**
 * The auth module's generated signing secret (one row; auth/secret.ts). `if not exists`:
 * databases made before this migration existed already have the table, created at every
 * start by the auth module, with exactly these columns; they record the migration and keep
 * their secret (so their sessions stay valid).
 */
import type { Kysely, Migration } from 'kysely';

export const migration0002: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('auth_secret')
      .ifNotExists()
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('secret', 'text', (c) => c.notNull())
      .execute();
  },
};
