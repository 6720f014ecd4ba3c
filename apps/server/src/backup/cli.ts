/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` for the embedded database (decision
 * record 0049), with the server's DATA_DIR (and .env-free settings, as `npm start` reads them).
 *
 * backup: while the server runs, asks it for a consistent copy on DATA_DIR/backup.sock (the
 * server holds the data-dir lock, ADR 0006); when it does not run, takes the lock and copies
 * the directory itself. Written to FILE.partial, then renamed: FILE is whole or absent.
 * restore: only into a DATA_DIR whose database directory is empty or missing, with no server on
 * it (the lock); then checks the ledger (every balance equals the sum of its ledger, none below
 * 0) and exits 1 naming each account that fails. PostgreSQL deployments use pg_dump (README).
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openDatabase, pgliteDir } from '../db/open.ts';
import { openPgliteDir } from '../db/pglite-dir.ts';
import { backupSocketPath } from './backup-socket.ts';
import { checkLedger } from './ledger-check.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The running server's copy, or undefined when no server answers on the socket. */
function askServer(dataDir: string): Promise<Buffer | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath, path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode === 200) resolve(Buffer.concat(chunks));
        else reject(new Error(`the server answered ${res.statusCode ?? '?'} to the backup request (see its log)`));
      });
      res.on('error', reject);
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      // A socket file without a server: it died; the lock below tells for sure.
      if (e.code === 'ECONNREFUSED' || e.code === 'ENOENT') resolve(undefined);
      else reject(e);
    });
  });
}

async function backup(dataDir: string, file: string): Promise<void> {
  let bytes = await askServer(dataDir);
  let how = 'from the running server';
  if (bytes === undefined) {
    const dir = pgliteDir(dataDir);
    if (!existsSync(dir) || readdirSync(dir).length === 0) fail(`No database under ${dir}: nothing to back up.`);
    const lock = await lockDataDir(dataDir).catch((e: unknown) => fail(`Cannot back up: ${(e as Error).message}`));
    try {
      const pglite = await openPgliteDir(dir);
      const db = await openDatabase({ dataDir, pglite });
      try {
        bytes = Buffer.from(await (await db.dumpDataDir!()).arrayBuffer());
      } finally {
        await db.close();
      }
    } finally {
      await lock.release();
    }
    how = 'with the server stopped';
  }
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  process.stdout.write(`Backed up ${dataDir} ${how} to ${file} (${bytes.length} bytes).\n`);
}

async function restore(dataDir: string, file: string): Promise<void> {
  if (!existsSync(file)) fail(`No backup file ${file}.`);
  const dir = pgliteDir(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0)
    fail(`${dir} is not empty: restore only into an empty DATA_DIR (move the old one aside first).`);
  const lock = await lockDataDir(dataDir).catch((e: unknown) => fail(`Cannot restore: ${(e as Error).message}`));
  try {
    const pglite = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(file)]) });
    const db = await openDatabase({ dataDir, pglite });
    try {
      const check = await checkLedger(db);
      if (check.problems.length > 0)
        fail(`Restored into ${dir}, but the ledger does not hold:\n${check.problems.join('\n')}`);
      process.stdout.write(
        `Restored ${file} into ${dir}: ${check.profiles} accounts, ${check.ledgerRows} ledger rows, every balance equals its ledger.\n`,
      );
    } finally {
      await db.close();
    }
  } catch (e) {
    // A restore that failed before its check leaves nothing half written behind.
    rmSync(dir, { recursive: true, force: true });
    throw e;
  } finally {
    await lock.release();
  }
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || file === undefined || file === '')
    fail('usage: npm run backup -- FILE | npm run restore -- FILE');
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  if (config.databaseUrl !== undefined)
    fail('DATABASE_URL is set: back up PostgreSQL with pg_dump (README, "Backups").');
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (command === 'backup') await backup(config.dataDir, target);
  else await restore(config.dataDir, target);
}

main().catch((e: unknown) => fail(`${process.argv[2] ?? 'backup'} failed: ${e instanceof Error ? e.message : String(e)}`));
