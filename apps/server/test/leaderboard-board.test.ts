// The credits board's reads against a brute-force model: competition ranks with ties, pages,
// totalPlayers, nearby rows at the edges, the bucket counts the ranks rely on, hiding; and
// the refresher's 100 ms coalescing on a hand-driven clock.
import { randomFloat, seededRng } from '@card-counter/engine';
import { INITIAL_CREDITS, type LeaderboardEntry } from '@card-counter/shared';
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import type { Database } from '../src/db/index.ts';
import {
  LeaderboardRefresher,
  readBalancePage,
  readTop,
  refreshEntries,
  type Scheduler,
} from '../src/modules/leaderboard/index.ts';
import { applyCredit } from '../src/modules/ledger/index.ts';
import { forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

async function setBalance(db: Database, userId: string, target: number): Promise<void> {
  const amount = target - INITIAL_CREDITS;
  if (amount !== 0) await applyCredit(db, { userId, type: 'game', amount, description: 'set' });
}

/** Players with these balances, on the board (entries refreshed). */
async function players(db: Database, balances: number[]): Promise<{ id: string; balance: number }[]> {
  const out = [];
  for (const balance of balances) {
    const { userId } = await createTestUser(db, { name: `P ${balance}` });
    await setBalance(db, userId, balance);
    out.push({ id: userId, balance });
  }
  await refreshEntries(db, out.map((p) => p.id));
  return out;
}

/** The expected board: balance desc, user id desc; rank = 1 + players strictly ahead. */
function model(list: { id: string; balance: number }[]): { id: string; balance: number; rank: number }[] {
  const sorted = [...list].sort((a, b) => b.balance - a.balance || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return sorted.map((p) => ({ ...p, rank: 1 + sorted.filter((q) => q.balance > p.balance).length }));
}

const brief = (e: LeaderboardEntry) => ({ id: e.userId, balance: e.balance, rank: e.rank });

/** The bucket counts equal the visible entries per bucket (what every rank relies on). */
async function expectBucketsConsistent(db: Database): Promise<void> {
  const diff = await sql<{ bucket: number }>`
    select coalesce(b.bucket, e.bucket) as bucket from leaderboard_buckets b
    full join (select leaderboard_bucket(balance) as bucket, count(*)::int as n
               from leaderboard_entries where not deleted group by 1) e on e.bucket = b.bucket
    where coalesce(b.players, 0) <> coalesce(e.n, 0)`.execute(db.kysely);
  expect(diff.rows).toEqual([]);
}

/**
 * A hand-driven clock. `advance` fires due timers in time order; after each it lets the work
 * the timer started finish (`settle`, e.g. the refresh statement), which may set new timers.
 */
function fakeScheduler(): Scheduler & { settle: () => Promise<void>; advance(ms: number): Promise<void> } {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    settle: () => Promise.resolve(),
    now_ms: () => now,
    setTimeout(fn, delay_ms) {
      timers.set(++next, { at: now + delay_ms, fn });
      return next;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const end = now + ms;
      for (let i = 0; i < 10_000; i++) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await this.settle();
      }
      now = end;
    },
  };
}

/**
 * Walks the whole board by cursor: forward from page 1 with `after` = the last row, and backward
 * from the last page with `before` = the first row; both must give the model's rows and ranks.
 */
async function expectCursorWalks(db: Database, expected: ReturnType<typeof model>, pageSize: number, label: string): Promise<void> {
  const pagesMax = expected.length + 2; // a bound: a walk that never ends fails instead of hanging
  const me = expected[0]!.id;
  let page = await readBalancePage(db.kysely, { page: 1, pageSize }, me);
  const forward = page.entries.map(brief);
  for (let n = 2; page.entries.length === pageSize && n <= pagesMax; n++) {
    const last = page.entries.at(-1)!;
    page = await readBalancePage(db.kysely, { page: n, pageSize, after: { balance: last.balance, userId: last.userId } }, me);
    expect(page.page, label).toBe(n);
    forward.push(...page.entries.map(brief));
  }
  expect(forward, `${label} forward`).toEqual(expected);
  const lastPage = Math.ceil(expected.length / pageSize);
  page = await readBalancePage(db.kysely, { page: lastPage, pageSize }, me);
  const backward = page.entries.map(brief);
  for (let n = lastPage - 1; n >= 1; n--) {
    const first = page.entries[0]!;
    page = await readBalancePage(db.kysely, { page: n, pageSize, before: { balance: first.balance, userId: first.userId } }, me);
    expect(page.entries, `${label} page ${n} backward`).toHaveLength(pageSize);
    backward.unshift(...page.entries.map(brief));
  }
  expect(backward, `${label} backward`).toEqual(expected);
}

