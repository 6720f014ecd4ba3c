/**
 * The embedded database on a worker thread (issue 41, decision record 0070), seen from the main
 * thread as the part of PGlite that open.ts and the Kysely dialect use: query, exec, listen,
 * dumpDataDir, close, closed. Every call is one message; the worker answers them in order.
 * Serialization is the caller's, as with an in-thread PGlite: the dialect hands its one
 * connection to one caller at a time (a transaction holds it from BEGIN to COMMIT).
 */
import { startTsWorker } from '@card-counter/engine/sim/node';
import type { Worker } from 'node:worker_threads';
import { DatabaseDamagedError } from './pglite-dir.ts';
import { deserializeError, type RemoteResult, type WorkerNotification, type WorkerReply, type WorkerRequest } from './pglite-protocol.ts';

const WORKER_URL = new URL('./pglite-worker.ts', import.meta.url);

/** What open.ts needs of a PGlite, in the main thread or behind the worker. */
export interface PgliteSession {
  readonly closed: boolean;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number | undefined }>;
  exec(text: string): Promise<{ rows: unknown[]; affectedRows?: number | undefined }[]>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

type Pending = { resolve: (value: WorkerReply['result']) => void; reject: (e: Error) => void };
type RequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export interface RemoteOpenOptions {
  /** The database's directory (DATA_DIR/pglite). */
  dir: string;
  /** Instead of a directory: an in-memory database loaded from a dump (tests' snapshot). */
  loadDataDir?: Uint8Array | undefined;
}

class PgliteRemote implements PgliteSession {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, (payload: string) => void>();
  private nextId = 1;
  private stopped: Error | undefined;
  private closing: Promise<void> | undefined;

  constructor(private readonly worker: Worker) {
    worker.on('message', (m: WorkerReply | WorkerNotification) => {
      if ('notification' in m) {
        this.listeners.get(m.notification.channel)?.(m.notification.payload);
        return;
      }
      const p = this.pending.get(m.id);
      if (p === undefined) return;
      this.pending.delete(m.id);
      this.holdProcess();
      if (m.damaged !== undefined) p.reject(new DatabaseDamagedError(m.damaged.dir, new Error(m.damaged.cause)));
      else if (m.error !== undefined) p.reject(deserializeError(m.error));
      else p.resolve(m.result);
    });
    worker.on('error', (e: unknown) => this.fail(e instanceof Error ? e : new Error(String(e))));
    worker.on('exit', (code) => this.fail(new Error(`the embedded database's worker exited (code ${code})`)));
    this.holdProcess();
  }

  get closed(): boolean {
    return this.stopped !== undefined || this.closing !== undefined;
  }

  call(body: RequestBody, transfer: ArrayBuffer[] = []): Promise<WorkerReply['result']> {
    if (this.stopped !== undefined) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.holdProcess();
      this.worker.postMessage({ ...body, id } as WorkerRequest, transfer);
    });
  }

  async query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<{ rows: T[]; affectedRows?: number | undefined }> {
    const r = (await this.call({ op: 'query', text, params })) as RemoteResult;
    return r as { rows: T[]; affectedRows?: number | undefined };
  }

  async exec(text: string): Promise<RemoteResult[]> {
    return (await this.call({ op: 'exec', text })) as RemoteResult[];
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    // open.ts LISTENs once per channel and fans out itself: one callback per channel here.
    this.listeners.set(channel, callback);
    await this.call({ op: 'listen', channel });
    return async () => {
      this.listeners.delete(channel);
      await this.call({ op: 'unlisten', channel });
    };
  }

  async dumpDataDir(): Promise<Blob> {
    const bytes = (await this.call({ op: 'dump' })) as Uint8Array;
    return new Blob([bytes]);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        await this.call({ op: 'close' });
      } finally {
        // Its files are closed once the worker has gone: main.ts then forces them to the disk.
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  private fail(e: Error): void {
    this.stopped ??= e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  /**
   * The worker keeps the process alive only while a call is out, as an in-thread PGlite would
   * (a script that forgot nothing still exits; a query in flight is not cut short).
   */
  private holdProcess(): void {
    if (this.pending.size > 0) this.worker.ref();
    else this.worker.unref();
  }
}

/** Starts the worker and opens the database in it; rejects as openPgliteDir would. */
export async function openPgliteWorker(options: RemoteOpenOptions): Promise<PgliteSession> {
  const remote = new PgliteRemote(startTsWorker(WORKER_URL));
  try {
    // Copied, not transferred: the caller may use its snapshot again.
    await remote.call({ op: 'open', dir: options.dir, loadDataDir: options.loadDataDir });
  } catch (e) {
    await remote.close().catch(() => undefined);
    throw e;
  }
  return remote;
}
