/**
 * Opens the database: PGlite (embedded Postgres in WASM, under DATA_DIR/pglite) by default,
 * a PostgreSQL server when DATABASE_URL is set. Same SQL, same migrations (ADR 0002).
 * Also gives LISTEN/NOTIFY, which carries live updates across server processes.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { openPgliteDir } from './pglite-dir.ts';
import { openPgliteWorker, type PgliteSession } from './pglite-remote.ts';
import { withPreparedStatements } from './pglite-statements.ts';
import { withNamedStatements } from './prepared-statements.ts';
import type { DB } from './schema.ts';

export type NotificationHandler = (payload: string) => void;

export interface Database {
  kysely: Kysely<DB>;
  /** The Kysely dialect (better-auth accepts it). */
  dialect: Dialect;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a channel; resolves once LISTEN is active. Returns the unsubscribe. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** NOTIFY outside a transaction (inside one, use `notifyInTransaction`). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs SQL text as a library hands it over (the job queue, jobs/queue.ts): with parameters
   * one statement, without them possibly several (a script with its own BEGIN/COMMIT), on one
   * connection and, on PGlite, outside anyone else's transaction. Returns the last statement's rows.
   */
  runText(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** The PostgreSQL pool's connections (metrics); PGlite has its one session and no pool. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  /**
   * PGlite only: a consistent copy of the whole embedded database (a gzipped tarball, what
   * PGlite's loadDataDir reads), taken between two callers' statements (backup/, ADR 0049).
   */
  dumpDataDir: (() => Promise<Blob>) | undefined;
  close(): Promise<void>;
}

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Tests and the backup CLI: an already created PGlite (e.g. from a migrated snapshot), run on this thread. */
  pglite?: PGlite;
  /**
   * Where PGlite runs when this opens it: on a worker thread (the default, ADR 0070: its CPU
   * off the thread that answers requests) or on this one (the bench's comparison).
   */
  pgliteThread?: 'worker' | 'main';
  /** With the worker: an in-memory database loaded from this dump instead of DATA_DIR (tests' snapshot). */
  pgliteLoadDataDir?: Uint8Array;
  /** Connections of the PostgreSQL pool. */
  poolSize?: number;
  onListenError?: (error: unknown) => void;
}

/**
 * A pooled connection idle this long is closed. pg's default (10 s) closed the least used of a
 * busy pool's connections and opened them again a moment later: each new backend reads the
 * catalogs again and prepares its statements again, which grew the rows read per request with
 * the fleet's processes (ADR 0070, 2026-12-06, bench:scale).
 */
const POOL_IDLE_ms = 300_000;

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannel(channel: string): void {
  // Channels are identifiers spliced into LISTEN; only fixed, safe names are allowed.
  if (!CHANNEL_RE.test(channel)) throw new Error(`invalid channel name: ${channel}`);
}

/** NOTIFY inside the caller's transaction: delivered only if and when it commits. */
export async function notifyInTransaction(trx: Kysely<DB>, channel: string, payload: string): Promise<void> {
  assertChannel(channel);
  await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
}

/** The embedded database's own directory under DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl !== undefined) return openPostgres(options.databaseUrl, options);
  if (options.pglite !== undefined) return openPglite(withPreparedStatements(options.pglite));
  if (options.pgliteLoadDataDir !== undefined)
    return openPglite(await openPgliteWorker({ dir: '', loadDataDir: options.pgliteLoadDataDir }));
  const dir = pgliteDir(options.dataDir);
  mkdirSync(dir, { recursive: true });
  return openPglite(options.pgliteThread === 'main' ? withPreparedStatements(await openPgliteDir(dir)) : await openPgliteWorker({ dir }));
}

/** Handlers per channel; the database LISTENs once per channel and fans out here. */
class Channels {
  private readonly handlers = new Map<string, Set<NotificationHandler>>();

  add(channel: string, handler: NotificationHandler): boolean {
    let set = this.handlers.get(channel);
    const first = set === undefined;
    if (set === undefined) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return first;
  }

