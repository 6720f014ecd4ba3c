import { randomBytes } from 'node:crypto';

/** Same server, another database name. */
export function databaseUrl(baseUrl: string, database: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The maintenance database, for CREATE/DROP DATABASE. */
export function adminUrl(baseUrl: string): string {
  return databaseUrl(baseUrl, 'postgres');
}

/** Short random id; database names are lower-case identifiers. */
export function runId(): string {
  return randomBytes(4).toString('hex');
}
