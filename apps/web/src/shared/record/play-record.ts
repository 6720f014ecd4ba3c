import {
  RecordPageSchema,
  RecordEntrySchema,
  RECORD_ENTRIES_PER_POST_MAX,
  type RecordEntry,
} from '@card-counter/shared';
import { api } from '../lib/api-client.ts';
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
  constructor(
    private readonly storageKey: string,
    private readonly limit = LOCAL_RECORD_LIMIT,
  ) {}

  add(entry: RecordEntry): void {
    const entries = this.read();
    entries.push(entry);
    writeStorage(this.storageKey, JSON.stringify(entries.slice(-this.limit)));
  }

  recent(limit: number, kind?: RecordEntry['kind']): Promise<RecordEntry[]> {
    const entries = this.read().filter((e) => kind === undefined || e.kind === kind);
    return Promise.resolve(entries.slice(-limit));
  }

  private read(): RecordEntry[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readStorage(this.storageKey) ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(parsed)) return [];
    // Entries written by an older release (or edited by hand) that no longer parse are skipped.
    return parsed.flatMap((raw: unknown) => {
      const entry = RecordEntrySchema.safeParse(raw);
      return entry.success ? [entry.data] : [];
    });
  }
}

/** Entries waiting to be sent; past this the oldest are dropped (the server is unreachable). */
const PENDING_MAX = 500;
const FLUSH_DELAY_MS = 1000;

export class ServerPlayRecord implements PlayRecord {
  private pending: RecordEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending: Promise<void> | null = null;

  add(entry: RecordEntry): void {
    this.pending.push(entry);
    if (this.pending.length > PENDING_MAX) this.pending.splice(0, this.pending.length - PENDING_MAX);
    if (this.pending.length >= RECORD_ENTRIES_PER_POST_MAX) void this.flush();
    else if (this.timer === null) this.timer = setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
  }

  /** Sends what is queued; entries are kept for the next try when the server cannot be reached. */
  async flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.sending !== null) await this.sending;
    if (this.pending.length === 0) return;
    const batch = this.pending.slice(0, RECORD_ENTRIES_PER_POST_MAX);
    this.sending = api
      .post('/api/me/record', { entries: batch })
      .then(() => {
        // Sent entries leave the queue; the same entryId sent again would be stored once anyway.
        this.pending = this.pending.filter((e) => !batch.includes(e));
      })
      .catch(() => undefined)
      .finally(() => {
        this.sending = null;
      });
    await this.sending;
    if (this.pending.length > 0 && this.timer === null)
      this.timer = setTimeout(() => void this.flush(), FLUSH_DELAY_MS * 5);
  }

  async recent(limit: number, kind?: RecordEntry['kind']): Promise<RecordEntry[]> {
    await this.flush();
    const query = new URLSearchParams({ limit: String(limit) });
    if (kind !== undefined) query.set('kind', kind);
    return RecordPageSchema.parse(await api.get(`/api/me/record?${query.toString()}`)).entries;
  }
}

const records = new Map<string, PlayRecord>();

/** One record per player for the page's life: the table writes to it, the trainer and the simulator read it. */
export function playRecordFor(player: { userId: string; isGuest: boolean } | null): PlayRecord {
  const owner = player?.userId ?? 'anonymous';
  const key = `${player === null || player.isGuest ? 'local' : 'server'}:${owner}`;
  let record = records.get(key);
  if (record === undefined) {
    record =
      player === null || player.isGuest ? new LocalPlayRecord(localRecordKey(owner)) : new ServerPlayRecord();
    records.set(key, record);
  }
  return record;
}
