/**
 * bench:scale's server processes and what it reads about them and about PostgreSQL:
 * - each server is `node --import tsx apps/server/src/main.ts` (what `npm start -w apps/server`
 *   runs), its log to a file, ready when GET /api/health answers 200;
 * - CPU time of a process from /proc/<pid>/stat (user + system), its memory from
 *   /proc/<pid>/status;
 * - PostgreSQL: the backends serving the bench's database (pg_stat_activity), their CPU from
 *   /proc, sampled while the load runs (a backend that ends between two samples loses its last
 *   interval: the figure is a floor); transactions and rows from pg_stat_database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STARTUP_TIMEOUT_ms = 120_000;
const CLOCK_TICKS_per_s = 100;

export interface ServerHandle {
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
}

export async function startServer(
  port: number,
  env: Record<string, string>,
  logFile: string,
): Promise<ServerHandle> {
  const log = openSync(logFile, 'a');
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'SMTP_URL',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
  ])
    delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...base, HOST: '127.0.0.1', PORT: String(port), WEB_DIST_DIR: '/nonexistent-dist', ...env },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const t0 = Date.now();
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { port, child, exited };
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server on ${port} exited (${child.exitCode ?? child.signalCode}); see ${logFile}`);
    if (Date.now() - t0 > STARTUP_TIMEOUT_ms)
      throw new Error(`server on ${port} not healthy after ${STARTUP_TIMEOUT_ms} ms; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stopServer(s: ServerHandle, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill(signal);
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 15_000);
  await s.exited;
  clearTimeout(timer);
}

/** CPU time of a process so far (user + system), in ms; null once it is gone. */
export function processCpu_ms(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces) start at ') '.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_per_s;
  } catch {
    return null;
  }
}

export function processRss_MB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? null : Number(m[1]) / 1024;
  } catch {
    return null;
  }
}

export interface PgSample {
  /** CPU of the database's backends over the window, ms (a floor: see the file comment). */
  backendCpu_ms: number;
  /** Most connections to the database seen at once, and most of them active at once. */
  connectionsMax: number;
  activeMax: number;
  xacts: number;
  rowsRead: number;
  rowsWritten: number;
  /** The relations (catalogs included) that read the most rows in the window, most first. */
  rowsReadByTable: { table: string; rows: number }[];
}

/** Relations listed in `rowsReadByTable`. */
const TABLES_LISTED = 8;

/** Rows read per relation of the bench database (sequential scans' rows and index entries). */
async function rowsByTable(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ t: string; n: string }>(
    `select t.schemaname || '.' || t.relname as t,
            (coalesce(t.seq_tup_read, 0)
              + coalesce((select sum(i.idx_tup_read) from pg_stat_all_indexes i where i.relid = t.relid), 0))::text as n
       from pg_stat_all_tables t`,
  );
  return new Map(rows.map((r) => [r.t, Number(r.n)]));
}

interface DbStats {
  xacts: number;
  rowsRead: number;
  rowsWritten: number;
}

/** Samples the bench database's backends every SAMPLE_ms until stop(). */
export function watchPostgres(
  adminUrl: string,
  database: string,
  sample_ms = 500,
): { stop(): Promise<PgSample> } {
  const client = new pg.Client({ connectionString: adminUrl });
  // Per-relation statistics are kept per database: read them from inside the bench's.
  const benchUrl = new URL(adminUrl);
  benchUrl.pathname = `/${database}`;
  const inside = new pg.Client({ connectionString: benchUrl.toString() });
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let connectionsMax = 0;
  let activeMax = 0;
  let stopped = false;
  const stats = async (): Promise<DbStats> => {
    const { rows } = await client.query<{ x: string; r: string; w: string }>(
      `select (xact_commit + xact_rollback)::text as x, (tup_returned + tup_fetched)::text as r,
              (tup_inserted + tup_updated + tup_deleted)::text as w
         from pg_stat_database where datname = $1`,
      [database],
    );
    return {
      xacts: Number(rows[0]?.x ?? 0),
      rowsRead: Number(rows[0]?.r ?? 0),
      rowsWritten: Number(rows[0]?.w ?? 0),
    };
  };
  const sample = async () => {
    const { rows } = await client.query<{ pid: number; state: string | null }>(
      `select pid, state from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [database],
    );
    connectionsMax = Math.max(connectionsMax, rows.length);
    activeMax = Math.max(activeMax, rows.filter((r) => r.state === 'active').length);
    for (const { pid } of rows) {
      const cpu = processCpu_ms(pid);
      if (cpu === null) continue;
      // A backend first seen now started during the window unless it was there at the start.
      if (!first.has(pid)) first.set(pid, started ? 0 : cpu);
      last.set(pid, cpu);
    }
  };
  let started = false;
  const ready = (async () => {
    await client.connect();
    // pg_stat_database is a snapshot per transaction unless cleared.
    await client.query(`set stats_fetch_consistency = 'none'`);
    await inside.connect();
    await inside.query(`set stats_fetch_consistency = 'none'`);
    await sample();
    started = true;
    return { db: await stats(), tables: await rowsByTable(inside) };
  })();
  const loop = (async () => {
    await ready;
    while (!stopped) {
      await new Promise((r) => setTimeout(r, sample_ms));
      await sample();
    }
  })();
  return {
    async stop() {
      stopped = true;
      const before = await ready;
      await loop;
      await sample();
      // Statistics reach pg_stat_database when a backend reports them (at most every second).
      await new Promise((r) => setTimeout(r, 1100));
      const after = await stats();
      const tablesAfter = await rowsByTable(inside);
      await client.end();
      await inside.end();
      const rowsReadByTable = [...tablesAfter]
        .map(([table, n]) => ({ table, rows: n - (before.tables.get(table) ?? 0) }))
        .filter((t) => t.rows > 0)
        .sort((a, b) => b.rows - a.rows)
        .slice(0, TABLES_LISTED);
      let backendCpu_ms = 0;
      for (const [pid, cpu] of last) backendCpu_ms += cpu - (first.get(pid) ?? 0);
      return {
        backendCpu_ms,
        connectionsMax,
        activeMax,
        xacts: after.xacts - before.db.xacts,
        rowsRead: after.rowsRead - before.db.rowsRead,
        rowsWritten: after.rowsWritten - before.db.rowsWritten,
        rowsReadByTable,
      };
    },
  };
}
