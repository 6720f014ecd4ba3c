/**
 * A server killed with SIGKILL at any point of a tournament's money loses nothing and pays
 * nothing twice (issue 40, ADR 0057), in the style of table-crash.test.ts, on PostgreSQL:
 * - entries: players send their entries at once and the server is killed right after the k-th
 *   answer (k from the seed), others in flight; after the restart each player resends the same
 *   request: every player is entered and charged exactly once;
 * - the payout: the server is killed at a moment drawn from the seed around the tournament's end
 *   (before, during or after its closing); after the restart the closing job runs (or has run)
 *   and every place is paid exactly once, payouts are the pool, every balance is its ledger.
 * TOURNAMENT_CRASH_SEED replays a run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { CREDIT_COST_TOURNAMENT } from '@card-counter/shared';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/index.ts';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { insertTournament } from '../src/modules/tournaments/index.ts';
import { enterTournament } from '../src/modules/tournaments/entry.ts';
import { freePort, seededRandom, startServerProcess, type ServerProcess } from './support/server-process.ts';
import { createPostgresDatabase, dropPostgresDatabase } from './support/test-db.ts';
import { tournamentBody } from './support/tournaments.ts';
import { eventually } from './support/eventually.ts';

const seed = Number(process.env.TOURNAMENT_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PLAYERS = 6;

async function signUp(baseUrl: string, tag: string): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: `${tag}-${seed}-${randomUUID()}@example.com`, password: 'correct-horse-9', name: tag }),
  });
  expect(res.status).toBe(200);
  const id = ((await res.json()) as { user: { id: string } }).user.id;
  return { id, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

function enter(baseUrl: string, cookie: string, tournamentId: string, requestId: string): Promise<Response> {
  return fetch(`${baseUrl}/api/tournaments/${tournamentId}/entries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ requestId }),
  });
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const postgresMissing = inject('postgresTemplate') === null;
describe.skipIf(postgresMissing)('a tournament survives a killed server (PostgreSQL)', () => {
  it('entries and the payout: charged once, paid once, nothing lost', async () => {
    console.log(`tournaments-crash seed: ${seed} (rerun with TOURNAMENT_CRASH_SEED=${seed})`);
    const rand = seededRandom(seed);
    const url = await createPostgresDatabase();
    const db: Database = await openDatabase({ dataDir: '', databaseUrl: url, poolSize: 3 });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-tournament-crash-'));
    dirs.push(dataDir);
    const port = await freePort();
    const servers: ServerProcess[] = [];
    const start = async () => {
      const s = startServerProcess(dataDir, { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, DATABASE_URL: url });
      servers.push(s);
      return s.ready;
    };
    const kill = async () => {
      const s = servers.at(-1);
      s?.kill('SIGKILL');
      await s?.exited;
    };
    try {
      let baseUrl = await start();
      const players = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => signUp(baseUrl, `crash-${i}`)));
      const requests = players.map(() => randomUUID());
      const create = async (endsAt: Date) => {
        const now = new Date();
        const t = await db.kysely
          .transaction()
          .execute((trx) => insertTournament(trx, tournamentBody({ endsAt: endsAt.toISOString(), minEntrants: 2, payouts_pct: [50, 30, 20] }, now), { now, createdBy: null }));
        if (t === null) throw new Error('no tournament');
        return t;
      };
      const tour = await create(new Date(Date.now() + 3_600_000));

      // Entries: killed right after the k-th answer, the others in flight.
      const k = 1 + Math.floor(rand() * (PLAYERS - 1));
      let answered = 0;
      const inFlight = players.map((p, i) =>
        enter(baseUrl, p.cookie, tour.id, requests[i] ?? '').then(
          async (r) => {
            answered += 1;
            if (answered === k) await kill();
            return r.status;
          },
          () => 'cut' as const,
        ),
      );
      await Promise.all(inFlight);
      baseUrl = await start();
      for (const [i, p] of players.entries()) {
        const again = await enter(baseUrl, p.cookie, tour.id, requests[i] ?? '');
        expect(again.status, `seed ${seed}: entry of player ${i} after the restart`).toBe(200);
      }
      for (const p of players) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from credit_transactions
          where user_id = ${p.id} and type = 'tournament_entry' and metadata->>'tournamentId' = ${tour.id}`.execute(db.kysely);
        expect(rows[0]?.n, `seed ${seed}: entry charges of ${p.id}`).toBe(1);
      }

      // The payout: a tournament made while the server is down (its start sends the closing),
      // the same players entered, and the server killed at a moment around its end (seeded).
      await kill();
      const endsAt = new Date(Date.now() + 3000);
      const closing = await create(endsAt);
      for (const [i, p] of players.entries()) await enterTournament(db, closing.id, p.id, requests[i] ?? '', new Date());
      baseUrl = await start();
      const killAt = endsAt.getTime() - 500 + Math.floor(rand() * 2500);
      await eventually(async () => Date.now(), (t) => t >= killAt, 'the kill moment');
      await kill();
      const closedBefore = (await db.kysely.selectFrom('tournaments').select('outcome').where('id', '=', closing.id).executeTakeFirstOrThrow()).outcome;
      baseUrl = await start();
      await eventually(
        async () => (await db.kysely.selectFrom('tournaments').select('outcome').where('id', '=', closing.id).executeTakeFirstOrThrow()).outcome,
        (o) => o === 'finished',
        `seed ${seed}: closed after the restart (closed before the kill: ${String(closedBefore)})`,
      );
      const { rows: paid } = await sql<{ user_id: string; amount: number }>`
        select user_id, amount from credit_transactions
        where type = 'tournament_payout' and metadata->>'tournamentId' = ${closing.id}`.execute(db.kysely);
      expect(paid.reduce((a, r) => a + r.amount, 0), `seed ${seed}: payouts are the pool`).toBe(PLAYERS * CREDIT_COST_TOURNAMENT);
      expect(paid.map((r) => r.amount).sort((a, b) => b - a)).toEqual([3000, 1800, 1200]);
      expect(new Set(paid.map((r) => r.user_id)).size).toBe(3);
      for (const p of players) {
        const credits = (await db.kysely.selectFrom('profiles').select('credits').where('user_id', '=', p.id).executeTakeFirstOrThrow()).credits;
        expect((await ledgerSum(db.kysely, p.id)).sum, `seed ${seed}: ledger of ${p.id}`).toBe(credits);
      }
    } finally {
      for (const s of servers) {
        if (s.child.exitCode === null && s.child.signalCode === null) s.kill('SIGKILL');
        await s.exited;
      }
      await db.close();
      await dropPostgresDatabase(url);
    }
  }, 300_000);
});
