// Several server processes starting at once on an empty PostgreSQL database (a scale-out
// deploy's first start) must all migrate without an error, and leave one schema. Regression:
// better-auth's migrations are not guarded by Kysely's migration lock, so two processes could
// both try to create the same tables.
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/index.ts';
import { migrateDatabase } from '../src/migrate.ts';
import { adminUrl, databaseUrl, runId } from './support/pg-urls.ts';

const tpl = inject('postgresTemplate');
const PROCESSES = 4;

describe.skipIf(tpl === null)('migrations on PostgreSQL [postgres]', () => {
  it(`${PROCESSES} processes migrating an empty database at once all succeed`, async () => {
    if (tpl === null) throw new Error('unreachable');
    const name = `cc_t_mig_${runId()}`;
    const admin = new pg.Client({ connectionString: adminUrl(tpl.baseUrl) });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const dbs: Database[] = [];
    try {
      for (let i = 0; i < PROCESSES; i++) dbs.push(await openDatabase({ dataDir: '', databaseUrl: databaseUrl(tpl.baseUrl, name), poolSize: 3 }));
      const results = await Promise.allSettled(dbs.map((db) => migrateDatabase(db)));
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(failures).toEqual([]);
      // Exactly one process applied the app's migrations; the others found them applied.
      const applied = results.map((r) => (r.status === 'fulfilled' ? r.value.length : -1));
      expect(applied.filter((n) => n > 0)).toHaveLength(1);
      // And a later start is a no-op.
      expect(await migrateDatabase(dbs[0] as Database)).toEqual([]);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
