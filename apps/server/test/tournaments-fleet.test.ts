// Two server processes on one PostgreSQL close a tournament once (ADR 0057): both run the
// closing job's workers and both send the closing; the tournament is paid once, each place once.
// And a closing that dies inside its transaction (before the commit) pays nothing: the next one
// pays every place, once.
import { randomUUID } from 'node:crypto';
import { CREDIT_COST_TOURNAMENT, INITIAL_CREDITS } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/index.ts';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { closeTournament, insertTournament, sendClosing, type Tournament } from '../src/modules/tournaments/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { createPostgresDatabase, dropPostgresDatabase, forEachDatabase } from './support/test-db.ts';
import { tournamentBody } from './support/tournaments.ts';
import { eventually } from './support/eventually.ts';

async function makeTournament(db: Database, over: Parameters<typeof tournamentBody>[0] = {}): Promise<Tournament> {
  const now = new Date();
  const made = await db.kysely.transaction().execute((trx) => insertTournament(trx, tournamentBody(over, now), { now, createdBy: null }));
  if (made === null) throw new Error('no tournament');
  return made;
}

async function payoutRows(db: Database, id: string): Promise<{ user_id: string; amount: number }[]> {
  const { rows } = await sql<{ user_id: string; amount: number }>`
    select user_id, amount from credit_transactions where type = 'tournament_payout' and metadata->>'tournamentId' = ${id}`.execute(db.kysely);
  return rows;
}

const postgresMissing = inject('postgresTemplate') === null;
describe.skipIf(postgresMissing)('two processes on one PostgreSQL close a tournament once', () => {
  let url = '';
  let dbA: Database;
  let dbB: Database;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  beforeAll(async () => {
    url = await createPostgresDatabase();
    dbA = await openDatabase({ dataDir: '', databaseUrl: url, poolSize: 5 });
    dbB = await openDatabase({ dataDir: '', databaseUrl: url, poolSize: 5 });
    appA = await buildTestApp(dbA);
    appB = await buildTestApp(dbB);
  });
  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await dbA?.close();
    await dbB?.close();
    if (url !== '') await dropPostgresDatabase(url);
  });

  it('the closing job, sent by both and run by either, pays each place once', async () => {
    const players: Player[] = [];
    for (const [i, app] of [appA, appB, appA].entries()) players.push(await signUpPlayer(app, `fleet-${i}`));
    // Signed up first (slow: the password hash), so the short window holds the entries.
    const tour = await makeTournament(dbA, { endsAt: new Date(Date.now() + 5000).toISOString(), payouts_pct: [60, 40] });
    for (const p of players) {
      const res = await p.call('POST', `/api/tournaments/${tour.id}/entries`, { requestId: randomUUID() });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Each process sends the closing too (the stately queue keeps one per tournament).
    await sendClosing(appA.jobs, tour, new Date());
    await sendClosing(appB.jobs, tour, new Date());
    await eventually(
      async () => (await dbA.kysely.selectFrom('tournaments').select('outcome').where('id', '=', tour.id).executeTakeFirstOrThrow()).outcome,
      (o) => o === 'finished',
      'closed',
    );
    const paid = await payoutRows(dbA, tour.id);
    expect(paid.map((r) => r.amount).sort((a, b) => b - a)).toEqual([1800, 1200]);
    expect(new Set(paid.map((r) => r.user_id)).size).toBe(2);
    // A second closing finds it closed, from either process.
    expect((await closeTournament(dbB, tour.id, new Date())).outcome).toBe('already');
    const total = await Promise.all(players.map(async (p) => (await ledgerSum(dbA.kysely, p.id)).sum));
    expect(total.reduce((a, b) => a + b, 0)).toBe(3 * INITIAL_CREDITS);
  });

  it('two closings racing from the two processes: one pays, the other finds it closed', async () => {
    const tour = await makeTournament(dbA, { payouts_pct: [100] });
    const [a, b] = [await signUpPlayer(appA, 'race-a'), await signUpPlayer(appB, 'race-b')];
    for (const p of [a, b]) expect((await p.call('POST', `/api/tournaments/${tour.id}/entries`, { requestId: randomUUID() })).statusCode).toBe(200);
    const after = new Date(tour.endsAt.getTime() + 1000);
    const results = await Promise.all([closeTournament(dbA, tour.id, after), closeTournament(dbB, tour.id, after)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['already', 'finished']);
    expect((await payoutRows(dbA, tour.id)).map((r) => r.amount)).toEqual([2 * CREDIT_COST_TOURNAMENT]);
  });
});

forEachDatabase('a closing killed before its commit pays nothing', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('the transaction rolls back whole; the next closing pays once', async () => {
    const tour = await makeTournament(t.db, { payouts_pct: [50, 30, 20], minEntrants: 2 });
    const players: Player[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await signUpPlayer(app, `rollback-${i}`);
      expect((await p.call('POST', `/api/tournaments/${tour.id}/entries`, { requestId: randomUUID() })).statusCode).toBe(200);
      players.push(p);
    }
    const after = new Date(tour.endsAt.getTime() + 1000);
    await expect(
      closeTournament(t.db, tour.id, after, {
        beforeCommit: () => Promise.reject(new Error('killed before the commit')),
      }),
    ).rejects.toThrow('killed before the commit');
    expect(await payoutRows(t.db, tour.id)).toEqual([]);
    const open = await t.db.kysely.selectFrom('tournaments').select(['closed_at', 'outcome']).where('id', '=', tour.id).executeTakeFirstOrThrow();
    expect(open).toEqual({ closed_at: null, outcome: null });
    expect((await closeTournament(t.db, tour.id, after)).outcome).toBe('finished');
    expect((await payoutRows(t.db, tour.id)).map((r) => r.amount).sort((x, y) => y - x)).toEqual([1500, 900, 600]);
    for (const p of players) {
      const credits = (await t.db.kysely.selectFrom('profiles').select('credits').where('user_id', '=', p.id).executeTakeFirstOrThrow()).credits;
      expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(credits);
    }
  });
});
