/**
 * `npm run bench:scale`: several server processes on one PostgreSQL behind nginx, loaded by
 * virtual players on loopback that behave like people (bench/scale-players.ts), issue 29.
 *
 *   npm run bench:scale                                   # 1, 2, 3 processes; 100 players; 30 s each
 *   npm run bench:scale -- --players 200 --duration-s 60 --processes 2
 *   npm run bench:scale -- --fault                        # 2 processes (or --processes N); one killed with kill -9, then restarted
 *
 * Per number of processes it starts the servers (src/main.ts, as `npm start` runs it) on ports
 * 3151.., nginx on 3159 in front of them (bench/scale-proxy.ts: installed with apt-get when
 * missing; streams unbuffered; passive health checks), lets the players warm up for
 * --warmup-s (a fresh process's JIT), then measures --duration-s and prints, per kind of
 * request: count, rate, p50/p99 as the player sees it (through the proxy), errors (no answer or
 * 5xx) and bytes; then the server processes' CPU per request and per process, PostgreSQL's
 * (its backends for the bench's database, from /proc) per request with transactions and rows,
 * the connections it held, and the live streams (open, events, losses).
 *
 * --fault: one run on max(--processes, 2) processes (default 2). A third into the measurement the process
 * on 3151 is killed with SIGKILL; two thirds in it is started again. Prints what players saw in
 * the gap (failed attempts by kind and status, the longest wait for an answer, streams lost and
 * how long until they were back), checks the invariants of test/fleet-fault.test.ts on the
 * database (test/support/fleet-check.ts), and the restarted process's share of the traffic.
 *
 * --extra-streams N: N more leaderboard streams held open by the players (at most 4 each), to
 * measure what open streams cost a process (memory, and CPU per change fanned out to them).
 *
 * Bounded: players 1..400, duration 5..600 s, processes 1..8; loopback only. PostgreSQL at
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): a database of its
 * own per number of processes, `scale_bench_<pid>_<n>`, fresh for each (players signed up anew),
 * dropped afterwards, with every process and nginx stopped, also on
 * Ctrl-C. The servers log at --log-level (default info, the server's default) to files under
 * /tmp/scale-bench-<pid>/ (removed afterwards unless --keep-logs).
 */
import { machineSpeedLine } from './machine-speed-line.ts';
import http from 'node:http';
import { loadavg } from 'node:os';
import { mkdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { checkFleetInvariants } from '../test/support/fleet-check.ts';
import { startNginx, ensureNginx, type Proxy } from './scale-proxy.ts';
import {
  processCpu_ms,
  processRss_MB,
  startServer,
  stopServer,
  watchPostgres,
  type ServerHandle,
} from './scale-fleet.ts';
import { VirtualPlayer, type RunStats } from './scale-players.ts';
import { percentile } from './table-round.ts';

const PLAYERS_MAX = 400;
const PROCESSES_MAX = 8;
const FIRST_SERVER_PORT = 3151;
const PROXY_PORT = 3159;
const SIGNUP_CONCURRENCY = 4;

interface Args {
  players: number;
  duration_s: number;
  warmup_s: number;
  processes: number[];
  think_ms: number;
  fault: boolean;
  logLevel: string;
  keepLogs: boolean;
  extraStreams: number;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const v = Number(get(name) ?? fallback);
    if (!Number.isInteger(v) || v < min || v > max) throw new Error(`--${name}: an integer ${min}..${max}`);
    return v;
  };
  const fault = argv.includes('--fault');
  const processes = (get('processes') ?? (fault ? '2' : '1,2,3')).split(',').map(Number);
  if (processes.some((n) => !Number.isInteger(n) || n < 1 || n > PROCESSES_MAX))
    throw new Error(`--processes: integers 1..${PROCESSES_MAX}`);
  return {
    players: int('players', 100, 1, PLAYERS_MAX),
    duration_s: int('duration-s', 30, 5, 600),
    warmup_s: int('warmup-s', 5, 0, 120),
    processes,
    think_ms: int('think-ms', 1000, 0, 10_000),
    fault,
    logLevel: get('log-level') ?? 'info',
    keepLogs: argv.includes('--keep-logs'),
    extraStreams: int('extra-streams', 0, 0, 4 * PLAYERS_MAX),
  };
}

const args = parseArgs(process.argv.slice(2));
const base = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname))
  throw new Error('the bench runs on loopback only');
