/**
 * `npm run bench:leaderboard [-- --sizes 100000,1000000 --samples 200]`: the credits board on
 * PostgreSQL at scale. For each size it loads that many players (generate_series, in its own
 * database, dropped afterwards), then measures p50/p99 of the page query (top and deep pages),
 * the user-rank query, the nearby query and the whole GET /api/leaderboard answer, next to the
 * naive rank by count(*) for comparison; then the fan-out of one balance change to 500
 * connected stream clients (one board query per change, whatever the number of clients).
 * Speed is reported here and in change notes, never asserted in tests.
 *
 * Uses TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test).
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { LEADERBOARD_LIMIT_DEFAULT, LEADERBOARD_PAGE_SIZE } from '@card-counter/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/index.ts';
import { LiveHub } from '../src/live/live-hub.ts';
import { migrateDatabase } from '../src/migrate.ts';
import {
  LeaderboardRefresher,
  rankOfBalance,
  readBalancePage,
  readFromKey,
  readNearby,
  readPageEntries,
  readTop,
  totalPlayers,
} from '../src/modules/leaderboard/index.ts';
import { applyCredit } from '../src/modules/ledger/index.ts';

const USAGE = `usage: npm run bench:leaderboard [-- --sizes N[,N...]] [--samples S] [--streams C]
  --sizes    players to load, one database load each (default 100000,1000000)
  --samples  timed runs of each query (default 200)
  --streams  connected stream clients for the fan-out (default 500)
examples:
  npm run bench:leaderboard
  npm run bench:leaderboard -- --sizes 100000 --samples 100`;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

if (process.argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const SIZES = arg('sizes', '100000,1000000').split(',').map(Number);
const SAMPLES = Number(arg('samples', '200'));
const STREAMS = Number(arg('streams', '500'));
if (SIZES.some((n) => !Number.isInteger(n) || n < 1000 || n > 5_000_000) || !(SAMPLES >= 10) || !(STREAMS >= 1)) {
  console.error(USAGE);
  process.exit(2);
}

const BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = `cc_bench_leaderboard_${process.pid}`;

function urlFor(database: string): string {
  const u = new URL(BASE);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: urlFor('postgres') });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Deterministic pseudo-random integers for picking targets (no Math.random: runs compare). */
