/**
 * Test databases for server suites: every suite runs on PGlite AND on PostgreSQL.
 *
 *   forEachDatabase('ledger', (t) => {
 *     it('credits', async () => { await applyCredit(t.db, ...) });
 *   });
 *
 * declares `ledger [pglite]` and `ledger [postgres]`. Each block gets its own fresh, fully
 * migrated database (better-auth's tables and the app's) in beforeAll, closed in afterAll:
 * - PGlite: started from the snapshot that global-setup.ts builds once per run (~2 s);
 * - PostgreSQL: a new database copied from the migrated template (CREATE DATABASE ...
 *   TEMPLATE), dropped afterwards, so test files run in parallel without sharing rows.
 * Tests in one block share its database: create your own users (unique ids) per test.
 * When PostgreSQL is unreachable the postgres block is skipped and its name says why;
 * with REQUIRE_POSTGRES=1 global setup fails the run instead.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/index.ts';
import { adminUrl, databaseUrl, runId } from './pg-urls.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestDb {
  /** This block's database (only inside hooks and tests). */
  readonly db: Database;
  readonly kind: DatabaseKind;
  /**
   * Opens a second, independent connection set to the same database, as a second server
   * process would (PostgreSQL only: PGlite is one process's embedded database).
   */
  openAnother(): Promise<Database>;
}

async function loadPglite(): Promise<PGlite> {
  const tar = readFileSync(inject('pgliteSnapshotPath'));
  return PGlite.create({ loadDataDir: new Blob([tar]) });
}

/**
 * The PGlite block's database: on the test's thread, or with TEST_PGLITE_WORKER=1 on a worker
 * thread as the server runs it (ADR 0070), to run any suite through the worker.
 */
async function openPgliteBlock(): Promise<Database> {
  if (process.env.TEST_PGLITE_WORKER === '1')
    return openDatabase({ dataDir: '', pgliteLoadDataDir: readFileSync(inject('pgliteSnapshotPath')) });
  return openDatabase({ dataDir: '', pglite: await loadPglite() });
}

/** A fresh, migrated PostgreSQL database copied from the run's template; its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const tpl = inject('postgresTemplate');
  if (tpl === null) throw new Error('PostgreSQL is not available');
  const name = `cc_t_${tpl.runId}_${runId()}`;
  const admin = new pg.Client({ connectionString: adminUrl(tpl.baseUrl) });
  await admin.connect();
  try {
    // Copies of one template started at the same moment can collide ("source database is
    // being accessed by other users"): retry a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${tpl.template}"`);
        break;
      } catch (e) {
        if (attempt >= 10 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  return databaseUrl(tpl.baseUrl, name);
}

export async function dropPostgresDatabase(url: string): Promise<void> {
  const tpl = inject('postgresTemplate');
  if (tpl === null) return;
  const admin = new pg.Client({ connectionString: adminUrl(tpl.baseUrl) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

function block(name: string, kind: DatabaseKind, fn: (t: TestDb) => void): void {
  let current: Database | undefined;
  let url: string | undefined;
  const others: Database[] = [];
  const t: TestDb = {
    get db(): Database {
      if (current === undefined) throw new Error('TestDb.db is only available inside hooks and tests');
      return current;
    },
    kind,
    async openAnother() {
      if (kind !== 'postgres' || url === undefined) throw new Error('openAnother needs PostgreSQL');
      const other = await openDatabase({ dataDir: '', databaseUrl: url, poolSize: 5 });
      others.push(other);
      return other;
    },
  };
  beforeAll(async () => {
    if (kind === 'pglite') {
      current = await openPgliteBlock();
    } else {
      url = await createPostgresDatabase();
      current = await openDatabase({ dataDir: '', databaseUrl: url, poolSize: 10 });
    }
  });
  afterAll(async () => {
    for (const o of others.splice(0)) await o.close();
    await current?.close();
    current = undefined;
    if (url !== undefined) await dropPostgresDatabase(url);
  });
  fn(t);
}

/** Declares the suite twice: on PGlite and on PostgreSQL (see the file comment). */
export function forEachDatabase(name: string, fn: (t: TestDb) => void): void {
  describe(`${name} [pglite]`, () => block(name, 'pglite', fn));
  const postgresMissing = inject('postgresTemplate') === null;
  const title = postgresMissing
    ? `${name} [postgres] SKIPPED: ${inject('postgresUnavailableReason')}`
    : `${name} [postgres]`;
  // skipIf only for this reason: PostgreSQL unreachable without REQUIRE_POSTGRES=1.
  describe.skipIf(postgresMissing)(title, () => block(name, 'postgres', fn));
}
