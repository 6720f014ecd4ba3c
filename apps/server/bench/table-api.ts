/**
 * `npm run bench:api`: whole blackjack rounds through the table's HTTP API on loopback, with N
 * concurrent signed-in players, on PGlite and on PostgreSQL. Prints rounds per second and the
 * p50/p99 latency of one action (POST /api/table/actions) as the client measures it, and the
 * server's own time for it (arrival to answer sent).
 *
 *   npm run bench:api                                  # 1, 10, 50 players; PGlite and PostgreSQL; saturated and human pace
 *   npm run bench:api -- --players 50 --db postgres --rounds 20
 *   npm run bench:api -- --players 50 --db postgres --think-ms 0,1000   # saturated, then human pace
 *   npm run bench:api -- --players 50 --db postgres --think-ms 1000 --profile /tmp/actions   # + a CPU profile
 *   npm run bench:api -- --players 50 --db pglite,pglite-main --think-ms 1000   # PGlite on its worker thread, then on the event loop
 *
 * --think-ms: each player waits about this long between two of their actions (drawn from 0.5x
 * to 1.5x, and players start spread over one think time, so they do not act in lockstep; 0 =
 * saturated: every player sends its next action as soon as the last one answers). A human at the table acts about
 * once a second; the saturated figure is the worst case, the paced one what players feel.
 * The players run in a child process, so the client's own work (fetch, JSON) does not queue on
 * the server's event loop (each has a core of the two).
 *
 * --other-players N (default 0, at most 6): every table also seats N computer players, who play
 * inside the player's own actions (their cards dealt, counted and stored with each write).
 *
 * --warmup-rounds (default 5): rounds each player plays back to back before the measurement
 * starts, not counted: a server that has just started runs its first thousand requests before
 * the JIT has compiled them, and a brand-new account's first rounds pay its first achievements.
 * Everything printed (latencies, the server's time, CPU, event loop, --profile) covers only the
 * measured rounds. Besides latency it prints the CPU time per action of the server process and
 * of the whole machine (the database and the players' process included), and the server's
 * event-loop delay, which tell queueing for the CPU from waiting on PostgreSQL.
 *
 * --db pglite runs the embedded database as the server does, on its worker thread (ADR 0070);
 * pglite-main runs it on the server's event loop, as before, for the comparison.
 *
 * Bounded: --rounds per player (default 20), players at most 200; loopback only (127.0.0.1).
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a
 * scratch database is created and dropped. PGlite: a temporary data directory, removed after.
 */
import { machineSpeedLine } from './machine-speed-line.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fork } from 'node:child_process';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { seededRng } from '@card-counter/engine';
import { TableSnapshotSchema, type TableAction, type TableSnapshot } from '@card-counter/shared';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { migrateDatabase } from '../src/migrate.ts';
import { percentile, playRound as sharedPlayRound } from './table-round.ts';

const APP_URL = 'http://localhost:3000';
const PLAYERS_MAX = 200;
const ROUNDS_MAX = 1000;
const THINK_MAX_ms = 10_000;

interface Args {
  players: number[];
  rounds: number;
  dbs: DbKind[];
  think_ms: number[];
  /** Rounds each player plays first, unmeasured (a fresh server's JIT, a new account's first achievements). */
  warmup: number;
  /** Write a V8 CPU profile of the server process during the action phase (sign-ups excluded). */
  profile: string | undefined;
  /** Computer seats at every table (`setConfig { rules: { otherPlayers } }`). */
  otherPlayers: number;
}

type DbKind = 'pglite' | 'pglite-main' | 'postgres';
const DB_KINDS: readonly DbKind[] = ['pglite', 'pglite-main', 'postgres'];

function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const players = (get('players') ?? '1,10,50').split(',').map(Number);
  const rounds = Number(get('rounds') ?? 20);
  const db = get('db') ?? 'both';
  const think_ms = (get('think-ms') ?? '0,1000').split(',').map(Number);
  if (think_ms.some((t) => !Number.isInteger(t) || t < 0 || t > THINK_MAX_ms)) throw new Error(`--think-ms: integers 0..${THINK_MAX_ms}`);
  if (players.some((n) => !Number.isInteger(n) || n < 1 || n > PLAYERS_MAX)) throw new Error(`--players: integers 1..${PLAYERS_MAX}`);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > ROUNDS_MAX) throw new Error(`--rounds: 1..${ROUNDS_MAX}`);
  const dbs = db === 'both' ? (['pglite', 'postgres'] as DbKind[]) : (db.split(',') as DbKind[]);
  if (dbs.some((k) => !DB_KINDS.includes(k))) throw new Error('--db: both, or a list of pglite, pglite-main, postgres');
  const warmup = Number(get('warmup-rounds') ?? 5);
  if (!Number.isInteger(warmup) || warmup < 0 || warmup > ROUNDS_MAX) throw new Error(`--warmup-rounds: 0..${ROUNDS_MAX}`);
  const otherPlayers = Number(get('other-players') ?? 0);
  if (!Number.isInteger(otherPlayers) || otherPlayers < 0 || otherPlayers > 6) throw new Error('--other-players: 0..6');
  return { players, rounds, dbs: [...dbs], think_ms, warmup, profile: get('profile'), otherPlayers };
}