function picker(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function time(label: string, samples: number, fn: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < Math.min(10, samples); i++) await fn(i); // warm the cache and the plans
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await fn(i);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(44)} p50 ${percentile(ms, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(ms, 99).toFixed(2).padStart(7)} ms   (n=${samples})`,
  );
}

/**
 * Loads `n` players: 15% still on the 10,000 signup grant (one big tie), the rest log-normal
 * around it, 0.5% big buyers up to ~5M, 2% hidden. Entries are bulk-loaded with the bucket
 * trigger off and the buckets computed in one statement (the trigger's per-row upsert would
 * take minutes here); the check after it proves they agree.
 */
async function load(db: Database, n: number): Promise<void> {
  const k = db.kysely;
  await sql`truncate auth_user cascade`.execute(k);
  await sql`truncate leaderboard_buckets`.execute(k);
  await sql`select setseed(0.42)`.execute(k);
  await sql`
    insert into auth_user (id, name, email, "emailVerified", "createdAt", "updatedAt")
    select 'b' || lpad(i::text, 8, '0'), 'Player ' || i, 'b' || i || '@bench.test', true, now(), now()
    from generate_series(1, ${n}) i`.execute(k);
  await sql`
    insert into profiles (user_id, email, username, display_name, credits, auth_provider, email_verified,
                          show_on_leaderboard, created_at, joined_at, last_login, last_updated)
    select id, email, id, name,
      case when r < 0.15 then 10000
           when r < 0.155 then 100000 + floor(random() * 4900000)::int
           else greatest(0, round(10000 * exp(0.9 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())))::int)
      end,
      'email', true, random() >= 0.02, now(), now(), now(), now() - random() * interval '30 days'
    from (select *, random() as r from auth_user) u`.execute(k);
  await sql`alter table leaderboard_entries disable trigger user`.execute(k);
  await sql`
    insert into leaderboard_entries (user_id, display_name, balance, last_updated, deleted)
    select user_id, display_name, credits, last_updated, not show_on_leaderboard from profiles`.execute(k);
  await sql`alter table leaderboard_entries enable trigger user`.execute(k);
  await sql`
    insert into leaderboard_buckets (bucket, players)
    select leaderboard_bucket(balance), count(*) from leaderboard_entries where not deleted group by 1`.execute(k);
  await sql`vacuum analyze leaderboard_entries`.execute(k);
  await sql`vacuum analyze leaderboard_buckets`.execute(k);
  await sql`analyze profiles`.execute(k);
  const check = await sql<{ a: number; b: number }>`
    select (select count(*)::int from leaderboard_entries where not deleted) as a,
           (select sum(players)::int from leaderboard_buckets) as b`.execute(k);
  const row = check.rows[0];
  if (row === undefined || row.a !== row.b) throw new Error(`bucket counts disagree: ${JSON.stringify(row)}`);
}

async function measureQueries(db: Database, n: number): Promise<void> {
  const k = db.kysely;
  const total = await totalPlayers(k);
  const buckets = (await sql<{ c: number }>`select count(*)::int as c from leaderboard_buckets`.execute(k)).rows[0]?.c;
  const ties = (await sql<{ c: number }>`select count(*)::int as c from leaderboard_entries where not deleted and balance = 10000`.execute(k)).rows[0]?.c;
  console.log(`  visible players ${total}, buckets ${buckets}, largest tie (10,000 credits) ${ties}`);
  const pages = Math.ceil(total / LEADERBOARD_PAGE_SIZE);
  const pick = picker(n);
  const sample = await sql<{ user_id: string; balance: number }>`
    select user_id, balance from leaderboard_entries where not deleted
    order by md5(user_id) limit ${SAMPLES}`.execute(k);
  const players = sample.rows;
  const who = (i: number) => players[i % players.length]!;

  await time('page 1 (top 50)', SAMPLES, () => readPageEntries(k, 0, LEADERBOARD_PAGE_SIZE));
  await time('page N, N uniform over all pages', SAMPLES, () =>
    readPageEntries(k, pick(pages) * LEADERBOARD_PAGE_SIZE, LEADERBOARD_PAGE_SIZE),
  );
  await time('page inside the 10,000 tie (worst offset)', SAMPLES, async () => {
    const rank = await rankOfBalance(k, 10_000);
    return readPageEntries(k, rank - 1 + Math.floor((ties ?? 0) * 0.95), LEADERBOARD_PAGE_SIZE);
  });
  await time('page in the middle of the 10,000 tie (worst count)', SAMPLES, async () => {
    const rank = await rankOfBalance(k, 10_000);
    return readPageEntries(k, rank - 1 + Math.floor((ties ?? 0) * 0.5), LEADERBOARD_PAGE_SIZE);
  });
  const tied = (
    await sql<{ user_id: string }>`
      select user_id from leaderboard_entries where not deleted and balance = 10000
      order by md5(user_id) limit ${SAMPLES}`.execute(k)
  ).rows;
  const tiedKey = (i: number) => ({ balance: 10_000, userId: tied[i % tied.length]!.user_id });
  await time('next page by cursor (after=), inside the tie', SAMPLES, (i) =>
    readFromKey(k, tiedKey(i), 'after', LEADERBOARD_PAGE_SIZE),
  );
  await time('previous page by cursor (before=), inside the tie', SAMPLES, (i) =>
    readFromKey(k, tiedKey(i), 'before', LEADERBOARD_PAGE_SIZE),
  );
  await time('next page by cursor, anywhere (uniform players)', SAMPLES, (i) =>
    readFromKey(k, { balance: who(i).balance, userId: who(i).user_id }, 'after', LEADERBOARD_PAGE_SIZE),
  );
  const offsetPage = (position: number) => sql`
    with at as (
      select bucket, (cum - players)::int as before from (
        select bucket, players, sum(players) over (order by bucket desc) as cum from leaderboard_buckets
      ) c where cum > ${position} order by bucket desc limit 1
    )
    select user_id, display_name, balance, last_updated from leaderboard_entries
    where not deleted and balance < (select leaderboard_bucket_end(bucket) from at)
    order by balance desc, user_id desc
    offset (select ${position} - before from at) limit ${LEADERBOARD_PAGE_SIZE}`.execute(k);
  const naivePages = Math.max(10, Math.floor(SAMPLES / 4));
  await time('for comparison: ADR 0011 page by offset, middle of the tie', naivePages, async () =>
    offsetPage((await rankOfBalance(k, 10_000)) - 1 + Math.floor((ties ?? 0) * 0.5)),
  );
  await time('for comparison: ADR 0011 page by offset, 95% into the tie', naivePages, async () =>
    offsetPage((await rankOfBalance(k, 10_000)) - 1 + Math.floor((ties ?? 0) * 0.95)),
  );
  await time('user rank (bucket counts)', SAMPLES, (i) => rankOfBalance(k, who(i).balance));
  await time('nearby (3 above, 3 below, their ranks)', SAMPLES, (i) => readNearby(k, who(i).user_id));
  await time('totalPlayers', SAMPLES, () => totalPlayers(k));
  await time('GET /api/leaderboard whole answer, random page', SAMPLES, (i) =>
    readBalancePage(k, { page: 1 + pick(pages), pageSize: LEADERBOARD_PAGE_SIZE }, who(i).user_id),
  );
  await time('GET /api/leaderboard whole answer, next page by cursor in the tie', SAMPLES, (i) =>
    readBalancePage(k, { page: 2, pageSize: LEADERBOARD_PAGE_SIZE, after: tiedKey(i) }, who(i).user_id),
  );
  await time('live event: top 100 + total (one query)', SAMPLES, () => readTop(k, LEADERBOARD_LIMIT_DEFAULT));
  const naive = Math.max(10, Math.floor(SAMPLES / 10));
  await time('for comparison: rank by count(*) (naive)', naive, (i) =>
    sql`select 1 + count(*) from leaderboard_entries where not deleted and balance > ${who(i).balance}::int`.execute(k),
  );
}

/** One balance change with STREAMS clients connected to this process's hub. */
async function measureFanOut(db: Database): Promise<void> {
  let loads = 0;
  let bytes = 0;
  let received = 0;
  let lastAt = 0;
  const hub = new LiveHub(db, { clientsMax: STREAMS + 10 }, { warn: (o, m) => console.warn(m, o) });
  await hub.serve('leaderboard', {
    event: 'leaderboard',
    load: async () => {
      loads += 1;
      return readTop(db.kysely, LEADERBOARD_LIMIT_DEFAULT);
    },
  });
  // In-process clients: what a stream does per client is format and write the same string.
  let round = 0;
  for (let c = 0; c < STREAMS; c++)
    hub.subscribe('leaderboard', 'board', {
      send(event, data) {
        const frame = `event: ${event}\ndata: ${data}\n\n`;
        bytes += Buffer.byteLength(frame);
        if (round > 0) {
          received += 1;
          lastAt = performance.now();
        }
      },
      close() {},
    });
  const refresher = new LeaderboardRefresher(db, { delay_ms: 100, waitMax_ms: 1000 });
  await refresher.start();
  const top = await sql<{ user_id: string }>`
    select user_id from leaderboard_entries where not deleted order by balance desc, user_id desc limit 20`.execute(db.kysely);
  const results: { total_ms: number; fanout_ms: number }[] = [];
  for (round = 1; round <= 5; round++) {
    received = 0;
    loads = 0;
    bytes = 0;
    const userId = top.rows[round]!.user_id;
    const t0 = performance.now();
    await applyCredit(db, { userId, type: 'bonus', amount: 1_000_000, description: 'bench' });
    const committed = performance.now();
    for (let i = 0; i < 500 && received < STREAMS; i++) await new Promise((r) => setTimeout(r, 10));
    if (received < STREAMS) throw new Error(`only ${received} of ${STREAMS} clients got the change`);
    results.push({ total_ms: lastAt - t0, fanout_ms: lastAt - committed - 100 });
    console.log(
      `  change ${round}: ${loads} board ${loads === 1 ? 'query' : 'queries'}, ${STREAMS} clients, ${(bytes / 1024).toFixed(0)} KiB written, ` +
        `commit -> last client ${(lastAt - committed).toFixed(1)} ms (of which 100 ms is the refresh delay)`,
    );
  }
  await refresher.stop();
  await hub.stop();
  const after = results.map((r) => r.fanout_ms).sort((a, b) => a - b);
  console.log(`  fan-out after the 100 ms delay (refresh + NOTIFY + 1 query + ${STREAMS} writes): p50 ${percentile(after, 50).toFixed(1)} ms`);
}

console.log(`leaderboard bench on ${new URL(BASE).host}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (2 cores, shared)`);
await admin((c) => c.query(`create database "${NAME}"`));
let db: Database | undefined;
try {
  db = await openDatabase({ dataDir: '', databaseUrl: urlFor(NAME), poolSize: 4 });
  await migrateDatabase(db);
  for (const n of SIZES) {
    const t0 = performance.now();
    await load(db, n);
    console.log(`\n${n.toLocaleString('en-US')} players (loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    await measureQueries(db, n);
    await measureFanOut(db);
  }
} finally {
  await db?.close();
  await admin((c) => c.query(`drop database if exists "${NAME}" with (force)`));
  console.log(`\nload average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}
