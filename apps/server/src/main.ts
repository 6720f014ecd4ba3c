/**
 * Starts the server: configuration (a bad value stops here with its name), database,
 * migrations, the app, listen; SIGTERM/SIGINT close it gracefully (stop accepting, end live
 * streams, finish requests, close the database).
 */
import { buildApp } from './app.ts';
import { serveBackups, type BackupSocket } from './backup/backup-socket.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { lockDataDirOrExit } from './db/data-dir-lock.ts';
import { openDatabase, pgliteDir } from './db/open.ts';
import { markRunning, markStopped, previousRun } from './db/run-marker.ts';
import { migrateDatabase } from './migrate.ts';
import { repairSignupsAtStart } from './startup-repair.ts';
import { withdrawShoesAfterLoss } from './modules/table/index.ts';
import { createLogger } from './log/logger.ts';

/** Forced exit if a graceful shutdown hangs (e.g. a stuck request). */
const SHUTDOWN_TIMEOUT_ms = 10_000;

function readConfig(): Config {
  try {
    // npm runs workspace scripts in the workspace directory; INIT_CWD is where `npm start` was
    // typed (the repository root), so ./data and apps/web/dist mean what the README says.
    return loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger(config);
  // The embedded database belongs to one process (decision record 0006); held until exit.
  if (config.databaseUrl === undefined) await lockDataDirOrExit(config.dataDir);
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onListenError: (e) => log.warn({ err: e }, 'database notification connection error'),
  });
  log.info(
    { database: db.kind, dataDir: db.kind === 'pglite' ? config.dataDir : undefined },
    'database opened',
  );
  const applied = await migrateDatabase(db);
  log.info({ applied }, 'migrations done');
  await repairSignupsAtStart(db, log);
  if (db.kind === 'pglite') {
    // PGlite never forces a commit to disk: if the machine went down while it was open, answers
    // may be lost, and no shoe may deal again from what they showed (ADR 0025).
    const previous = previousRun(config.dataDir);
    if (previous.mayHaveLostCommits) {
      const report = await withdrawShoesAfterLoss(db, new Date());
      log.warn({ previous: previous.marker, ...report }, 'the machine stopped with the database open: every shoe was withdrawn');
    }
    markRunning(config.dataDir);
  }
  if (config.missing.length > 0)
    log.warn({ missing: config.missing }, 'deployment configuration is incomplete');

  // In development a mail's link is also printed alone on a line, to open or copy (no SMTP needed).
  const app = await buildApp({
    config: config.env === 'development' ? { ...config, printMailLinks: true } : config,
    db,
    logger: log,
  });
  // `npm run backup` asks the running server for a consistent copy here (ADR 0049).
  const backups: BackupSocket | undefined = db.kind === 'pglite' ? await serveBackups(config.dataDir, db, log) : undefined;
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_ms);
    timer.unref();
    app
      .close()
      .then(() => backups?.close())
      .then(() => db.close())
      .then(() => {
        if (db.kind === 'pglite') markStopped(config.dataDir, pgliteDir(config.dataDir));
        log.info('stopped');
        process.exit(0);
      })
      .catch((e: unknown) => {
        log.error({ err: e }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log.info({ url: config.appUrl, environment: config.env }, 'Card Counter is running');
}

main().catch((e: unknown) => {
  process.stderr.write(
    `Card Counter failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  );
  process.exit(1);
});
