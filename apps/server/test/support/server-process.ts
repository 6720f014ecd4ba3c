/**
 * The real server (src/main.ts through tsx) as a child process on a given DATA_DIR, for tests
 * about what only a process shows: kill -9, restarts, two processes on one directory.
 * PORT=0: the server logs the address it listens on, read from its JSON log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** A fresh PGlite directory takes 8–11 s to initialise here; allow for a loaded machine. */
const STARTUP_TIMEOUT_ms = 90_000;
/** Output kept for failure messages (the tail matters). */
const OUTPUT_KEPT_chars = 20_000;

export interface ServerProcess {
  child: ChildProcess;
  /** stdout and stderr so far (the last OUTPUT_KEPT_chars). */
  output(): string;
  /** Resolves with the base URL once listening (needs LOG_LEVEL info or lower); rejects with the output if it exits first. */
  ready: Promise<string>;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): void;
}

/** Settings inherited from the shell that would point the server elsewhere are dropped. */
const DROPPED = [
  'DATABASE_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'SMTP_URL',
  'BETTER_AUTH_SECRET',
  'APP_URL',
  'PORT',
];

export function startServerProcess(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of DROPPED) delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...base,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent-dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const append = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-OUTPUT_KEPT_chars);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not listening after ${STARTUP_TIMEOUT_ms} ms:\n${text}`)),
      STARTUP_TIMEOUT_ms,
    );
    const onData = () => {
      // Fastify logs "Server listening at http://127.0.0.1:PORT".
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (m?.[1] === undefined) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(m[1]);
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${text}`));
    });
  });
  ready.catch(() => undefined);
  return { child, output: () => text, ready, exited, kill: (signal) => child.kill(signal) };
}

/** A port free on 127.0.0.1 now: a server restarted on it keeps its URL (and its cookies). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * mulberry32: a small seeded generator for the moments of a crash test, so a failing run can be
 * replayed from the seed it printed.
 */
export function seededRandom(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