// Each number of processes plays on a database of its own, fresh, with players signed up anew:
// the board spreads as the players' balances part (more balance buckets to sum for a rank), so a
// run that came second read more rows per request whatever its number of processes (issue 41:
// 1 then 3 processes read 80 then 109 rows; 3 then 1 read 85 then 107).
const databaseOf = (n: number) => `scale_bench_${process.pid}_${n}`;
let database = databaseOf(0);
const dbUrl = new URL(base.toString());
const dir = `/tmp/scale-bench-${process.pid}`;
const proxyUrl = `http://127.0.0.1:${PROXY_PORT}`;
const env = {
  DATABASE_URL: '',
  APP_URL: proxyUrl,
  TRUST_PROXY: 'true',
  NODE_ENV: 'development',
  BETTER_AUTH_SECRET: randomBytes(24).toString('hex'),
  LOG_LEVEL: args.logLevel,
  DATA_DIR: dir,
};
const servers = new Map<number, ServerHandle>();
let proxy: Proxy | null = null;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const streamAgent = new http.Agent({ keepAlive: false });

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const port = (i: number) => FIRST_SERVER_PORT + i;

async function useProcesses(n: number): Promise<void> {
  for (const [p, s] of servers)
    if (p >= port(n)) {
      await stopServer(s);
      servers.delete(p);
    }
  // The first process alone migrates the new database; the rest start together.
  if (!servers.has(port(0)))
    servers.set(port(0), await startServer(port(0), env, path.join(dir, `server-${port(0)}.log`)));
  const missing = Array.from({ length: n }, (_, i) => port(i)).filter((p) => !servers.has(p));
  for (const s of await Promise.all(
    missing.map((p) => startServer(p, env, path.join(dir, `server-${p}.log`))),
  ))
    servers.set(s.port, s);
  await proxy?.stop();
  proxy = await startNginx(
    path.join(dir, 'nginx'),
    PROXY_PORT,
    Array.from({ length: n }, (_, i) => port(i)),
  );
}

function newStats(): RunStats {
  return { outcomes: [], calls: [], streams: { opened: 0, lost: 0, events: 0, gapMax_ms: 0 }, rounds: 0 };
}

const failed = (s: number | 'no answer') => s === 'no answer' || s >= 500;
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function requestTable(stats: RunStats, from_ms: number, to_ms: number): { answered: number } {
  const calls = stats.calls.filter((c) => c.at_ms >= from_ms && c.at_ms < to_ms);
  const attempts = stats.outcomes.filter((o) => o.at_ms >= from_ms && o.at_ms < to_ms);
  const kinds = [...new Set(calls.map((c) => c.kind))].sort();
  const seconds = (to_ms - from_ms) / 1000;
  console.log(
    `  ${'kind'.padEnd(17)}${'count'.padStart(7)}${'per s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}  4xx   bytes sent/received (mean)`,
  );
  let answered = 0;
  for (const kind of kinds) {
    const mine = calls.filter((c) => c.kind === kind);
    const ok = mine.filter((c) => !failed(c.status));
    answered += ok.length;
    const lat = ok.map((c) => c.total_ms).sort((a, b) => a - b);
    const errs = attempts.filter((o) => o.kind === kind && failed(o.status)).length;
    const c4 = mine.filter((c) => typeof c.status === 'number' && c.status >= 400 && c.status < 500).length;
    const bytes = attempts.filter((o) => o.kind === kind && !failed(o.status));
    const sent = bytes.reduce((s, o) => s + o.sent_bytes, 0) / Math.max(1, bytes.length);
    const recv = bytes.reduce((s, o) => s + o.received_bytes, 0) / Math.max(1, bytes.length);
    console.log(
      `  ${kind.padEnd(17)}${String(mine.length).padStart(7)}${fmt(mine.length / seconds).padStart(8)}${fmt(percentile(lat, 50)).padStart(9)}${fmt(percentile(lat, 99)).padStart(9)}${String(errs).padStart(8)}  ${String(c4).padEnd(5)} ${fmt(sent, 0)}/${fmt(recv, 0)}`,
    );
  }
  return { answered };
}

async function signUpAll(players: VirtualPlayer[]): Promise<void> {
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: SIGNUP_CONCURRENCY }, async () => {
      while (next < players.length) await players[next++]!.signUp();
    }),
  );
  console.log(
    `signed up ${players.length} players in ${fmt((performance.now() - t0) / 1000)} s (not measured)`,
  );
}

