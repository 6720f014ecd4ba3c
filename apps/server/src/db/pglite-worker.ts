/**
 * The worker thread that owns the embedded database (issue 41, decision record 0070): PGlite's
 * WebAssembly and its file writes run here, off the thread that answers requests. It answers
 * the messages of pglite-remote.ts one at a time in arrival order (PGlite queues them on its
 * one session), so the main thread's serialization (the dialect's one connection) is unchanged.
 * A result is posted only after PGlite returned it, i.e. after its files were written: an
 * answered commit is in the kernel's page cache exactly as when PGlite ran on the main thread.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { DatabaseDamagedError, openPgliteDir } from './pglite-dir.ts';
import { PgliteStatements } from './pglite-statements.ts';
import type { WorkerReply, WorkerRequest } from './pglite-protocol.ts';
import { serializeError } from './pglite-protocol.ts';

const port = parentPort;
if (port === null) throw new Error('pglite-worker.ts runs as a worker thread');

let db: PGlite | undefined;
const unlisteners = new Map<string, () => Promise<void>>();

async function handle(request: WorkerRequest): Promise<WorkerReply['result']> {
  if (request.op === 'open') {
    db =
      request.loadDataDir !== undefined
        ? await PGlite.create({ loadDataDir: new Blob([request.loadDataDir]) })
        : await openPgliteDir(request.dir);
    return undefined;
  }
  if (db === undefined) throw new Error('the embedded database is not open');
  switch (request.op) {
    case 'query': {
      // Parsed once per session, then bound and executed (pglite-statements.ts, ADR 0070).
      const r = await PgliteStatements.of(db).query(request.text, request.params);
      return { rows: r.rows, affectedRows: r.affectedRows };
    }
    case 'exec': {
      const results = await db.exec(request.text);
      return results.map((r) => ({ rows: r.rows as Record<string, unknown>[], affectedRows: r.affectedRows }));
    }
    case 'listen': {
      const channel = request.channel;
      if (!unlisteners.has(channel)) {
        const unlisten = await db.listen(channel, (payload) => port?.postMessage({ notification: { channel, payload } }));
        unlisteners.set(channel, unlisten);
      }
      return undefined;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.channel);
      unlisteners.delete(request.channel);
      if (unlisten !== undefined) await unlisten();
      return undefined;
    }
    case 'dump': {
      // open.ts ran CHECKPOINT just before, holding the session.
      const blob = await db.dumpDataDir('gzip');
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close': {
      if (!db.closed) await db.close();
      return undefined;
    }
  }
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (result) => {
      // A dump's bytes move to the main thread instead of being copied.
      const transfer = result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : [];
      port.postMessage({ id: request.id, result } satisfies WorkerReply, transfer);
    },
    (e: unknown) => {
      const damaged = e instanceof DatabaseDamagedError ? { dir: e.dir, cause: (e.cause as Error | undefined)?.message ?? '' } : undefined;
      port.postMessage({ id: request.id, error: serializeError(e), damaged } satisfies WorkerReply);
    },
  );
});
