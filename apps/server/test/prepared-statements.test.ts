/**
 * Named prepared statements on the PostgreSQL pool (db/prepared-statements.ts, ADR 0024): a
 * parameterised kysely query is prepared once per connection under a name derived from its
 * text; the names are bounded; statements without parameters stay unnamed.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { STATEMENTS_NAMED_MAX, StatementNames } from '../src/db/prepared-statements.ts';
import { forEachDatabase } from './support/test-db.ts';

describe('statement names', () => {
  it('one name per text, the same in every process; none past the bound', () => {
    const names = new StatementNames();
    const a = names.nameOf('select $1::int');
    expect(a).toMatch(/^cc_[0-9a-f]{24}$/);
    expect(names.nameOf('select $1::int')).toBe(a);
    expect(new StatementNames().nameOf('select $1::int')).toBe(a);
    expect(names.nameOf('select $1::text')).not.toBe(a);
    for (let i = names.size; i < STATEMENTS_NAMED_MAX; i++) expect(names.nameOf(`select ${i}, $1`)).toBeDefined();
    expect(names.size).toBe(STATEMENTS_NAMED_MAX);
    expect(names.nameOf('select $1::bigint')).toBeUndefined();
    expect(names.nameOf('select $1::int')).toBe(a);
    expect(names.size).toBe(STATEMENTS_NAMED_MAX);
    names.retire('select $1::int');
    expect(names.nameOf('select $1::int')).toBeUndefined();
  });
});

forEachDatabase('prepared statements', (t) => {
  // PGlite runs in this process: there is no wire to save, and its dialect is not wrapped.
  it.runIf(t.kind === 'postgres')('a parameterised query runs as a named statement, prepared once per connection; BEGIN does not', async () => {
    await t.db.kysely.transaction().execute(async (trx) => {
      // The same text three times with different values, on this transaction's one connection.
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(trx);
        expect(rows[0]?.n).toBe(n + 1);
      }
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(trx);
      const mine = rows.filter((r) => r.statement.includes('::int + 1 as n'));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.name).toMatch(/^cc_/);
      expect(rows.some((r) => /^\s*begin/i.test(r.statement))).toBe(false);
    });
  });

  it.runIf(t.kind === 'postgres')('a statement whose result type changed under it fails once, then runs unnamed', async () => {
    await sql`create table prepared_probe (id int, v int)`.execute(t.db.kysely);
    await sql`insert into prepared_probe values (1, 10)`.execute(t.db.kysely);
    const read = () =>
      t.db.kysely.transaction().execute(async (trx) => {
        // One connection for the pair: the pool may hand out another next time.
        const r = await sql<{ v: unknown }>`select * from prepared_probe where id = ${1}`.execute(trx);
        return r.rows[0]?.v;
      });
    // Prepare it on every connection the pool may use.
    const pooled = await Promise.all(Array.from({ length: 12 }, () => read()));
    expect(pooled.every((v) => v === 10)).toBe(true);
    await sql`alter table prepared_probe alter column v type text`.execute(t.db.kysely);
    const after = await Promise.allSettled(Array.from({ length: 12 }, () => read()));
    // At least the first run on a connection that held the old plan failed...
    expect(after.some((r) => r.status === 'rejected' && /cached plan must not change result type/.test(String(r.reason)))).toBe(true);
    // ...and from then on the text runs unnamed, everywhere.
    for (let i = 0; i < 12; i++) expect(await read()).toBe('10');
  });
});
