// One leaderboard refresher for the fleet (lease.ts, ADR 0048): a process on standby hears
// changes and writes nothing; it refreshes what it heard in the last STANDBY_KEEP_ms when it
// takes the lease and drains what waits when it gives it up; two app instances on one
// PostgreSQL never hold the lease at once, and a change still reaches the board.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/index.ts';
import { JOB_SCHEMA } from '../src/jobs/index.ts';
import { LEADERBOARD_LEASE_JOB } from '../src/modules/leaderboard/lease.ts';
import { LeaderboardRefresher, STANDBY_KEEP_ms, type Scheduler } from '../src/modules/leaderboard/refresher.ts';
import { refreshEntries } from '../src/modules/leaderboard/index.ts';
import { applyCredit } from '../src/modules/ledger/index.ts';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './support/app.ts';
import { createPostgresDatabase, dropPostgresDatabase, forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';
import { eventually } from './support/eventually.ts';

function fakeScheduler(): Scheduler & { advance(ms: number, settle: () => Promise<void>): Promise<void> } {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now_ms: () => now,
    setTimeout(fn, delay_ms) {
      timers.set(++next, { at: now + delay_ms, fn });
      return next;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms, settle) {
      const end = now + ms;
      for (let i = 0; i < 10_000; i++) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await settle();
      }
      now = end;
    },
  };
}

async function entryBalance(db: Database, userId: string): Promise<number | undefined> {
  const r = await sql<{ balance: number }>`select balance from leaderboard_entries where user_id = ${userId}`.execute(db.kysely);
  return r.rows[0]?.balance;
}

/** Polls `read` until `pred` holds (at most ~15 s); returns the value that matched. */

forEachDatabase('leaderboard refresher on standby', (t) => {
  it('writes nothing on standby, refreshes the recent changes it heard when it takes the lease, drains when it gives it up', async () => {
    const clock = fakeScheduler();
    const refresher = new LeaderboardRefresher(t.db, { delay_ms: 100, waitMax_ms: 1000, scheduler: clock, active: false });
    const settle = () => refresher.idle();
    const old = await createTestUser(t.db, { name: 'Old change' });
    const recent = await createTestUser(t.db, { name: 'Recent change' });
    await refreshEntries(t.db, [old.userId, recent.userId]);
    const before = await entryBalance(t.db, recent.userId);
    if (before === undefined) throw new Error('no entry');

    await applyCredit(t.db, { userId: old.userId, type: 'bonus', amount: 5, description: 'old' });
    refresher.mark(old.userId);
    await clock.advance(STANDBY_KEEP_ms + 1, settle);
    await applyCredit(t.db, { userId: recent.userId, type: 'bonus', amount: 7, description: 'recent' });
    refresher.mark(recent.userId); // also forgets the change older than STANDBY_KEEP_ms
    await clock.advance(1000, settle);
    expect(refresher.refreshes).toBe(0);
    expect(await entryBalance(t.db, recent.userId)).toBe(before);
    expect(refresher.pending).toBe(1);

    refresher.activate();
    await clock.advance(0, settle);
    await refresher.idle();
    expect(refresher.refreshes).toBe(1);
    expect(await entryBalance(t.db, recent.userId)).toBe(before + 7);

    // A change heard just before the lease ends is refreshed at once by the drain, not dropped.
    await applyCredit(t.db, { userId: recent.userId, type: 'bonus', amount: 1, description: 'last' });
    refresher.mark(recent.userId);
    await refresher.deactivate();
    expect(refresher.refreshes).toBe(2);
    expect(await entryBalance(t.db, recent.userId)).toBe(before + 8);
    await refresher.stop();
  });
});

const postgresMissing = inject('postgresTemplate') === null;

describe.skipIf(postgresMissing)('one leaderboard refresher for two processes [postgres]', () => {
  let url: string;
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    url = await createPostgresDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await dropPostgresDatabase(url);
  });

  it('the lease is held by one process at a time, period after period, and changes reach the board', async () => {
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase({ dataDir: '', databaseUrl: url, poolSize: 5 });
      dbs.push(db);
      apps.push(await buildTestApp(db, { leaderboardLease_ms: 300 }));
    }
    const db = dbs[0]!;
    const player = await createTestUser(db, { name: 'Fleet player' });
    await refreshEntries(db, [player.userId]);
    const start = await entryBalance(db, player.userId);
    if (start === undefined) throw new Error('no entry');
    await applyCredit(db, { userId: player.userId, type: 'bonus', amount: 11, description: 'fleet' });
    await eventually(() => entryBalance(db, player.userId), (b) => b === start + 11, 'entry refreshed');

    const leases = () =>
      sql<{ started: Date; completed: Date | null; state: string; output: { refreshes: number } | null }>`
        select started_on as started, completed_on as completed, state, output
        from ${sql.table(`${JOB_SCHEMA}.job`)} where name = ${LEADERBOARD_LEASE_JOB} and started_on is not null
        order by started_on`.execute(db.kysely).then((r) => r.rows);
    const rows = await eventually(leases, (r) => r.filter((x) => x.state === 'completed').length >= 6, 'six leases');
    // Never two holders: each lease starts after the one before it ended.
    for (let i = 1; i < rows.length; i++) {
      const prev = rows[i - 1]!;
      expect(prev.completed, `lease ${i - 1} still running when lease ${i} started`).not.toBeNull();
      expect(rows[i]!.started.getTime()).toBeGreaterThanOrEqual(prev.completed!.getTime());
    }
    // Every lease but the last ran to its end (none failed), and the change was refreshed by a lease.
    expect(rows.slice(0, -1).every((x) => x.state === 'completed')).toBe(true);
    expect(rows.reduce((n, x) => n + (x.output?.refreshes ?? 0), 0)).toBeGreaterThanOrEqual(1);
  });
});
