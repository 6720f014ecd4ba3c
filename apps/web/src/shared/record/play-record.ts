import {
  RecordPageSchema,
  RecordEntrySchema,
  RECORD_ENTRIES_PER_POST_MAX,
  type RecordEntry,
} from '@card-counter/shared/api/record';
import { api, ApiError } from '../lib/api-client.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';

// The player's record (contract: packages/shared/src/api/record.ts): every decision at the
// table and every count check. The table writes it; the trainer re-deals its mistakes and the
// simulator replays the player's real game from it. Here, in shared/, because three features
// read it and features may not import each other. Guests keep it in this browser; a
// signed-in player's goes to the server in batches.

export type { RecordEntry };

export interface PlayRecord {
  /** Queues one entry; never throws (a lost entry costs a statistic, never a round). */
  add(entry: RecordEntry): void;
  /** The newest `limit` entries, oldest first; only one kind when `kind` is given. */
  recent(limit: number, kind?: RecordEntry['kind']): Promise<RecordEntry[]>;
}

/** Entries a guest keeps in this browser (the server keeps RECORD_ENTRIES_PER_USER_MAX). */
export const LOCAL_RECORD_LIMIT = 2000;

export function localRecordKey(owner: string): string {
  return `card-counter:record:${owner}`;
}

export class LocalPlayRecord implements PlayRecord {
  /** The last stored text and its parse: a decision is recorded per move, so parse only when another tab wrote. */
  private cache: { raw: string; entries: RecordEntry[] } | null = null;

  constructor(
    private readonly storageKey: string,
    private readonly limit = LOCAL_RECORD_LIMIT,
  ) {}

  add(entry: RecordEntry): void {
    // An entry the contract refuses would be dropped by the next read anyway; keep the list clean.
    if (!RecordEntrySchema.safeParse(entry).success) return;
    const entries = this.read().filter((e) => e.entryId !== entry.entryId);
    entries.push(entry);
    const kept = entries.slice(-this.limit);
    const raw = JSON.stringify(kept);
    writeStorage(this.storageKey, raw);
    this.cache = { raw, entries: kept };
  }

  recent(limit: number, kind?: RecordEntry['kind']): Promise<RecordEntry[]> {
    const entries = this.read().filter((e) => kind === undefined || e.kind === kind);
    return Promise.resolve(limit > 0 ? entries.slice(-limit) : []);
  }

  private read(): RecordEntry[] {
    const raw = readStorage(this.storageKey) ?? '[]';
    if (this.cache?.raw === raw) return this.cache.entries.slice();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return [];
    }
    if (!Array.isArray(parsed)) return [];
    // Entries written by an older release (or edited by hand) that no longer parse are skipped.
    const entries = parsed.flatMap((item: unknown) => {
      const entry = RecordEntrySchema.safeParse(item);
      return entry.success ? [entry.data] : [];
    });
    this.cache = { raw, entries };
    return entries.slice();
  }
}

/** Entries waiting to be sent; past this the oldest are dropped (the server is unreachable). */
export const PENDING_MAX = 500;
export const FLUSH_DELAY_MS = 1000;
/** After a failed send, the next try waits this much longer. */
export const RETRY_DELAY_MS = 5000;

/** Whether sending the same batch again can never succeed (so it is dropped, not retried forever). */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

export class ServerPlayRecord implements PlayRecord {
  private pending: RecordEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The one send in flight; a second flush waits for it instead of posting the same batch again. */
  private sending: Promise<void> | null = null;

  constructor() {
    // Leaving the page (or hiding the tab) sends what is queued rather than waiting for the timer.
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') void this.flush();
      });
    }
  }

  add(entry: RecordEntry): void {
    this.pending.push(entry);
    if (this.pending.length > PENDING_MAX) this.pending.splice(0, this.pending.length - PENDING_MAX);
    if (this.pending.length >= RECORD_ENTRIES_PER_POST_MAX) void this.flush();
    else this.schedule(FLUSH_DELAY_MS);
  }

  /** Entries not yet accepted by the server (for tests and the page's unload). */
  get queued(): number {
    return this.pending.length;
  }

  /**
   * Sends everything queued, a batch at a time. A batch the server cannot take now (network,
   * 5xx, 429) stays queued for a later try; one it refuses for good (400: a bad entry, 401:
   * signed out) is dropped so it cannot block every later entry.
   */
  flush(): Promise<void> {
    this.cancelTimer();
    this.sending ??= this.sendAll().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  async recent(limit: number, kind?: RecordEntry['kind']): Promise<RecordEntry[]> {
    await this.flush();
    const query = new URLSearchParams({ limit: String(limit) });
    if (kind !== undefined) query.set('kind', kind);
    return RecordPageSchema.parse(await api.get(`/api/me/record?${query.toString()}`)).entries;
  }

  private async sendAll(): Promise<void> {
    // Bounded: each pass removes a batch or stops; at most PENDING_MAX / batch + 1 passes.
    for (let pass = 0; pass <= PENDING_MAX / RECORD_ENTRIES_PER_POST_MAX + 1 && this.pending.length > 0; pass++) {
      const batch = this.pending.slice(0, RECORD_ENTRIES_PER_POST_MAX);
      try {
        await api.post('/api/me/record', { entries: batch });
      } catch (error) {
        if (!isPermanent(error)) {
          this.schedule(RETRY_DELAY_MS);
          return;
        }
      }
      // Sent (or refused for good): these leave the queue. A resend would be stored once anyway.
      this.pending = this.pending.filter((e) => !batch.includes(e));
    }
  }

  private schedule(delay_ms: number): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay_ms);
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

const records = new Map<string, PlayRecord>();

/** One record per player for the page's life: the table writes to it, the trainer and the simulator read it. */
export function playRecordFor(player: { userId: string; isGuest: boolean } | null): PlayRecord {
  const owner = player?.userId ?? 'anonymous';
  const local = player === null || player.isGuest;
  const key = `${local ? 'local' : 'server'}:${owner}`;
  let record = records.get(key);
  if (record === undefined) {
    record = local ? new LocalPlayRecord(localRecordKey(owner)) : new ServerPlayRecord();
    records.set(key, record);
  }
  return record;
}
