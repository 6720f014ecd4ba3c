/**
 * Named prepared statements for the PostgreSQL pool (ADR 0024). node-postgres sends every
 * parameterised query as an unnamed statement, which the server parses and plans again each
 * time; a named one is parsed once per connection and, after a few runs, planned once. The
 * hot paths (a table action, the session lookup) run the same few texts thousands of times,
 * and parsing and planning were a third of PostgreSQL's time for an action.
 *
 * Bounded: the first STATEMENTS_NAMED_MAX distinct texts of the process get a name; any text
 * after that (a query built with a varying IN list, say) runs unnamed as before, so neither
 * this map nor a connection's statements grow without bound.
 *
 * A prepared statement whose result columns change under it (a migration run by another process
 * alters a table it reads) fails with "cached plan must not change result type"; that text is
 * then retired and runs unnamed from the next query on, so one request fails, not every one.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

export const STATEMENTS_NAMED_MAX = 500;
/** SQLSTATE feature_not_supported: "cached plan must not change result type". */
const PLAN_CHANGED = '0A000';

/** SQL text -> statement name, shared by every connection of the process. */
export class StatementNames {
  /** Text -> name; null: retired, runs unnamed. */
  readonly #names = new Map<string, string | null>();

  nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known === null) return undefined;
    if (known !== undefined || this.#names.size >= STATEMENTS_NAMED_MAX) return known;
    // The name is derived from the text, so every connection and process agrees on it.
    const name = `cc_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.#names.set(text, name);
    return name;
  }

  /** The text runs unnamed from now on (its prepared plan no longer fits the schema). */
  retire(text: string): void {
    this.#names.set(text, null);
  }

  get size(): number {
    return this.#names.size;
  }
}

/** Only statements with parameters: a text without any (BEGIN, COMMIT, DDL) gains nothing. */
function wantsName(text: string, values: unknown): boolean {
  return Array.isArray(values) && values.length > 0 && !/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text);
}

/**
 * A pool whose clients run kysely's `query(text, values)` as named statements. Kysely calls
 * exactly that form (PostgresConnection.executeQuery); every other form passes through.
 */
export function withNamedStatements(pool: pg.Pool, names = new StatementNames()): pg.Pool {
  const patched = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && wantsName(text, values)) {
        const name = names.nameOf(text);
        if (name !== undefined) {
          const answer = query({ name, text, values }) as Promise<unknown>;
          answer.catch((e: unknown) => {
            if ((e as { code?: unknown } | null)?.code === PLAN_CHANGED) names.retire(text);
          });
          return answer;
        }
      }
      return query(...args);
    };
  });
  return pool;
}
