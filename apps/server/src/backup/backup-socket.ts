/**
 * Backups of the embedded database while the server runs (decision record 0049). The server
 * owns its DATA_DIR (ADR 0006: nobody else may open the files), so the copy is taken by the
 * server itself and handed out on a Unix socket inside DATA_DIR (`backup.sock`, mode 0600):
 * only a user who can already read the data directory can ask for it, and it is on no TCP port,
 * so no proxy can expose it. `GET /backup` answers the gzipped tarball of Database.dumpDataDir.
 */
import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Database } from '../db/open.ts';

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock');
}

export interface BackupSocket {
  close(): Promise<void>;
}

/** Serves backups on DATA_DIR/backup.sock; the caller holds the data-dir lock. */
export async function serveBackups(dataDir: string, db: Database, log: { warn(obj: object, msg: string): void }): Promise<BackupSocket> {
  const dump = db.dumpDataDir;
  if (dump === undefined) throw new Error('backups through the socket are for the embedded database');
  const socket = backupSocketPath(dataDir);
  // Under the data-dir lock a socket file left here is a dead server's.
  rmSync(socket, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    dump()
      .then(async (blob) => {
        const bytes = Buffer.from(await blob.arrayBuffer());
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length }).end(bytes);
      })
      .catch((e: unknown) => {
        log.warn({ err: e }, 'backup failed');
        res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  chmodSync(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(socket, { force: true });
          resolve();
        });
      }),
  };
}
