// Shared by the config (runner process) and the tests (worker processes): both must agree
// on where the app listens, so it is derived from the environment alone.

const DEFAULT_PORT = 3100;

function readPort(): number {
  const raw = process.env.E2E_PORT;
  const port = raw === undefined || raw === '' ? DEFAULT_PORT : Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`E2E_PORT must be a TCP port, got ${raw}`);
  return port;
}

export const APP_PORT = readPort();
/** 127.0.0.1, not localhost: the trusted origin the server checks must equal the browser's origin exactly. */
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
/**
 * The app's database for this run: `pglite` (the default, as `npm start` runs) or `postgres`
 * (a fresh database on the server at TEST_DATABASE_URL, as a scale-out deploy runs).
 * scripts/test.sh runs the browser tests once on each.
 */
export const E2E_DATABASE = readDatabase();

function readDatabase(): 'pglite' | 'postgres' {
  const raw = process.env.E2E_DATABASE ?? 'pglite';
  if (raw !== 'pglite' && raw !== 'postgres') throw new Error(`E2E_DATABASE must be pglite or postgres, got ${raw}`);
  return raw;
}

/** Set by global setup: the JSON-lines file the SMTP capture server writes. */
export const MAIL_FILE_VARIABLE = 'E2E_MAIL_FILE';

/** Set by global setup: the known admin's account (JSON of `{ id, name, email, password }`). */
export const ADMIN_ACCOUNT_VARIABLE = 'E2E_ADMIN_ACCOUNT';
