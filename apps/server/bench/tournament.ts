/**
 * `npm run bench:tournament`: one duplicate-shoe tournament on PostgreSQL with many entrants at
 * human pace (issue 40). Signs the entrants up and enters them (not measured), then for
 * --duration-s every entrant plays rounds at the tournament's table, waiting about --think-ms
 * between two actions (0.5x to 1.5x, starts spread over one think time), and reads the standings
 * (GET /api/tournaments/:id) every --standings-every actions (default 3); --streams entrants follow the live
 * standings stream. Prints the p50/p99 of table actions and of the standings' reads, the
 * standings events received, and the closing's time (the closing's one transaction: ranking,
 * the EV tie-break from the graded record, payouts) with the entrants it closed.
 *
 *   npm run bench:tournament                                   # 1,000 entrants, think 1000 ms, 60 s
 *   npm run bench:tournament -- --entrants 200 --duration-s 30 --think-ms 2000
 *
 * The entrants run in a child process (the client's own work does not queue on the server's
 * event loop). Loopback only; PostgreSQL at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), a scratch database created and dropped; the
 * server listens on --port (default 3261).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { migrateDatabase } from '../src/migrate.ts';
import { RecordGrader } from '../src/modules/record/index.ts';
import { closeTournament, insertTournament } from '../src/modules/tournaments/index.ts';
import { machineSpeedLine } from './machine-speed-line.ts';
import { percentile } from './table-round.ts';

const ENTRANTS_MAX = 2000;
const SIGNUP_CONCURRENCY = 8;

interface Args {
  entrants: number;
  think_ms: number;
  duration_s: number;
  standingsEvery: number;
  streams: number;
  port: number;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string, d: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? (argv[i + 1] ?? d) : d;
  };
  const a: Args = {
    entrants: Number(get('entrants', '1000')),
    think_ms: Number(get('think-ms', '1000')),
    duration_s: Number(get('duration-s', '60')),
    standingsEvery: Number(get('standings-every', '3')),
    streams: Number(get('streams', '50')),
    port: Number(get('port', '3261')),
  };
  if (!Number.isInteger(a.entrants) || a.entrants < 2 || a.entrants > ENTRANTS_MAX)
    throw new Error(`--entrants: 2..${ENTRANTS_MAX}`);
  if (!Number.isInteger(a.think_ms) || a.think_ms < 0 || a.think_ms > 60_000)
    throw new Error('--think-ms: 0..60000');
  if (!Number.isInteger(a.duration_s) || a.duration_s < 5 || a.duration_s > 3600)
    throw new Error('--duration-s: 5..3600');
  if (!Number.isInteger(a.standingsEvery) || a.standingsEvery < 1) throw new Error('--standings-every: >= 1');
  if (!Number.isInteger(a.streams) || a.streams < 0 || a.streams > a.entrants)
    throw new Error('--streams: 0..entrants');
  return a;
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(x < 10 ? 1 : 0) : '-');

// ---------- the entrants (child process) ----------

interface ChildJob {
  base: string;
  tournamentId: string;
  cookies: string[];
  think_ms: number;
  duration_s: number;
  standingsEvery: number;
  streams: number;
}

interface ChildResult {
  actions: number[];
  standings: number[];
  errors: Record<string, number>;
  rounds: number;
  events: number;
}

async function runEntrants(job: ChildJob): Promise<ChildResult> {
  const out: ChildResult = { actions: [], standings: [], errors: {}, rounds: 0, events: 0 };
  const end = Date.now() + job.duration_s * 1000;
  const error = (k: string) => (out.errors[k] = (out.errors[k] ?? 0) + 1);
  const think = () => new Promise((r) => setTimeout(r, job.think_ms * (0.5 + Math.random())));
  const streams = job.cookies.slice(0, job.streams).map((cookie) => {
    const ctl = new AbortController();
    void fetch(`${job.base}/api/tournaments/${job.tournamentId}/stream`, {
      headers: { cookie, origin: job.base },
      signal: ctl.signal,
    })
      .then(async (res) => {
        const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const r = await reader?.read();
          if (!r || r.done) return;
          out.events += (r.value.match(/event: standings/g) ?? []).length;
        }
      })
      .catch(() => undefined);
    return ctl;
  });
  await Promise.all(
    job.cookies.map(async (cookie, i) => {
      await new Promise((r) => setTimeout(r, (job.think_ms * i) / job.cookies.length));
      // A connection refused or timed out under overload is counted, and the entrant goes on.
      for (let tries = 0; tries < 100 && Date.now() < end; tries++) {
        try {
          await playEntrant(cookie);
          return;
        } catch (e) {
          error(
            `network: ${e instanceof Error ? ((e.cause as { code?: string } | undefined)?.code ?? e.message) : String(e)}`,
          );
          await think();
        }
      }
    }),
  );
  for (const s of streams) s.abort();
  return out;

  async function playEntrant(cookie: string): Promise<void> {
    {
      const headers = { cookie, origin: job.base, 'content-type': 'application/json' };
      let table = (await (
        await fetch(`${job.base}/api/tournaments/${job.tournamentId}/table`, { headers })
      ).json()) as {
        version: number;
        state: {
          gameInProgress: boolean;
          gamePhase: string;
          playerHands: { cards: { rank: string }[] }[];
          currentHandIndex: number;
          handBets: number[];
        };
      };
      let n = 0;
      while (Date.now() < end) {
        const s = table.state;
        const total = (s.playerHands[s.currentHandIndex]?.cards ?? []).reduce(
          (t, c) => t + Math.min(10, c.rank === 'A' ? 11 : Number(c.rank) || 10),
          0,
        );
        const action = !s.gameInProgress
          ? (s.handBets[0] ?? 0) > 0
            ? { type: 'deal' }
            : { type: 'bet', amount: 10 * (1 + Math.floor(Math.random() * 5)) }
          : s.gamePhase === 'insurance'
            ? { type: 'insurance', take: false }
            : total < 15
              ? { type: 'hit' }
              : { type: 'stand' };
        const t0 = performance.now();
        const res = await fetch(`${job.base}/api/tournaments/${job.tournamentId}/table/actions`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ actionId: randomUUID(), version: table.version, action }),
        });
        const body = (await res.json()) as typeof table & {
          error?: { code: string; details?: { reason?: string; table?: typeof table } };
        };
        out.actions.push(performance.now() - t0);
        if (res.status === 200) {
          if (table.state.gameInProgress && !body.state.gameInProgress) out.rounds += 1;
          table = body;
        } else {
          error(`${res.status} ${body.error?.details?.reason ?? body.error?.code ?? ''}`);
          if (body.error?.details?.reason === 'TOURNAMENT_ROUNDS_PLAYED') break;
          if (body.error?.details?.table) table = body.error.details.table;
        }
        n += 1;
        if (n % job.standingsEvery === 0) {
          const s0 = performance.now();
          const r = await fetch(`${job.base}/api/tournaments/${job.tournamentId}`, { headers });
          await r.arrayBuffer();
          out.standings.push(performance.now() - s0);
          if (r.status !== 200) error(`standings ${r.status}`);
        }
        await think();
      }
    }
  }
}

if (process.argv.includes('--child')) {
  process.once('message', (job: ChildJob) => {
    void runEntrants(job).then((r) => {
      process.send?.(r);
      process.exit(0);
    });
  });
} else {
  void main();
}

// ---------- the server and the measurements (parent) ----------

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const base = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname))
    throw new Error('the bench runs on loopback only');
  const name = `cc_bench_tour_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const db = await openDatabase({ dataDir: '', databaseUrl: url.toString(), poolSize: 20 });
  const appUrl = `http://127.0.0.1:${args.port}`;
  try {
    await migrateDatabase(db);
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: appUrl,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-dist',
      SSE_CLIENTS_MAX: String(args.entrants + 10),
    });
    const app = await buildApp({
      config,
      db,
      logger: false,
      authRateLimit: { enabled: false, max: 1000, window_s: 60 },
    });
    await app.listen({ port: args.port, host: '127.0.0.1' });
    console.log(machineSpeedLine());
    const now = new Date();
    const tour = await db.kysely.transaction().execute((trx) =>
      insertTournament(
        trx,
        {
          name: 'Bench cup',
          startsAt: new Date(now.getTime() - 60_000).toISOString(),
          endsAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
          rules: { numDecks: 6, shufflePoint: 0.25 },
          testMode: 'available',
          rounds: 'shoe',
          betMin: 10,
          betMax: 500,
          chips: 10_000,
          minEntrants: 2,
          payouts_pct: [30, 20, 15, 10, 8, 6, 5, 3, 2, 1],
        },
        { now, createdBy: null },
      ),
    );
    if (tour === null) throw new Error('no tournament');

    const t0 = performance.now();
    const cookies: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: SIGNUP_CONCURRENCY }, async () => {
        while (next < args.entrants) {
          const i = next++;
          const res = await fetch(`${appUrl}/api/auth/sign-up/email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: appUrl },
            body: JSON.stringify({
              email: `bench-${i}-${randomUUID()}@example.com`,
              password: 'correct-horse-9',
              name: `Entrant ${i}`,
            }),
          });
          if (res.status !== 200) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
          const cookie = res.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; ');
          const entry = await fetch(`${appUrl}/api/tournaments/${tour.id}/entries`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: appUrl, cookie },
            body: JSON.stringify({ requestId: randomUUID() }),
          });
          if (entry.status !== 200) throw new Error(`entry ${entry.status}: ${await entry.text()}`);
          cookies.push(cookie);
        }
      }),
    );
    console.log(
      `signed up and entered ${args.entrants} entrants in ${fmt((performance.now() - t0) / 1000)} s (not measured); load average ${load()}`,
    );

    console.log(
      `playing: ${args.entrants} entrants, think ${args.think_ms} ms, ${args.duration_s} s, standings read every ${args.standingsEvery} actions, ${args.streams} standings streams`,
    );
    const child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'] });
    const result = await new Promise<ChildResult>((resolve, reject) => {
      child.once('message', (m) => resolve(m as ChildResult));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the entrants' process exited (${String(code)}) without its figures`)));
      child.send({
        base: appUrl,
        tournamentId: tour.id,
        cookies,
        think_ms: args.think_ms,
        duration_s: args.duration_s,
        standingsEvery: args.standingsEvery,
        streams: args.streams,
      } satisfies ChildJob);
    });
    const loadAfterPlay = load();
    const a = [...result.actions].sort((x, y) => x - y);
    const s = [...result.standings].sort((x, y) => x - y);
    console.log(
      `table actions:   ${a.length} (${fmt(a.length / args.duration_s)}/s), p50 ${fmt(percentile(a, 50))} ms, p99 ${fmt(percentile(a, 99))} ms; rounds ${result.rounds}`,
    );
    console.log(
      `standings reads: ${s.length} (${fmt(s.length / args.duration_s)}/s), p50 ${fmt(percentile(s, 50))} ms, p99 ${fmt(percentile(s, 99))} ms`,
    );
    console.log(`standings events received by ${args.streams} streams: ${result.events}`);
    console.log(`refusals and errors: ${JSON.stringify(result.errors)}`);
    console.log(`load average after play: ${loadAfterPlay}`);

    // The closing: every decision graded first (the job does the same), then the one transaction.
    const g0 = performance.now();
    await new RecordGrader(db, { warn: () => undefined, error: () => undefined }).drain();
    const graded_ms = performance.now() - g0;
    const c0 = performance.now();
    const closed = await closeTournament(db, tour.id, new Date(Date.now() + 48 * 3600_000));
    const close_ms = performance.now() - c0;
    console.log(
      `closing: ${closed.outcome}, ${closed.entrants} entrants ranked, ${closed.paid} credits paid to 10 places, ${fmt(close_ms)} ms (grading what waited first: ${fmt(graded_ms)} ms); load average ${load()}`,
    );
    await app.close();
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
