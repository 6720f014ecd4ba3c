// Two processes' graders on one PostgreSQL grade one backlog (ADR 0077): each row is read by one
// of them and graded once, both take part, and a batch claimed by a process that dies is graded
// by the other once its connection is gone.
import { BET_RAMP_PRESETS, parseRules, type BetFacts } from '@card-counter/engine';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/index.ts';
import { GRADE_BATCH_MAX, RecordGrader } from '../src/modules/record/index.ts';
import { createPostgresDatabase, dropPostgresDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

const silent = { warn: () => undefined, error: () => undefined };
/** Enough batches that two graders running at once overlap in time. */
const BACKLOG_ROWS = 12 * GRADE_BATCH_MAX;

/** `n` ungraded bets of one player (what the table's deal stores, table-entries.ts). */
async function insertBets(db: Database, userId: string, n: number): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => {
    const facts: BetFacts = {
      kind: 'bet',
      rules: parseRules({ numDecks: 6 }),
      system: 'hi-lo',
      ramp: { unit_credits: 25, steps: BET_RAMP_PRESETS['1-8'].map((s) => ({ ...s })) },
      bet_credits: 25 * (1 + (i % 8)),
      trueCount: (i % 9) - 4,
      runningCount: 0,
      cardsRemaining: 200,
    };
    return { entry_id: randomUUID(), facts };
  });
  await sql`
    insert into play_record (user_id, entry_id, kind, correct, ev_cost_credits, bet_credits, facts, at, source, graded)
    select ${userId}, r.entry_id, 'bet', false, 0, (r.facts->>'bet_credits')::integer, r.facts, now(), 'table', false
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(entry_id text, facts json)`.execute(db.kysely);
}

async function counts(db: Database): Promise<{ graded: number; ungraded: number }> {
  const { rows } = await sql<{ graded: number; ungraded: number }>`
    select count(*) filter (where graded)::int as graded, count(*) filter (where not graded)::int as ungraded
    from play_record where kind = 'bet'`.execute(db.kysely);
  return rows[0] ?? { graded: 0, ungraded: 0 };
}

const postgresMissing = inject('postgresTemplate') === null;
describe.skipIf(postgresMissing)('two processes grade one backlog on one PostgreSQL', () => {
  let url = '';
  let dbA: Database;
  let dbB: Database;
  beforeAll(async () => {
    url = await createPostgresDatabase();
    dbA = await openDatabase({ dataDir: '', databaseUrl: url, poolSize: 4 });
    dbB = await openDatabase({ dataDir: '', databaseUrl: url, poolSize: 4 });
  });
  afterAll(async () => {
    await dbA?.close();
    await dbB?.close();
    if (url !== '') await dropPostgresDatabase(url);
  });

  it('each row is read by one of them and graded once; both grade some', async () => {
    const { userId } = await createTestUser(dbA);
    await insertBets(dbA, userId, BACKLOG_ROWS);
    const read = { a: [] as string[], b: [] as string[] };
    const a = new RecordGrader(dbA, silent, (ids) => read.a.push(...ids));
    const b = new RecordGrader(dbB, silent, (ids) => read.b.push(...ids));
    try {
      await Promise.all([a.drain(), b.drain()]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    expect(await counts(dbA)).toEqual({ graded: BACKLOG_ROWS, ungraded: 0 });
    const both = read.a.filter((id) => new Set(read.b).has(id));
    expect(both).toEqual([]);
    expect(new Set([...read.a, ...read.b]).size).toBe(BACKLOG_ROWS);
    expect(read.a.length + read.b.length).toBe(BACKLOG_ROWS);
    expect(read.a.length).toBeGreaterThan(0);
    expect(read.b.length).toBeGreaterThan(0);
    // Each graded once: one verdict per row, none left without its entry.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from play_record where kind = 'bet' and graded and entry is not null`.execute(dbA.kysely);
    expect(rows[0]?.n).toBe(BACKLOG_ROWS);
  }, 60_000);

  it('a batch claimed by a process that dies is graded by the other', async () => {
    await sql`delete from play_record`.execute(dbA.kysely);
    const { userId } = await createTestUser(dbA);
    await insertBets(dbA, userId, 3 * GRADE_BATCH_MAX);
    // The dying process: its grader's claim (the same statement) in an open transaction.
    const dying = new pg.Client({ connectionString: url });
    await dying.connect();
    dying.on('error', () => undefined);
    await dying.query('begin');
    const claimed = await dying.query<{ id: string }>(
      `select id::text as id from play_record where not graded order by id limit ${GRADE_BATCH_MAX} for update skip locked`,
    );
    expect(claimed.rows.length).toBe(GRADE_BATCH_MAX);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(dbA.kysely);
    const pid = (await dying.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    expect(pid).not.toBe(rows[0]?.pid);

    const read: string[] = [];
    const other = new RecordGrader(dbB, silent, (ids) => read.push(...ids));
    try {
      const drained = other.drain();
      // The other grades everything but the claimed batch, which it skips, never waits on.
      for (let i = 0; i < 600 && (await counts(dbA)).graded < 2 * GRADE_BATCH_MAX; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await counts(dbA)).toEqual({ graded: 2 * GRADE_BATCH_MAX, ungraded: GRADE_BATCH_MAX });
      expect(read.filter((id) => claimed.rows.some((c) => c.id === id))).toEqual([]);
      // kill -9 of the process: its backend goes, its transaction rolls back, its locks with it.
      await sql`select pg_terminate_backend(${pid}::integer)`.execute(dbA.kysely);
      await drained;
    } finally {
      await other.close();
      await dying.end().catch(() => undefined);
    }
    expect(await counts(dbA)).toEqual({ graded: 3 * GRADE_BATCH_MAX, ungraded: 0 });
    expect(new Set(read).size).toBe(read.length);
  }, 60_000);
});