async function openScratch(kind: DbKind): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-bench-'));
    const db = await openDatabase({ dataDir: dir, pgliteThread: kind === 'pglite-main' ? 'main' : 'worker' });
    return { db, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) throw new Error('the bench runs on loopback only');
  const name = `cc_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const db = await openDatabase({ dataDir: '', databaseUrl: url.toString(), poolSize: 20 });
  return {
    db,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

interface Client {
  cookie: string;
  snapshot: TableSnapshot;
}

async function signUp(base: string, i: number, otherPlayers: number): Promise<Client> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: APP_URL },
    body: JSON.stringify({ email: `bench-${i}-${randomUUID().slice(0, 8)}@example.test`, password: 'correct-horse-9', name: `Bench ${i}` }),
  });
  if (res.status !== 200) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const table = await fetch(`${base}/api/table`, { headers: { cookie, origin: APP_URL } });
  const client = { cookie, snapshot: TableSnapshotSchema.parse(await table.json()) };
  if (otherPlayers > 0) await act(base, client, { type: 'setConfig', rules: { otherPlayers } }, [], () => 0);
  return client;
}

let think_ms = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// node:http with keep-alive rather than fetch: fetch's own cost per request (about a
// millisecond here) is the client's, not the table's, and a browser does not pay it.
const agent = new http.Agent({ keepAlive: true, maxSockets: PLAYERS_MAX });

function post(url: string, cookie: string, payload: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: APP_URL, cookie },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function act(base: string, c: Client, action: TableAction, latencies: number[], rand: () => number): Promise<void> {
  // Humans do not act in step: each pause is drawn from 0.5x to 1.5x the think time.
  if (think_ms > 0) await sleep(think_ms * (0.5 + rand()));
  const t0 = performance.now();
  const { status, text } = await post(`${base}/api/table/actions`, c.cookie, JSON.stringify({ actionId: randomUUID(), version: c.snapshot.version, action }));
  latencies.push(performance.now() - t0);
  const body = JSON.parse(text) as TableSnapshot;
  if (status !== 200) throw new Error(`${action.type}: ${status} ${text}`);
  c.snapshot = body;
}

/** One round with the shared player (table-round.ts), through this bench's own act(). */
function playRound(base: string, c: Client, rand: () => number, latencies: number[]): Promise<void> {
  return sharedPlayRound(c, (action) => act(base, c, action, latencies, rand), rand);
}

interface Job {
  base: string;
  clients: Client[];
  rounds: number;
  think_ms: number;
  warmup: number;
}

/**
 * The players' side: every client plays its warm-up rounds back to back (not measured), then,
 * once `measure` has answered (the server resets its counters), its rounds at once; answers
 * the action latencies.
 */
async function play(job: Job, measure: () => Promise<void>): Promise<{ latencies: number[]; seconds: number }> {
  think_ms = 0;
  await Promise.all(job.clients.map(async (c, i) => {
    const rng = seededRng(1_000_000 + i);
    const rand = () => rng.nextUint32() / 0x1_0000_0000;
    for (let r = 0; r < job.warmup; r++) await playRound(job.base, c, rand, []);
  }));
  await measure();
  think_ms = job.think_ms;
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    job.clients.map(async (c, i) => {
      const rng = seededRng(i + 1);
      const rand = () => rng.nextUint32() / 0x1_0000_0000;
      // Players sit down over one think time, not all in the same millisecond.
      if (job.think_ms > 0) await sleep(job.think_ms * rand());
      for (let r = 0; r < job.rounds; r++) await playRound(job.base, c, rand, latencies);
    }),
  );
  return { latencies, seconds: (performance.now() - t0) / 1000 };
}

const PLAYERS_FLAG = '--bench-players-process';

/**
 * Runs `play` in a child process (this file with PLAYERS_FLAG), the job over IPC: the child
 * says 'warm' after its warm-up, `onWarm` starts the measurement, the child is told 'go'.
 */
function playInWorker(job: Job, onWarm: () => Promise<void>): Promise<{ latencies: number[]; seconds: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [PLAYERS_FLAG], { execArgv: ['--import', 'tsx'] });
    let answered = false;
    child.on('message', (m) => {
      if (m === 'warm') {
        onWarm().then(() => child.send('go'), reject);
        return;
      }
      answered = true;
      resolve(m as { latencies: number[]; seconds: number });
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`bench players process exited with ${code}`));
    });
    child.send(job);
  });
}

/** CPU time spent by every process on the machine so far (all cores), in ms. */
function machineBusy_ms(): number {
  return cpus().reduce((a, c) => a + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);
}

/** A V8 CPU profile of this (the server's) process from `start` to `stop`; opens in Chrome DevTools. */
function profiler(file: string | undefined): { start(): Promise<void>; stop(): Promise<void> } {
  if (file === undefined) return { start: async () => {}, stop: async () => {} };
  const session = new Session();
  return {
    async start() {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    },
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile of the measured actions: ${file}`);
    },
  };
}