const SEED = Number(process.env.LEADERBOARD_FUZZ_SEED ?? Date.now() % 1_000_000);

forEachDatabase('leaderboard board', (t) => {
  // Every test starts from an empty board: earlier tests' players are hidden.
  beforeEach(async () => {
    await sql`update profiles set show_on_leaderboard = false`.execute(t.db.kysely);
    await sql`update leaderboard_entries set deleted = true`.execute(t.db.kysely);
  });

  it('ranks ties together (1, 2, 2, 2, 5), pages of any size, counts the visible players', async () => {
    const list = await players(t.db, [500, 300, 300, 300, 200, 100, 100]);
    const expected = model(list);
    const me = list[4]!; // 200
    const seen = [];
    for (let page = 1; page <= 4; page++) {
      const p = await readBalancePage(t.db.kysely, { page, pageSize: 2 }, me.id);
      expect(p.totalPlayers).toBe(7);
      expect(p.page).toBe(page);
      expect(p.pageSize).toBe(2);
      seen.push(...p.entries.map(brief));
    }
    expect(seen).toEqual(expected);
    expect(seen.map((e) => e.rank)).toEqual([1, 2, 2, 2, 5, 6, 6]);
    const past = await readBalancePage(t.db.kysely, { page: 5, pageSize: 2 }, me.id);
    expect(past.entries).toEqual([]);
    expect(past.totalPlayers).toBe(7);
    const mine = await readBalancePage(t.db.kysely, { page: 1, pageSize: 50 }, me.id);
    expect(mine.userRank).toBe(5);
    expect(mine.entries.map(brief)).toEqual(expected);
    await expectBucketsConsistent(t.db);
  });

  it(`matches a brute-force model on random boards with many ties across buckets (seed ${SEED})`, async () => {
    const source = seededRng(SEED);
    const random = () => randomFloat(source);
    const values = [0, 7, 999, 1000, 1009, 1010, 9_999, 10_000, 10_000, 10_050, 12_345, 99_999, 100_000, 1_234_567, 50_000_000];
    const list = await players(
      t.db,
      Array.from({ length: 40 }, () => values[Math.floor(random() * values.length)]!),
    );
    const expected = model(list);
    for (const pageSize of [1, 3, 7, 50]) {
      const seen = [];
      for (let page = 1; page <= Math.ceil(list.length / pageSize); page++)
        seen.push(...(await readBalancePage(t.db.kysely, { page, pageSize }, list[0]!.id)).entries.map(brief));
      expect(seen, `LEADERBOARD_FUZZ_SEED=${SEED} pageSize ${pageSize}`).toEqual(expected);
    }
    for (const pageSize of [1, 3, 7]) await expectCursorWalks(t.db, expected, pageSize, `LEADERBOARD_FUZZ_SEED=${SEED} pageSize ${pageSize}`);
    for (const p of list.slice(0, 10)) {
      const page = await readBalancePage(t.db.kysely, { page: 1, pageSize: 1 }, p.id);
      expect(page.userRank, `LEADERBOARD_FUZZ_SEED=${SEED}`).toBe(expected.find((e) => e.id === p.id)!.rank);
      // The neighbours are the model's rows around the player, with the model's ranks.
      const at = expected.findIndex((e) => e.id === p.id);
      expect(page.nearbyEntries.map(brief), `LEADERBOARD_FUZZ_SEED=${SEED}`).toEqual(
        expected.slice(Math.max(0, at - 3), at + 4),
      );
    }
    // Moves between buckets and hiding keep the counts exact.
    for (const p of list.slice(0, 8)) await applyCredit(t.db, { userId: p.id, type: 'game', amount: 1, description: 'move' });
    await sql`update profiles set show_on_leaderboard = false where user_id = ${list[9]!.id}`.execute(t.db.kysely);
    await refreshEntries(t.db, list.map((p) => p.id));
    await expectBucketsConsistent(t.db);
  });

  it('a big tie at the bottom of its bucket: every page number and every cursor step matches the model', async () => {
    // 24 players at 10,000 (the signup grant) under a few in the same bucket (10,000-10,099)
    // and around it: page numbers past the middle of the bucket are counted from its bottom.
    const list = await players(t.db, [
      ...Array.from({ length: 24 }, () => 10_000),
      10_099, 10_050, 10_050, 10_001, 9_999, 9_999, 10_100, 25_000,
    ]);
    const expected = model(list);
    for (const pageSize of [1, 2, 5]) {
      const seen = [];
      for (let page = 1; page <= Math.ceil(list.length / pageSize); page++)
        seen.push(...(await readBalancePage(t.db.kysely, { page, pageSize }, list[0]!.id)).entries.map(brief));
      expect(seen, `pageSize ${pageSize}`).toEqual(expected);
      await expectCursorWalks(t.db, expected, pageSize, `big tie pageSize ${pageSize}`);
    }
    // A cursor whose row has gone (hidden) still continues from its place.
    const gone = expected[10]!;
    await sql`update profiles set show_on_leaderboard = false where user_id = ${gone.id}`.execute(t.db.kysely);
    await refreshEntries(t.db, [gone.id]);
    const after = await readBalancePage(t.db.kysely, { page: 2, pageSize: 3, after: { balance: gone.balance, userId: gone.id } }, list[0]!.id);
    const rest = model(list.filter((p) => p.id !== gone.id));
    const from = rest.findIndex((p) => p.id === expected[11]!.id);
    expect(after.entries.map(brief)).toEqual(rest.slice(from, from + 3));
    await expectBucketsConsistent(t.db);
  });

  it('nearby: the top player has only players below, the last only players above, the middle three each side', async () => {
    const list = await players(t.db, [900, 800, 700, 600, 500, 400, 300, 200, 100]);
    const rows = async (id: string) =>
      (await readBalancePage(t.db.kysely, { page: 1, pageSize: 50 }, id)).nearbyEntries.map((e) => [e.balance, e.rank]);
    expect(await rows(list[0]!.id)).toEqual([[900, 1], [800, 2], [700, 3], [600, 4]]);
    expect(await rows(list[8]!.id)).toEqual([[400, 6], [300, 7], [200, 8], [100, 9]]);
    expect(await rows(list[4]!.id)).toEqual([[800, 2], [700, 3], [600, 4], [500, 5], [400, 6], [300, 7], [200, 8]]);
    // A tie around the player: the same rank, in board order.
    const tied = await players(t.db, [500]);
    const near = (await readBalancePage(t.db.kysely, { page: 1, pageSize: 50 }, tied[0]!.id)).nearbyEntries;
    expect(near.filter((e) => e.balance === 500).map((e) => e.rank)).toEqual([5, 5]);
  });

  it('a hidden player vanishes from pages, ranks, counts and the top, and returns when shown', async () => {
    const [a, b, c] = await players(t.db, [3000, 2000, 1000]);
    await sql`update profiles set show_on_leaderboard = false where user_id = ${b!.id}`.execute(t.db.kysely);
    await refreshEntries(t.db, [b!.id]);
    const hidden = await readBalancePage(t.db.kysely, { page: 1, pageSize: 50 }, b!.id);
    expect(hidden.entries.map((e) => e.userId)).toEqual([a!.id, c!.id]);
    expect(hidden.entries.map((e) => e.rank)).toEqual([1, 2]);
    expect(hidden.totalPlayers).toBe(2);
    expect(hidden.userRank).toBeNull();
    expect(hidden.nearbyEntries).toEqual([]);
    expect((await readTop(t.db.kysely, 100)).entries.map((e) => e.userId)).toEqual([a!.id, c!.id]);
    await sql`update profiles set show_on_leaderboard = true where user_id = ${b!.id}`.execute(t.db.kysely);
    await refreshEntries(t.db, [b!.id]);
    const back = await readBalancePage(t.db.kysely, { page: 1, pageSize: 50 }, b!.id);
    expect(back.entries.map((e) => e.userId)).toEqual([a!.id, b!.id, c!.id]);
    expect(back.userRank).toBe(2);
    await expectBucketsConsistent(t.db);
  });

  it('refreshes 100 ms after a change, and 50 changes in under a second cost one refresh (fake clock)', async () => {
    const clock = fakeScheduler();
    const refresher = new LeaderboardRefresher(t.db, { delay_ms: 100, waitMax_ms: 1000, scheduler: clock });
    clock.settle = () => refresher.idle();
    const [p] = await players(t.db, [10_000]);
    const entryBalance = async () =>
      (await sql<{ balance: number }>`select balance from leaderboard_entries where user_id = ${p!.id}`.execute(t.db.kysely))
        .rows[0]?.balance;

    await applyCredit(t.db, { userId: p!.id, type: 'bonus', amount: 5, description: 'one' });
    refresher.mark(p!.id);
    await clock.advance(99);
    await refresher.idle();
    expect(refresher.refreshes).toBe(0);
    expect(await entryBalance()).toBe(10_000);
    await clock.advance(1);
    await refresher.idle();
    expect(refresher.refreshes).toBe(1);
    expect(await entryBalance()).toBe(10_005);

    // A burst: 50 changes 19 ms apart (931 ms in all).
    for (let i = 0; i < 50; i++) {
      await applyCredit(t.db, { userId: p!.id, type: 'bonus', amount: 1, description: `burst ${i}` });
      refresher.mark(p!.id);
      await clock.advance(19);
      await refresher.idle();
    }
    expect(refresher.refreshes).toBe(1);
    expect(await entryBalance()).toBe(10_005);
    await clock.advance(100);
    await refresher.idle();
    expect(refresher.refreshes).toBe(2);
    expect(await entryBalance()).toBe(10_055);
    expect(refresher.pending).toBe(0);

    // A player who never pauses is still refreshed once the longest wait (1 s) has passed.
    for (let i = 0; i < 60; i++) {
      refresher.mark(p!.id);
      await clock.advance(50);
      await refresher.idle();
    }
    expect(refresher.refreshes).toBe(5); // at 1, 2 and 3 s of the 3 s
    await refresher.stop();
  });

  it('under load, refreshes start at least intervalMin_ms apart and the users due in between share one (fake clock)', async () => {
    const clock = fakeScheduler();
    const refresher = new LeaderboardRefresher(t.db, { delay_ms: 100, waitMax_ms: 1000, intervalMin_ms: 50, scheduler: clock });
    clock.settle = () => refresher.idle();
    const [p, q, r] = await players(t.db, [10_000, 10_000, 10_000]);
    const balances = async () =>
      (
        await sql<{ user_id: string; balance: number }>`select user_id, balance from leaderboard_entries
          where user_id = any(${[p!.id, q!.id, r!.id]}::text[])`.execute(t.db.kysely)
      ).rows.reduce<Record<string, number>>((o, row) => ({ ...o, [row.user_id]: row.balance }), {});
    const change = async (id: string, amount: number) => {
      await applyCredit(t.db, { userId: id, type: 'bonus', amount, description: 'interval' });
      refresher.mark(id);
    };

    await change(p!.id, 1); // t = 0: due at 100
    await clock.advance(10);
    await change(q!.id, 2); // t = 10: due at 110, but the last refresh started at 100
    await clock.advance(20);
    await change(r!.id, 3); // t = 30: due at 130
    await clock.advance(70); // t = 100: p alone, exactly 100 ms after its change
    expect(refresher.refreshes).toBe(1);
    expect(await balances()).toEqual({ [p!.id]: 10_001, [q!.id]: 10_000, [r!.id]: 10_000 });
    await clock.advance(49); // t = 149: q and r wait for the interval
    expect(refresher.refreshes).toBe(1);
    await clock.advance(1); // t = 150: one refresh for both
    expect(refresher.refreshes).toBe(2);
    expect(await balances()).toEqual({ [p!.id]: 10_001, [q!.id]: 10_002, [r!.id]: 10_003 });

    // Quiet again: a lone change is refreshed exactly 100 ms after it.
    await clock.advance(1000);
    await change(p!.id, 4);
    await clock.advance(99);
    expect(refresher.refreshes).toBe(2);
    await clock.advance(1);
    expect(refresher.refreshes).toBe(3);
    expect((await balances())[p!.id]).toBe(10_005);
    expect(refresher.pending).toBe(0);
    await refresher.stop();
  });

  it('reconciliation heals entries whose change nobody heard, and a refresh with nothing new writes nothing', async () => {
    const [p] = await players(t.db, [4000]);
    await applyCredit(t.db, { userId: p!.id, type: 'game', amount: 321, description: 'unheard' });
    const refresher = new LeaderboardRefresher(t.db, { delay_ms: 100, waitMax_ms: 1000 });
    expect(await refresher.reconcile()).toBeGreaterThanOrEqual(1);
    const top = await readTop(t.db.kysely, 10);
    expect(top.entries.find((e) => e.userId === p!.id)?.balance).toBe(4321);
    expect(await refreshEntries(t.db, [p!.id])).toBe(0);
    await refresher.stop();
  });
});
