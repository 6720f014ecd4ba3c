/**
 * Named prepared statements for PGlite (issue 41, decision record 0070's 2026-12-06 section).
 * PGlite's `query` sends an unnamed Parse, Describe, Bind, Describe, Execute and Sync for every
 * call, i.e. six trips into the WebAssembly and a parse and plan of the text each time; a table
 * action runs the same few texts thousands of times. Here a text with parameters is parsed once
 * per PGlite session under a name derived from its text (Parse + Describe + Sync), and every
 * later call is one trip: Bind + Execute + Sync. The PostgreSQL side does the same through
 * node-postgres (prepared-statements.ts, ADR 0024).
 *
 * Bounded: the first PGLITE_STATEMENTS_MAX distinct texts of a session are prepared; any text
 * after that runs through PGlite's own `query`, so neither the map nor the session grows.
 *
 * A statement whose result columns changed under it (a migration altered a table it reads)
 * fails with 0A000 "cached plan must not change result type"; one dropped by someone else
 * fails with 26000. Either way the name is closed and forgotten, and the call is run again,
 * prepared afresh, when no transaction is open (inside one the error has already aborted it,
 * so it is the caller's to see, and the next call prepares afresh).
 *
 * Durability is PGlite's own: the same `syncToFs` after every statement that `query` runs.
 */
import { createHash } from 'node:crypto';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { PgliteSession } from './pglite-remote.ts';

export const PGLITE_STATEMENTS_MAX = 500;
/** SQLSTATE feature_not_supported: "cached plan must not change result type". */
const PLAN_CHANGED = '0A000';
/** SQLSTATE invalid_sql_statement_name: the name is not (or no longer) in the session. */
const NO_SUCH_STATEMENT = '26000';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  name: string;
  /** The parameters' type OIDs, as the server inferred them (they choose PGlite's serializers). */
  paramTypes: number[];
  /** The result's columns (Describe of the statement), absent for a statement without rows. */
  rowDescription: BackendMessage | undefined;
}

export interface QueryResult {
  rows: Record<string, unknown>[];
  affectedRows?: number | undefined;
}

/** Only statements with parameters, as on PostgreSQL: a text without any (BEGIN, DDL) is rarely repeated hot. */
function wantsName(text: string, params: readonly unknown[]): boolean {
  return params.length > 0 && !/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function codeOf(e: unknown): unknown {
  return (e as { code?: unknown } | null)?.code;
}

/** One cache per PGlite session: two caches would Parse the same name twice (42P05). */
const sessions = new WeakMap<PGlite, PgliteStatements>();

export class PgliteStatements {
  readonly #prepared = new Map<string, Prepared>();

  private constructor(private readonly db: PGlite) {}

  static of(db: PGlite): PgliteStatements {
    let statements = sessions.get(db);
    if (statements === undefined) {
      statements = new PgliteStatements(db);
      sessions.set(db, statements);
    }
    return statements;
  }

  /** Texts prepared in this session (the bound's test reads it). */
  get size(): number {
    return this.#prepared.size;
  }

  /** As PGlite's `query(text, params)`: the same rows, parsed by the same parsers. */
  async query(text: string, params: readonly unknown[] = []): Promise<QueryResult> {
    // Checked before taking PGlite's lock (its own query takes it too); callers are serialized
    // by the dialect's one connection, so no two texts race past the bound.
    const full = !this.#prepared.has(text) && this.#prepared.size >= PGLITE_STATEMENTS_MAX;
    if (!wantsName(text, params) || full) return this.db.query<Record<string, unknown>>(text, [...params]);
    return this.db.runExclusive(async () => {
      try {
        return await this.#run(text, params);
      } catch (e) {
        const code = codeOf(e);
        if (code !== PLAN_CHANGED && code !== NO_SUCH_STATEMENT) throw e;
        await this.#forget(text);
        if (this.db.isInTransaction()) throw e;
        return this.#run(text, params);
      }
    });
  }

  async #run(text: string, params: readonly unknown[]): Promise<QueryResult> {
    const statement = this.#prepared.get(text) ?? (await this.#prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      // As PGlite's query: the serializer of the type the server inferred, else the value's text.
      const serialize = this.db.serializers[statement.paramTypes[i] ?? -1];
      return serialize !== undefined ? serialize(value) : String(value as string);
    });
    const message = concat([protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]);
    const replies = await this.db.execProtocolStream(message, { syncToFs: false });
    await this.db.syncToFs();
    const described = statement.rowDescription === undefined ? replies : [statement.rowDescription, ...replies];
    const result = parse.parseResults(described, this.db.parsers)[0];
    if (result === undefined) throw new Error('PGlite answered a prepared statement without a result');
    return { rows: result.rows as Record<string, unknown>[], affectedRows: result.affectedRows };
  }

  async #prepare(text: string): Promise<Prepared> {
    const name = `cc_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    const message = concat([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]);
    // Throws (after the Sync was read) when the text does not parse: nothing is remembered then.
    const replies = await this.db.execProtocolStream(message, { syncToFs: false });
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(replies),
      rowDescription: replies.find((m) => m.name === 'rowDescription'),
    };
    this.#prepared.set(text, prepared);
    return prepared;
  }

  async #forget(text: string): Promise<void> {
    const statement = this.#prepared.get(text);
    this.#prepared.delete(text);
    if (statement === undefined) return;
    // Close is accepted in an aborted transaction, and closing an unknown name is no error.
    const message = concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]);
    await this.db.execProtocolStream(message, { syncToFs: false });
  }
}

/** An in-thread PGlite as open.ts sees it (a PgliteSession), its `query` prepared as above. */
export function withPreparedStatements(db: PGlite): PgliteSession {
  const statements = PgliteStatements.of(db);
  return {
    get closed() {
      return db.closed;
    },
    query: <T>(text: string, params?: unknown[]) => statements.query(text, params) as Promise<{ rows: T[]; affectedRows?: number | undefined }>,
    exec: (text) => db.exec(text),
    listen: (channel, callback) => db.listen(channel, callback),
    dumpDataDir: (compression) => db.dumpDataDir(compression) as Promise<Blob>,
    close: () => db.close(),
  };
}
