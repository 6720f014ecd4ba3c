// PGlite's named prepared statements (db/pglite-statements.ts, ADR 0070's 2026-12-06 section):
// a text is parsed once per session and then only bound and executed; its results are what
// PGlite's own query gives; a plan whose result type changed (ALTER TABLE) is prepared afresh;
// past the bound texts still run, unprepared.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_STATEMENTS_MAX, PgliteStatements } from '../src/db/pglite-statements.ts';

/** Executions of a prepared text in this session, as PostgreSQL counts them. */
async function executions(db: PGlite, text: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    'select (generic_plans + custom_plans)::int as n from pg_prepared_statements where statement = $1',
    [text],
  );
  return r.rows[0]?.n ?? 0;
}

describe('PGlite prepared statements', () => {
  let db: PGlite;
  let statements: PgliteStatements;
  beforeAll(async () => {
    db = await PGlite.create();
    statements = PgliteStatements.of(db);
    await db.exec(`
      create table sample (
        id int primary key, big bigint, label text, doc jsonb, at timestamptz, ok boolean,
        amount numeric, raw bytea, tags int[]
      )`);
  });
  afterAll(async () => {
    await db.close();
  });

  it('parses a text once and then reuses it', async () => {
    const text = 'select id, label from sample where id = $1';
    await db.query('insert into sample (id, label) values (1, $1)', ['one']);
    for (let i = 0; i < 3; i++) expect((await statements.query(text, [1])).rows).toEqual([{ id: 1, label: 'one' }]);
    expect(await executions(db, text)).toBe(3);
    expect(PgliteStatements.of(db)).toBe(statements);
  });

  it("gives PGlite's own results: rows, types, nulls and affected rows", async () => {
    const insert = 'insert into sample (id, big, label, doc, at, ok, amount, raw, tags) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)';
    const at = new Date('2026-12-06T21:00:00.123Z');
    const row = [10, 9007199254740993n, "it's", { a: [1, 'b'] }, at, true, '12.50', new Uint8Array([0, 255]), [1, 2]];
    const mine = await statements.query(insert, row);
    const theirs = await db.query(insert, [11, ...row.slice(1)]);
    expect(mine.affectedRows).toBe(1);
    expect(mine.affectedRows).toBe(theirs.affectedRows);
    await statements.query(insert, [12, null, null, null, null, null, null, null, null]);
    const select = 'select * from sample where id = any($1) order by id';
    const prepared = await statements.query(select, [[10, 12]]);
    const unprepared = await db.query(select, [[10, 12]]);
    expect(prepared.rows).toEqual(unprepared.rows);
    expect(prepared.rows[0]).toMatchObject({ id: 10, label: "it's", doc: { a: [1, 'b'] }, at, ok: true, amount: '12.50', tags: [1, 2] });
    expect(prepared.rows[1]).toMatchObject({ id: 12, big: null, label: null, doc: null });
    const update = await statements.query('update sample set label = $1 where id >= $2', ['x', 10]);
    expect(update.affectedRows).toBe(3);
  });

  it('keeps the error and its SQLSTATE, and remembers nothing of a text that does not parse', async () => {
    const insert = 'insert into sample (id) values ($1)';
    await statements.query(insert, [20]);
    await expect(statements.query(insert, [20])).rejects.toMatchObject({ code: '23505' });
    const before = statements.size;
    await expect(statements.query('selec $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect(statements.size).toBe(before);
    expect((await statements.query(insert, [21])).affectedRows).toBe(1);
  });

  it('prepares afresh after ALTER TABLE changed the result type (0A000)', async () => {
    await db.exec('create table altered (id int primary key, a text); insert into altered values (1, $$x$$)');
    const text = 'select * from altered where id = $1';
    expect((await statements.query(text, [1])).rows).toEqual([{ id: 1, a: 'x' }]);
    await db.exec('alter table altered add column b int default 7');
    // Outside a transaction the call is run again, prepared afresh.
    expect((await statements.query(text, [1])).rows).toEqual([{ id: 1, a: 'x', b: 7 }]);
    await db.exec('alter table altered add column c int default 8');
    // Inside one the error has aborted it: the caller sees it once, the next call works.
    await db.exec('begin');
    await expect(statements.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
    await db.exec('rollback');
    expect((await statements.query(text, [1])).rows).toEqual([{ id: 1, a: 'x', b: 7, c: 8 }]);
    expect(await executions(db, text)).toBe(1);
  });

  it('past the bound, still correct and nothing more is prepared', async () => {
    const extra = 5;
    for (let i = statements.size; i < PGLITE_STATEMENTS_MAX + extra; i++) {
      const r = await statements.query(`select $1::int + ${i} as n`, [1]);
      expect(r.rows).toEqual([{ n: i + 1 }]);
    }
    expect(statements.size).toBe(PGLITE_STATEMENTS_MAX);
    const prepared = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(prepared.rows[0]?.n).toBe(PGLITE_STATEMENTS_MAX);
    // A text prepared before the bound was reached is still prepared and reused.
    const text = 'select id, label from sample where id = $1';
    await statements.query(text, [1]);
    expect(await executions(db, text)).toBe(4);
  });
});
