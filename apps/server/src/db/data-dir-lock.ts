/**
 * One server process per embedded-database directory (decision record 0006). PGlite has no
 * lock of its own: two processes on one DATA_DIR each keep their own copy in memory and
 * overwrite each other's files, losing rows silently.
 *
 * The lock is a listening Unix socket whose name is derived from the directory's real path.
 * On Linux it lives in the abstract namespace, which the kernel releases when the process
 * dies, however it dies (kill -9 included): nothing is left behind to go stale. Elsewhere it
 * is a socket file in the temp directory; a file nobody answers on is stale and is replaced.
 * The holder answers every connection with its pid, so a refused second process can name it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** How long a refused process waits for the holder to say who it is. */
const HOLDER_REPLY_TIMEOUT_ms = 2000;

export interface DataDirLock {
  readonly dataDir: string;
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    const holder = holderPid === undefined ? 'another process' : `process ${holderPid}`;
    super(
      `DATA_DIR ${dataDir} is in use by another Card Counter server (${holder}). ` +
        'Stop that server first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function socketName(realDir: string): { name: string; isFile: boolean } {
  const hash = createHash('sha256').update(realDir).digest('hex').slice(0, 32);
  if (process.platform === 'linux') return { name: `\0card-counter-data-dir-${hash}`, isFile: false };
  return { name: path.join(os.tmpdir(), `card-counter-data-dir-${hash}.sock`), isFile: true };
}

function listen(server: Server, name: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const onError = (e: NodeJS.ErrnoException) => resolve(e);
    server.once('error', onError);
    server.listen(name, () => {
      server.off('error', onError);
      resolve(undefined);
    });
  });
}

/** The holder's pid; undefined when nobody answers (a stale socket file) or it says nothing useful. */
function askHolder(name: string): Promise<{ alive: boolean; pid?: number }> {
  return new Promise((resolve) => {
    let text = '';
    const socket = createConnection(name);
    const done = (result: { alive: boolean; pid?: number }) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done({ alive: true }), HOLDER_REPLY_TIMEOUT_ms);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk.slice(0, 200);
    });
    socket.on('end', () => {
      const pid = Number.parseInt(text.trim(), 10);
      done(Number.isSafeInteger(pid) && pid > 0 ? { alive: true, pid } : { alive: true });
    });
    socket.on('error', (e: NodeJS.ErrnoException) =>
      done({ alive: e.code !== 'ECONNREFUSED' && e.code !== 'ENOENT' }),
    );
  });
}

/**
 * Takes the directory's lock or throws DataDirLockedError naming the directory and the holder.
 * Hold it for the life of the process; the socket does not keep the event loop alive.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const realDir = realpathSync(dataDir);
  const { name, isFile } = socketName(realDir);
  const server = createServer((socket) => socket.end(`${process.pid}\n`));
  // Two attempts: the second only after removing a stale socket file (non-Linux).
  for (let attempt = 1; attempt <= 2; attempt++) {
    const error = await listen(server, name);
    if (error === undefined) {
      server.unref();
      return {
        dataDir: realDir,
        release: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
          }),
      };
    }
    if (error.code !== 'EADDRINUSE') throw error;
    const holder = await askHolder(name);
    if (holder.alive || !isFile || attempt === 2) throw new DataDirLockedError(realDir, holder.pid);
    rmSync(name, { force: true });
  }
  throw new DataDirLockedError(realDir, undefined);
}

/** For main.ts: the lock, or the refusal on stderr and exit code 1. */
export async function lockDataDirOrExit(dataDir: string): Promise<DataDirLock> {
  try {
    return await lockDataDir(dataDir);
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      process.stderr.write(`Card Counter cannot start: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}
