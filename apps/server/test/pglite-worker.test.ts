// The embedded database on its worker thread (db/pglite-remote.ts, ADR 0070): the same Database
// to callers as an in-thread PGlite (queries, errors with their SQLSTATE, transactions one at a
// time, the job queue's runText, LISTEN/NOTIFY, the backup's dump, reopening what was written),
// and its CPU off the thread that answers requests.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/open.ts';
import { isUniqueViolation } from '../src/db/errors.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDataDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'cc-pglite-worker-'));
  dirs.push(d);
  return d;
}

/**
 * How busy the main thread's event loop was while `work` ran (0 idle .. 1 busy throughout;
 * Node's eventLoopUtilization is this thread's own), and how long it took.
 */
async function mainThreadBusy(work: () => Promise<unknown>): Promise<{ utilization: number; took_ms: number }> {
  const before = performance.eventLoopUtilization();
  const t0 = performance.now();
  await work();
  const took_ms = performance.now() - t0;
  return { utilization: performance.eventLoopUtilization(before).utilization, took_ms };
}

describe('PGlite on its worker thread', () => {
  let dataDir: string;
  let db: Database;
  beforeAll(async () => {
    dataDir = tempDataDir();
    db = await openDatabase({ dataDir });
    await sql`create table t (id int primary key, note text, at timestamptz, raw bytea)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers queries with their types, and errors with their SQLSTATE and constraint', async () => {
    const at = new Date('2026-12-02T10:00:00.000Z');
    await sql`insert into t values (1, 'one', ${at}, ${new Uint8Array([1, 2, 3])})`.execute(db.kysely);
    const { rows } = await sql<{ id: number; note: string; at: Date; raw: Uint8Array }>`select * from t where id = 1`.execute(db.kysely);
    expect(rows[0]?.at).toBeInstanceOf(Date);
    expect(rows[0]?.at.toISOString()).toBe(at.toISOString());
    expect([...(rows[0]?.raw ?? [])]).toEqual([1, 2, 3]);
    const dup = await sql`insert into t (id) values (1)`.execute(db.kysely).catch((e: unknown) => e);
    expect(isUniqueViolation(dup, 't_pkey')).toBe(true);
    const upd = await db.kysely.updateTable('t' as never).set({ note: 'uno' } as never).where('id' as never, '=', 1 as never).executeTakeFirst();
    expect(upd.numUpdatedRows).toBe(1n);
  });

  it('runs one transaction at a time: a rolled-back write is never seen by a query sent meanwhile', async () => {
    let started!: () => void;
    const inside = new Promise<void>((r) => (started = r));
    const failing = db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t (id, note) values (2, 'uncommitted')`.execute(trx);
        started();
        await new Promise((r) => setTimeout(r, 50));
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await inside;
    // Sent while the transaction is open, through Kysely and through the job queue's door.
    const [viaKysely, viaRunText] = await Promise.all([
      sql<{ n: number }>`select count(*)::int as n from t where id = 2`.execute(db.kysely),
      db.runText('select count(*)::int as n from t where id = $1', [2]),
    ]);
    expect(await failing).toBe('rolled back');
    expect(viaKysely.rows[0]?.n).toBe(0);
    expect(viaRunText.rows[0]?.n).toBe(0);
  });

  it('runs a script through runText (several statements, the last one’s rows)', async () => {
    const r = await db.runText("begin; insert into t (id, note) values (3, 'script'); commit; select note from t where id = 3");
    expect(r.rows).toEqual([{ note: 'script' }]);
  });

  it('delivers NOTIFY to LISTEN, and stops after unlisten', async () => {
    const got: string[] = [];
    let heard!: () => void;
    const first = new Promise<void>((r) => (heard = r));
    const unlisten = await db.listen('worker_test', (p) => {
      got.push(p);
      heard();
    });
    await db.notify('worker_test', 'hello');
    await first;
    await unlisten();
    await db.notify('worker_test', 'after');
    // A query after the NOTIFY: its notification, had it been delivered, came before this answer.
    await sql`select 1`.execute(db.kysely);
    expect(got).toEqual(['hello']);
  });

  it('keeps the main thread answering while the database works', async () => {
    // A query of about a second of PGlite's CPU: on the event loop that second is the main
    // thread's (utilization near 1); on the worker the main thread only waits for the answer.
    const { utilization, took_ms } = await mainThreadBusy(() => sql`select count(*) from generate_series(1, 3000000) g where g % 7 = 3`.execute(db.kysely));
    expect(took_ms).toBeGreaterThan(200);
    expect(utilization).toBeLessThan(0.3);
  });

  it('dumps a consistent copy, and what was written is there after close and reopen', async () => {
    const dump = await db.dumpDataDir?.();
    expect(dump?.size ?? 0).toBeGreaterThan(1000);
    const copy = await openDatabase({ dataDir: '', pgliteLoadDataDir: new Uint8Array(await (dump as Blob).arrayBuffer()) });
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from t`.execute(copy.kysely);
      expect(rows[0]?.n).toBe(2);
    } finally {
      await copy.close();
    }
    await db.close();
    db = await openDatabase({ dataDir });
    const { rows } = await sql<{ note: string }>`select note from t order by id`.execute(db.kysely);
    expect(rows.map((r) => r.note)).toEqual(['uno', 'script']);
  });

  it('answers a closed database with an error, not a hang', async () => {
    // The database reopened above, closed here (afterAll's second close does nothing).
    await db.close();
    await expect(sql`select 1`.execute(db.kysely)).rejects.toThrow();
  });
});
