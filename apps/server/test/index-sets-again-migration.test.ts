// Migration 0036 (ADR 0052, 2026-12-07): the sets generated before the scan gave a surrender cell
// its hit/stand index are dropped, so the next request generates them again; the players' own
// sets stay. (A data migration on one table: PGlite is enough to check it.)
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { runAuthLibraryMigrations } from '../src/auth/library-migrations.ts';
import { openDatabase } from '../src/db/index.ts';
import { MIGRATIONS, runAppMigrations } from '../src/db/migrations/index.ts';
import { migrateDatabase } from '../src/migrate.ts';

it('migration 0036: every generated set goes (a 16 v 10 without its stand), a player set stays', async () => {
  const db = await openDatabase({ dataDir: '', pglite: await PGlite.create() });
  try {
    await runAuthLibraryMigrations(db);
    await runAppMigrations(db.kysely, Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0036')));
    const old = JSON.stringify([{ hand: '16', up: '10', play: 'hit', versus: 'surrender', index: -4, direction: 'at-or-below' }]);
    await sql`insert into index_set (key, spec, status, progress, plays, insurance, runs)
      values ('ready-key', '{}', 'ready', 1, ${old}, 3, 1), ('busy-key', '{}', 'generating', 0.4, null, null, 0)`.execute(db.kysely);
    await sql`insert into auth_user (id, name, email, "emailVerified", "createdAt", "updatedAt")
      values ('u1', 'P', 'p@example.test', false, now(), now())`.execute(db.kysely);
    await sql`insert into player_index_set (user_id, name, set_key, spec, plays, insurance, chosen)
      values ('u1', 'Mine', 'ready-key', '{}', ${old}, 3, true)`.execute(db.kysely);
    expect(await migrateDatabase(db)).toEqual(['0036-index-sets-again']);
    const left = await sql<{ key: string }>`select key from index_set`.execute(db.kysely);
    expect(left.rows).toEqual([]);
    const mine = await sql<{ name: string }>`select name from player_index_set`.execute(db.kysely);
    expect(mine.rows).toEqual([{ name: 'Mine' }]);
  } finally {
    await db.close();
  }
});