  /** Returns true when the channel has no handler left. */
  remove(channel: string, handler: NotificationHandler): boolean {
    const set = this.handlers.get(channel);
    if (set === undefined) return false;
    set.delete(handler);
    if (set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  dispatch(channel: string, payload: string): void {
    for (const h of this.handlers.get(channel) ?? []) {
      try {
        h(payload);
      } catch {
        // A failing subscriber must not stop the others.
      }
    }
  }

  names(): string[] {
    return [...this.handlers.keys()];
  }
}

function openPglite(pglite: PgliteSession): Database {
  // The dialect calls only query() and close(), which a PgliteSession has (pglite-remote.ts).
  const dialect = new PGliteDialect(pglite as PGlite);
  const kysely = new Kysely<DB>({ dialect });
  const channels = new Channels();
  const unlisteners = new Map<string, () => Promise<void>>();

  // PGlite has one session: LISTEN issued while another caller's transaction is open would
  // run inside it. Holding the dialect's (queued) connection keeps it outside.
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => kysely.connection().execute(fn);

  return {
    kysely,
    dialect,
    kind: 'pglite',
    async listen(channel, handler) {
      assertChannel(channel);
      if (channels.add(channel, handler)) {
        const unlisten = await exclusive(() => pglite.listen(channel, (p) => channels.dispatch(channel, p)));
        unlisteners.set(channel, unlisten);
      }
      return async () => {
        if (!channels.remove(channel, handler)) return;
        const unlisten = unlisteners.get(channel);
        unlisteners.delete(channel);
        if (unlisten !== undefined && !pglite.closed) await exclusive(() => unlisten());
      };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await sql`select pg_notify(${channel}, ${payload})`.execute(kysely);
    },
    runText(text, values) {
      // Extended protocol (query) takes one statement; a script goes through exec. Holding the
      // dialect's connection keeps both out of another caller's open transaction.
      return exclusive(async () => {
        if (values !== undefined && values.length > 0) {
          const r = await pglite.query<Record<string, unknown>>(text, [...values]);
          return { rows: r.rows };
        }
        const results = await pglite.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      });
    },
    poolStats: () => undefined,
    // Holding the session: no transaction of anyone's is open while the files are copied.
    dumpDataDir: () =>
      exclusive(async () => {
        await pglite.exec('checkpoint');
        return pglite.dumpDataDir('gzip');
      }),
    async close() {
      // Destroying the dialect closes the PGlite instance (kysely-pglite-dialect >= 1.3.1), but
      // only once Kysely has used its driver: a database opened and closed unused stays open.
      await kysely.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

function openPostgres(databaseUrl: string, options: OpenOptions): Database {
  // Named statements: parsed once per connection, not once per query (prepared-statements.ts).
  const pool = withNamedStatements(new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10, idleTimeoutMillis: POOL_IDLE_ms }));
  // An idle client's error (e.g. server restart) must not crash the process; the pool replaces it.
  pool.on('error', (e) => options.onListenError?.(e));
  const dialect = new PostgresDialect({ pool });
  const kysely = new Kysely<DB>({ dialect });
  const channels = new Channels();
  const listener = new ListenConnection(databaseUrl, channels, options.onListenError);

  return {
    kysely,
    dialect,
    kind: 'postgres',
    async listen(channel, handler) {
      assertChannel(channel);
      const first = channels.add(channel, handler);
      const client = await listener.connect();
      if (first) await client.query(`LISTEN "${channel}"`);
      return async () => {
        if (channels.remove(channel, handler)) await listener.current?.query(`UNLISTEN "${channel}"`);
      };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await sql`select pg_notify(${channel}, ${payload})`.execute(kysely);
    },
    async runText(text, values) {
      // Without parameters node-postgres uses the simple protocol, which runs a whole script.
      const r = await pool.query<Record<string, unknown>>(text, values === undefined ? undefined : [...values]);
      const last = Array.isArray(r) ? (r as pg.QueryResult<Record<string, unknown>>[]).at(-1) : r;
      return { rows: last?.rows ?? [] };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // PostgreSQL is backed up with its own tools (pg_dump; README).
    dumpDataDir: undefined,
    async close() {
      await listener.close();
      await kysely.destroy();
    },
  };
}

/**
 * The one dedicated connection per process that carries every LISTEN (pool clients come and
 * go). Connected on the first listen; after a lost connection it connects again and LISTENs
 * to every channel that still has a handler, until close().
 */
class ListenConnection {
  /** The connected client, if any. */
  current: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly channels: Channels,
    private readonly onError: ((error: unknown) => void) | undefined,
  ) {}

  connect(): Promise<pg.Client> {
    if (this.current !== undefined) return Promise.resolve(this.current);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      client.on('notification', (n) => this.channels.dispatch(n.channel, n.payload ?? ''));
      client.on('error', (e) => {
        this.onError?.(e);
        this.drop(client);
      });
      client.on('end', () => this.drop(client));
      await client.connect();
      for (const name of this.channels.names()) await client.query(`LISTEN "${name}"`);
      this.current = client;
      return client;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    const client = this.current;
    this.current = undefined;
    if (client !== undefined) await client.end().catch(() => undefined);
  }

  private drop(client: pg.Client): void {
    if (this.current !== client) return;
    this.current = undefined;
    client.end().catch(() => undefined);
    if (this.closed || this.channels.names().length === 0) return;
    // Re-LISTEN after a lost connection; bounded by the 1 s delay, stops at close().
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch((e: unknown) => {
        this.onError?.(e);
      });
    }, 1000);
  }
}