async function run(
  kind: DbKind,
  players: number,
  { rounds, warmup, otherPlayers }: { rounds: number; warmup: number; otherPlayers: number },
  pace_ms: number,
  profile?: string,
): Promise<void> {
  const { db, drop } = await openScratch(kind);
  const config = loadConfig({ NODE_ENV: 'production', APP_URL, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-dist', DATA_DIR: '/tmp', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret' });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateDatabase(db);
    app = await buildApp({ config, db, logger: false, authRateLimit: { enabled: false, max: 1_000_000, window_s: 60 } });
    // The server's own time for an action, from the request's arrival to its answer sent.
    const server_ms: number[] = [];
    const arrived = new WeakMap<object, number>();
    app.addHook('onRequest', async (request) => void arrived.set(request, performance.now()));
    app.addHook('onResponse', async (request) => {
      const t0 = arrived.get(request);
      if (t0 !== undefined && request.url === '/api/table/actions') server_ms.push(performance.now() - t0);
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const clients: Client[] = [];
    for (let i = 0; i < players; i++) clients.push(await signUp(base, i, otherPlayers));
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const prof = profiler(profile);
    let cpu0 = process.cpuUsage();
    let machine0 = machineBusy_ms();
    const { latencies, seconds } = await playInWorker({ base, clients, rounds, think_ms: pace_ms, warmup }, async () => {
      // Warm-up done: measure from here.
      server_ms.length = 0;
      loop.enable();
      cpu0 = process.cpuUsage();
      machine0 = machineBusy_ms();
      await prof.start();
    });
    await prof.stop();
    const cpu = process.cpuUsage(cpu0);
    const machine_ms = machineBusy_ms() - machine0;
    loop.disable();
    latencies.sort((a, b) => a - b);
    server_ms.sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(11)} players ${String(players).padStart(3)}${otherPlayers > 0 ? ` (+${otherPlayers} computer seats each)` : ''}  think ${String(pace_ms).padStart(4)} ms  rounds ${String(players * rounds).padStart(5)}  ` +
        `${((players * rounds) / seconds).toFixed(1).padStart(7)} rounds/s  actions ${latencies.length}  ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  ` +
        `(server side: p50 ${percentile(server_ms, 50).toFixed(1)} ms  p99 ${percentile(server_ms, 99).toFixed(1)} ms)\n` +
        `         CPU per action: server process ${((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(2)} ms ` +
        `(system ${(cpu.system / 1000 / latencies.length).toFixed(2)}), whole machine ${(machine_ms / latencies.length).toFixed(2)} ms ` +
        `(server, players, database and everything else)\n` +
        `         server event loop delay: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms  p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms  max ${(loop.max / 1e6).toFixed(1)} ms\n` +
        // The machine beside each figure (issue 41): its load now, its reference speed above.
        `         load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
  } finally {
    await app?.close();
    await db.close();
    await drop();
  }
}

if (!process.argv.includes(PLAYERS_FLAG)) {
  const args = parseArgs(process.argv.slice(2));
  console.log(`table API bench: ${args.rounds} rounds per player after ${args.warmup} unmeasured, loopback HTTP, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  // Figures from two machines compare through this (issue 41).
  console.log(machineSpeedLine());
  for (const kind of args.dbs)
    for (const n of args.players)
      for (const t of args.think_ms)
        await run(kind, n, args, t, args.profile?.replace(/(\.cpuprofile)?$/, `-${kind}-${n}-${t}.cpuprofile`));
} else {
  process.once('message', (job) => {
    const measure = () =>
      new Promise<void>((resolve) => {
        process.once('message', () => resolve());
        process.send?.('warm');
      });
    void play(job as Job, measure).then((r) => process.send?.(r, () => process.exit(0)));
  });
}
