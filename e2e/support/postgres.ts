// A fresh PostgreSQL database for one browser-test run (E2E_DATABASE=postgres), on the server
// the API tests use (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432). The app
// server migrates it at start, as in production. Dropped at teardown.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function withDatabase(database: string): string {
  const u = new URL(BASE_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface E2eDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase('postgres'), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (e) {
    throw new Error(`E2E_DATABASE=postgres but PostgreSQL at ${BASE_URL} is unreachable: ${(e as Error).message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createE2eDatabase(): Promise<E2eDatabase> {
  const name = `cc_e2e_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  return {
    url: withDatabase(name),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