/** One measured run on the `n` processes already started (and their players signed up). */
async function run(players: VirtualPlayer[], n: number): Promise<void> {
  const pids = [...servers.values()].map((s) => s.child.pid!);
  console.log(
    `\n${n} process${n > 1 ? 'es' : ''} behind nginx, ${players.length} players${args.extraStreams > 0 ? ` (+${args.extraStreams} leaderboard streams)` : ''}, think ${args.think_ms} ms, warm-up ${args.warmup_s} s, measured ${args.duration_s} s${args.fault ? ', FAULT: kill -9 of the process on 3151 at 1/3, restart at 2/3' : ''}; load average ${load()}`,
  );
  const stats = newStats();
  const rssIdle = pids.map((pid) => processRss_MB(pid) ?? NaN);
  const t0 = performance.now();
  const warm_ms = args.warmup_s * 1000;
  const end_ms = warm_ms + args.duration_s * 1000;
  // --extra-streams: spread over the players, at most 4 each (5 leaderboard streams per user).
  const extra = (i: number) =>
    Math.floor(args.extraStreams / players.length) + (i < args.extraStreams % players.length ? 1 : 0);
  if (args.extraStreams > 4 * players.length) throw new Error('--extra-streams: at most 4 per player');
  const playing = Promise.all(players.map((p, i) => p.play(stats, t0, t0 + end_ms, args.think_ms, extra(i))));
  await new Promise((r) => setTimeout(r, warm_ms));
  const cpu0 = new Map(pids.map((pid) => [pid, processCpu_ms(pid) ?? 0]));
  const proxyPids = proxy?.pids() ?? [];
  const proxyCpu = () => proxyPids.reduce((s, pid) => s + (processCpu_ms(pid) ?? 0), 0);
  const proxyCpu0 = proxyCpu();
  const cpuLast = new Map(cpu0);
  const sampler = setInterval(() => {
    for (const pid of pids) {
      const c = processCpu_ms(pid);
      if (c !== null) cpuLast.set(pid, c);
    }
  }, 500);
  const pgWatch = watchPostgres(base.toString(), database);
  const streamsAtWarm = { ...stats.streams };
  const rss0 = pids.map((pid) => processRss_MB(pid) ?? 0);
  let killedAt = 0;
  let restartedAt = 0;
  let restarted: ServerHandle | null = null;
  if (args.fault) {
    await new Promise((r) => setTimeout(r, args.duration_s * 333));
    const victim = servers.get(port(0))!;
    victim.child.kill('SIGKILL');
    killedAt = performance.now() - t0;
    await victim.exited;
    servers.delete(port(0));
    await new Promise((r) =>
      setTimeout(r, Math.max(0, t0 + warm_ms + args.duration_s * 667 - performance.now())),
    );
    restarted = await startServer(port(0), env, path.join(dir, `server-${port(0)}.log`));
    servers.set(port(0), restarted);
    restartedAt = performance.now() - t0;
  }
  await new Promise((r) => setTimeout(r, Math.max(0, t0 + end_ms - performance.now())));
  clearInterval(sampler);
  for (const pid of pids) {
    const c = processCpu_ms(pid);
    if (c !== null) cpuLast.set(pid, c);
  }
  const proxyCpu_ms = proxyCpu() - proxyCpu0;
  const rss1 = pids.map((pid) => processRss_MB(pid) ?? NaN);
  const pgStats = await pgWatch.stop();
  await playing;

  const { answered } = requestTable(stats, warm_ms, end_ms);
  const seconds = args.duration_s;
  const serverCpu = pids.reduce((s, pid) => s + (cpuLast.get(pid)! - cpu0.get(pid)!), 0);
  const tableActions = stats.calls.filter(
    (c) => c.kind === 'table action' && c.at_ms >= warm_ms && c.at_ms < end_ms && !failed(c.status),
  ).length;
  console.log(
    `  answered ${answered} requests: ${fmt(answered / seconds)} per s (${fmt(tableActions / seconds)} table actions per s)`,
  );
  console.log(
    `  server CPU: ${fmt(serverCpu / Math.max(1, answered), 2)} ms per request; per process ${pids.map((pid) => `${fmt((cpuLast.get(pid)! - cpu0.get(pid)!) / seconds / 10, 0)}%`).join(' ')} of a core; RSS ${rss1.map((r) => fmt(r, 0)).join(' ')} MB (before the players connected ${rssIdle.map((r) => fmt(r, 0)).join(' ')}, at warm-up end ${rss0.map((r) => fmt(r, 0)).join(' ')})`,
  );
  console.log(
    `  nginx CPU: ${fmt(proxyCpu_ms / Math.max(1, answered), 2)} ms per request (${fmt(proxyCpu_ms / seconds / 10, 0)}% of a core)`,
  );
  console.log(
    `  PostgreSQL: backends' CPU ${fmt(pgStats.backendCpu_ms / Math.max(1, answered), 2)} ms per request, ${fmt(pgStats.xacts / Math.max(1, answered), 2)} transactions, ${fmt(pgStats.rowsRead / Math.max(1, answered), 0)} rows read, ${fmt(pgStats.rowsWritten / Math.max(1, answered), 1)} rows written per request; connections at most ${pgStats.connectionsMax} (${pgStats.activeMax} active at once)`,
  );
  console.log(
    `  rows read per request by table: ${pgStats.rowsReadByTable.map((t) => `${t.table} ${fmt(t.rows / Math.max(1, answered), 1)}`).join(', ')}`,
  );
  const s = stats.streams;
  console.log(
    `  live streams: ${s.opened} opened (${s.opened - streamsAtWarm.opened} during the measurement), ${fmt((s.events - streamsAtWarm.events) / seconds)} events per s received, ${s.lost} lost${s.lost > 0 ? `, longest down ${fmt(s.gapMax_ms / 1000)} s` : ''}`,
  );
  if (args.fault) await reportFault(stats, players, killedAt, restartedAt);
}

