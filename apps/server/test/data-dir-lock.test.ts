import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

const started: ServerProcess[] = [];
// The refusal names the real path (symlinks resolved), so compare with that.
const dataDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'cc-lock-')));

afterAll(async () => {
  for (const s of started) {
    if (s.child.exitCode === null && s.child.signalCode === null) s.kill('SIGKILL');
    await s.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function start(): ServerProcess {
  const s = startServerProcess(dataDir);
  started.push(s);
  return s;
}

it('refuses a second server on the same DATA_DIR, naming the directory and the holder; kill -9 leaves no stale lock', async () => {
  const first = start();
  await first.ready;

  const second = start();
  // Either it exits (refused) or it listens: racing both keeps a failure from hanging.
  const outcome = await Promise.race([
    second.exited.then((code) => ({ code })),
    second.ready.then((url) => ({ listening: url })),
  ]);
  expect(outcome, second.output()).not.toHaveProperty('listening');
  const code = await second.exited;
  expect(code, second.output()).not.toBe(0);
  expect(typeof code).toBe('number');
  expect(second.output()).toContain(dataDir);
  expect(second.output()).toContain(`process ${first.child.pid}`);
  // The first one still serves.
  const health = await fetch(`${await first.ready}/api/health`);
  expect(health.status).toBe(200);

  first.kill('SIGKILL');
  await first.exited;
  const third = start();
  const url = await third.ready;
  expect((await fetch(`${url}/api/health`)).status).toBe(200);
  third.kill('SIGTERM');
  expect(await third.exited).toBe(0);
}, 180_000);
