import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdminAccount } from './support/admin.ts';
import { startAppServer, type AppServerOptions } from './support/app-server.ts';
import { ADMIN_ACCOUNT_VARIABLE, APP_PORT, APP_URL, E2E_DATABASE, MAIL_FILE_VARIABLE } from './support/env.ts';
import { createE2eDatabase, type E2eDatabase } from './support/postgres.ts';
import { startSmtpCapture } from './support/smtp-capture.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts, for the whole run: the SMTP capture server (in this runner process) and the real
 * app server on a fresh temporary PGlite data directory, or with E2E_DATABASE=postgres on a
 * fresh PostgreSQL database (support/postgres.ts). Returns the teardown that stops
 * both and deletes the directory; the server log is kept in the
 * temporary directory for reading after a failure.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const runDir = mkdtempSync(path.join(tmpdir(), 'card-counter-e2e-'));
  const mailFile = path.join(runDir, 'mails.jsonl');
  // Workers inherit the runner's environment: this is how tests find the captured mails.
  process.env[MAIL_FILE_VARIABLE] = mailFile;
  const smtp = await startSmtpCapture(mailFile);
  let database: E2eDatabase | undefined;
  // Outside runDir so it survives teardown; outside test-results/, which Playwright empties.
  const logFile = path.join(tmpdir(), 'card-counter-e2e-server.log');
  let server;
  try {
    if (E2E_DATABASE === 'postgres') database = await createE2eDatabase();
    const options: AppServerOptions = {
      repoRoot,
      port: APP_PORT,
      appUrl: APP_URL,
      dataDir: path.join(runDir, 'data'),
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      logFile,
      ...(database ? { databaseUrl: database.url } : {}),
    };
    // A known admin: user ids are generated at sign-up and ADMIN_USER_IDS is read at start,
    // so the admin signs up on a first start and the server restarts with its id in the list.
    const first = await startAppServer(options);
    let admin;
    try {
      admin = await createAdminAccount(APP_URL);
    } finally {
      await first.stop();
    }
    process.env[ADMIN_ACCOUNT_VARIABLE] = JSON.stringify(admin);
    server = await startAppServer({ ...options, adminUserIds: [admin.id] });
  } catch (error) {
    await database?.drop();
    await smtp.close();
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  const app = server;
  return async () => {
    await app.stop();
    await database?.drop();
    await smtp.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
