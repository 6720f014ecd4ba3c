import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('database', (t) => {
  it('has the migrated tables', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name
    `.execute(t.db.kysely);
    const names = rows.map((r) => r.table_name);
    for (const n of ['auth_user', 'auth_account', 'profiles', 'credit_transactions'])
      expect(names).toContain(n);
  });

  it('delivers NOTIFY to LISTEN handlers, only after commit', async () => {
    const got: string[] = [];
    const unlisten = await t.db.listen('test_channel', (p) => got.push(p));
    await t.db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_notify('test_channel', 'in-tx')`.execute(trx);
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toEqual([]);
    });
    await t.db.notify('test_channel', 'plain');
    for (let i = 0; i < 100 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual(['in-tx', 'plain']);
    await unlisten();
    await t.db.notify('test_channel', 'after');
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toHaveLength(2);
  });

  it('refuses unsafe channel names', async () => {
    await expect(t.db.listen('x"; drop table profiles; --', () => undefined)).rejects.toThrow(
      /invalid channel/,
    );
  });
});
