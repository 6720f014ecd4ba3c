// Backups of the embedded database (backup/, ADR 0049): `npm run backup` copies the database of
// a running server while players play; `npm run restore` brings the copy into an empty DATA_DIR
// and checks the ledger; the restored database holds every table action answered before the
// backup began, and every balance equals its ledger. A second restore into a non-empty
// directory is refused. (PostgreSQL deployments use pg_dump: README.)
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { checkLedger } from '../src/backup/ledger-check.ts';
import { openDatabase, pgliteDir } from '../src/db/open.ts';
import { openPgliteDir } from '../src/db/pglite-dir.ts';
import { ACTION_ANSWERS_KEPT_versions } from '../src/modules/table/index.ts';
import type { AnsweredAction } from './support/fleet-check.ts';
import { FleetPlayer } from './support/fleet-player.ts';
import { freePort, REPO_ROOT, startServerProcess, type ServerProcess } from './support/server-process.ts';

const PLAYERS = 3;
/** Actions each player has answered before the backup starts; they go on playing during it. */
const ACTIONS_BEFORE = 6;
const ACTIONS_DURING = 6;

const dirs: string[] = [];
const agent = new http.Agent({ keepAlive: true });
let server: ServerProcess | undefined;
afterAll(async () => {
  agent.destroy();
  if (server !== undefined && server.child.exitCode === null && server.child.signalCode === null) {
    server.kill('SIGKILL');
    await server.exited;
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(tag: string): string {
  const d = mkdtempSync(path.join(os.tmpdir(), `cc-backup-${tag}-`));
  dirs.push(d);
  return d;
}

/** Runs the backup CLI as `npm run backup/restore` does; resolves with its exit code and output. */
function cli(command: 'backup' | 'restore', file: string, dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    delete env.INIT_CWD;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/backup/cli.ts', command, file], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

it('backs up a running PGlite server under play; the restore holds every answered action and every balance equals its ledger', async () => {
  const dataDir = tempDir('live');
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  server = startServerProcess(dataDir, { PORT: String(port), APP_URL: origin, TRUST_PROXY: 'true' });
  const base = await server.ready;
  const players = Array.from({ length: PLAYERS }, (_, i) => new FleetPlayer({ base: () => base, origin, ip: `10.41.0.${i + 1}`, agent }));
  for (const [i, p] of players.entries()) await p.signUp(`backup-${i}-${port}@example.com`);
  for (const p of players) await p.readTable();
  const play = (n: number) => Promise.all(players.map(async (p) => {
    for (let k = 0; k < n; k++) await p.act(p.nextAction());
  }));
  await play(ACTIONS_BEFORE);
  const answeredBefore: AnsweredAction[] = players.flatMap((p) => [...p.answered]);
  expect(answeredBefore).toHaveLength(PLAYERS * ACTIONS_BEFORE);

  const file = path.join(tempDir('file'), 'cards.tar.gz');
  const [backup] = await Promise.all([cli('backup', file, dataDir), play(ACTIONS_DURING)]);
  expect(backup.code, backup.out).toBe(0);
  expect(backup.out).toContain('from the running server');
  server.kill('SIGTERM');
  await server.exited;

  const restoredDir = tempDir('restored');
  const restore = await cli('restore', file, restoredDir);
  expect(restore.code, restore.out).toBe(0);
  expect(restore.out).toContain('every balance equals its ledger');
  // Restoring over a database is refused and changes nothing.
  const again = await cli('restore', file, restoredDir);
  expect(again.code).toBe(1);
  expect(again.out).toContain('not empty');

  const db = await openDatabase({ dataDir: restoredDir, pglite: await openPgliteDir(pgliteDir(restoredDir)) });
  try {
    const check = await checkLedger(db);
    expect(check.problems).toEqual([]);
    expect(check.profiles).toBeGreaterThanOrEqual(PLAYERS);
    const stored = await sql<{ user_id: string; action_id: string; table_version: number }>`
      select user_id, action_id, table_version from game_table_actions`.execute(db.kysely);
    const tables = await sql<{ user_id: string; version: number }>`select user_id, version from game_tables`.execute(db.kysely);
    const versionOf = new Map(tables.rows.map((r) => [r.user_id, r.version]));
    const storedKey = new Map(stored.rows.map((r) => [`${r.user_id} ${r.action_id}`, r.table_version]));
    const missing = answeredBefore.filter((a) => {
      // Answers are kept for the last ACTION_ANSWERS_KEPT_versions of a table (fleet-check.ts).
      if ((versionOf.get(a.userId) ?? 0) - a.version >= ACTION_ANSWERS_KEPT_versions) return false;
      return storedKey.get(`${a.userId} ${a.actionId}`) !== a.version;
    });
    expect(missing).toEqual([]);
    // Each table is at least where its last answer before the backup left it.
    for (const p of players) expect(versionOf.get(p.userId) ?? 0).toBeGreaterThanOrEqual(Math.max(...answeredBefore.filter((a) => a.userId === p.userId).map((a) => a.version)));
  } finally {
    await db.close();
  }
  // A fresh PGlite's first start, sign-ups and two CLI runs: minutes on a loaded 2-core machine.
}, 300_000);
