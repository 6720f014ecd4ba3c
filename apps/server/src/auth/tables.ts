/** The auth module's own table (db/migrations/0002-auth-secret.ts); better-auth types its auth_* tables. */

/** One row (id 1): the generated signing secret when AUTH_SECRET is unset. */
export interface AuthSecretTable {
  id: number;
  secret: string;
}

export interface AuthTables {
  auth_secret: AuthSecretTable;
}
