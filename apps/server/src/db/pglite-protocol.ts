/** The messages between the main thread (pglite-remote.ts) and the database's worker (pglite-worker.ts). */

export type WorkerRequest = { id: number } & (
  | { op: 'open'; dir: string; loadDataDir?: Uint8Array | undefined }
  | { op: 'query'; text: string; params: unknown[] }
  | { op: 'exec'; text: string }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }
);

export interface RemoteResult {
  rows: Record<string, unknown>[];
  affectedRows?: number | undefined;
}

export interface WorkerReply {
  id: number;
  result?: RemoteResult | RemoteResult[] | Uint8Array | undefined;
  error?: SerializedError;
  /** The directory could not be opened (pglite-dir.ts DatabaseDamagedError). */
  damaged?: { dir: string; cause: string } | undefined;
}

export interface WorkerNotification {
  notification: { channel: string; payload: string };
}

/**
 * What callers read from a database error: pg's and PGlite's DatabaseError fields (the SQLSTATE
 * `code`, `constraint`, ...). A structured clone of an Error keeps only its message.
 */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string | undefined;
  fields: Record<string, string | number | undefined>;
}

const FIELDS = ['code', 'severity', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine'] as const;

export function serializeError(e: unknown): SerializedError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const key of FIELDS) {
    const v = (e as unknown as Record<string, unknown>)[key];
    if (typeof v === 'string' || typeof v === 'number') fields[key] = v;
  }
  return { name: e.name, message: e.message, stack: e.stack, fields };
}

export function deserializeError(s: SerializedError): Error {
  const e = new Error(s.message);
  e.name = s.name;
  Object.assign(e, s.fields);
  // The worker's stack says where PGlite failed; the caller's own stack is added by the awaiter.
  if (s.stack !== undefined) e.stack = s.stack;
  return e;
}
