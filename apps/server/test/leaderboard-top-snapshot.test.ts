// The live top is read from one snapshot row the refresh writes (ADR 0078, issue 41), so every
// process's stream reads one row per change instead of the top again. The snapshot must be the
// top itself: here it is compared with readTop after seeded random changes, ties, hiding and a
// removed player, on both databases.
import { randomFloat, seededRng } from '@card-counter/engine';
import { INITIAL_CREDITS } from '@card-counter/shared';
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import type { Database } from '../src/db/index.ts';
import { readTop, readTopSnapshot, refreshEntries, rewriteTop } from '../src/modules/leaderboard/index.ts';
import { applyCredit } from '../src/modules/ledger/index.ts';
import { forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

const SEED = Number(process.env.LEADERBOARD_TOP_SEED ?? 4141);
const TOP = 10;

async function writtenAt(db: Database): Promise<string | null> {
  const r = await sql<{ w: string }>`select written_at::text as w from leaderboard_top where id = 1`.execute(db.kysely);
  return r.rows[0]?.w ?? null;
}

forEachDatabase('leaderboard top snapshot', (t) => {
  beforeEach(async () => {
    // An empty board for each test, through the refresh, so the snapshot follows it.
    const shown = await sql<{ user_id: string }>`update profiles set show_on_leaderboard = false where show_on_leaderboard returning user_id`.execute(t.db.kysely);
    const ids = shown.rows.map((r) => r.user_id);
    for (let i = 0; i < ids.length; i += 500) await refreshEntries(t.db, ids.slice(i, i + 500));
  });

  it(`equals the top read itself after every step of random changes, ties and hiding (seed ${SEED})`, async () => {
    const source = seededRng(SEED);
    const pick = (n: number) => Math.floor(randomFloat(source) * n);
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) ids.push((await createTestUser(t.db, { name: `Top ${i}` })).userId);
    await refreshEntries(t.db, ids);
    const amounts = [-INITIAL_CREDITS / 2, -7, 1, 7, 250, 1000];
    for (let step = 0; step < 40; step++) {
      const id = ids[pick(ids.length)]!;
      if (pick(5) === 0) {
        await sql`update profiles set show_on_leaderboard = not show_on_leaderboard, last_updated = now() where user_id = ${id}`.execute(t.db.kysely);
      } else {
        const amount = amounts[pick(amounts.length)]!;
        const balance = (await sql<{ credits: number }>`select credits from profiles where user_id = ${id}`.execute(t.db.kysely)).rows[0]!.credits;
        if (balance + amount >= 0) await applyCredit(t.db, { userId: id, type: 'game', amount, description: 'top fuzz' });
      }
      await refreshEntries(t.db, [id]);
      const msg = `LEADERBOARD_TOP_SEED=${SEED} step ${step}`;
      expect(await readTopSnapshot(t.db.kysely, TOP), msg).toEqual(await readTop(t.db.kysely, TOP));
      expect(await readTopSnapshot(t.db.kysely, 100), msg).toEqual(await readTop(t.db.kysely, 100));
    }
  });

  it('a refresh that changes no entry leaves the snapshot as it was', async () => {
    const { userId } = await createTestUser(t.db, { name: 'Still' });
    await refreshEntries(t.db, [userId]);
    const before = await writtenAt(t.db);
    expect(before).not.toBeNull();
    expect(await refreshEntries(t.db, [userId])).toBe(0);
    expect(await writtenAt(t.db)).toBe(before);
  });

  it('a player removed without a refresh (the cut-short sign-up repair) leaves the top once it is rewritten', async () => {
    const a = await createTestUser(t.db, { name: 'Stays' });
    const b = await createTestUser(t.db, { name: 'Goes' });
    await applyCredit(t.db, { userId: b.userId, type: 'game', amount: 500, description: 'ahead' });
    await refreshEntries(t.db, [a.userId, b.userId]);
    expect((await readTopSnapshot(t.db.kysely, TOP)).entries[0]?.userId).toBe(b.userId);
    // The entry goes by the cascade from its profile, as it does when the repair deletes the user.
    await sql`delete from credit_transactions where user_id = ${b.userId}`.execute(t.db.kysely);
    await sql`delete from profiles where user_id = ${b.userId}`.execute(t.db.kysely);
    await rewriteTop(t.db);
    const top = await readTopSnapshot(t.db.kysely, TOP);
    expect(top.entries.map((e) => e.userId)).not.toContain(b.userId);
    expect(top).toEqual(await readTop(t.db.kysely, TOP));
  });
});