async function reportFault(
  stats: RunStats,
  players: VirtualPlayer[],
  killedAt: number,
  restartedAt: number,
): Promise<void> {
  const gap = stats.outcomes.filter((o) => failed(o.status));
  const byKind = new Map<string, number>();
  for (const o of gap) byKind.set(`${o.kind} ${o.status}`, (byKind.get(`${o.kind} ${o.status}`) ?? 0) + 1);
  const after = stats.calls.filter((c) => c.at_ms >= killedAt && c.at_ms < restartedAt);
  const longest = after.reduce((m, c) => Math.max(m, c.total_ms), 0);
  const retried = after.filter((c) => c.attempts > 1).length;
  const gaveUp = stats.calls.filter((c) => failed(c.status)).length;
  console.log(
    `  FAULT at ${fmt(killedAt / 1000)} s: failed attempts seen by players: ${gap.length} (${[...byKind].map(([k, v]) => `${k}: ${v}`).join(', ') || 'none'})`,
  );
  console.log(
    `    requests answered after a resend: ${retried}; given up: ${gaveUp}; longest wait for an answer while one process was down: ${fmt(longest)} ms`,
  );
  const restartedUpstream = `127.0.0.1:${port(0)}`;
  const sinceRestart = stats.outcomes.filter((o) => o.at_ms >= restartedAt);
  const taken = sinceRestart.filter((o) => o.upstream === restartedUpstream && o.status === 200).length;
  console.log(
    `    restarted at ${fmt(restartedAt / 1000)} s; it answered ${taken} of the ${sinceRestart.length} requests since`,
  );
  const problems = await checkFleetInvariants(dbUrl.toString(), {
    answered: players.flatMap((p) => p.p.answered),
    confirmedIntents: players.flatMap((p) => p.p.confirmed),
  });
  const answered = players.reduce((n, p) => n + p.p.answered.length, 0);
  const bought = players.reduce((n, p) => n + p.p.confirmed.length, 0);
  console.log(
    `    invariants over ${answered} answered table actions, ${players.length} balances, ${bought} confirmed purchases: ${problems.length === 0 ? 'all hold' : `${problems.length} PROBLEMS`}`,
  );
  for (const p of problems.slice(0, 20)) console.log(`      ${p}`);
  if (problems.length > 0) process.exitCode = 1;
}

/** Stops nginx and every server, and drops the database they used. */
async function stopFleet(): Promise<void> {
  await proxy?.stop().catch(() => undefined);
  proxy = null;
  await Promise.all([...servers.values()].map((s) => stopServer(s).catch(() => undefined)));
  servers.clear();
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
}

/** A new, empty database for the next run (the servers migrate it when they start). */
async function freshDatabase(n: number): Promise<void> {
  database = databaseOf(n);
  dbUrl.pathname = `/${database}`;
  env.DATABASE_URL = dbUrl.toString();
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
}

async function cleanup(): Promise<void> {
  await stopFleet();
  agent.destroy();
  if (!args.keepLogs) rmSync(dir, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  console.log('\ninterrupted: stopping nginx and the servers, dropping the database');
  void cleanup().finally(() => process.exit(130));
});

console.log(
  `scale bench: load average ${load()} (${(await import('node:os')).cpus().length} cores); databases ${databaseOf(0).replace(/_0$/, '_<processes>')}, one per run; logs in ${dir}`,
);
// Figures from two machines compare through this (issue 41).
console.log(machineSpeedLine());
ensureNginx();
mkdirSync(dir, { recursive: true });
try {
  const counts = args.fault ? [Math.max(2, ...args.processes)] : args.processes;
  for (const [i, n] of counts.entries()) {
    if (i > 0) await stopFleet();
    await freshDatabase(n);
    await useProcesses(n);
    const players = Array.from(
      { length: args.players },
      (_, j) => new VirtualPlayer(j, proxyUrl, `scale-${process.pid}-${j}@example.test`, agent, streamAgent),
    );
    await signUpAll(players);
    await run(players, n);
  }
  console.log(`\nload average at the end ${load()}`);
} finally {
  await cleanup();
}
