import { RecordPageSchema, RecordEntrySchema, type RecordEntry, type RecordSource } from '@card-counter/shared';
import { api } from '../lib/api-client.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';

// The player's record (contract: packages/shared/src/api/record.ts): every decision at the
// table and every count check. The table writes it; the trainer re-deals its mistakes and the
// simulator replays the player's real game from it. Here, in shared/, because three features
// read it and features may not import each other. Guests keep it in this browser; a
// signed-in player's is written by the server from the table's own actions (ADR 0028).

export type { RecordEntry };

/**
 * An entry as read back: the server's entries say who made them ('table': the server, from
 * the table's actions; 'client': a browser's post, history only). A guest's own entries have no source.
 */
export type RecordedEntry = RecordEntry & { source?: RecordSource };

export interface PlayRecord {
  /** Keeps one entry the table's coach judged; never throws. A no-op where the server keeps the record. */
  add(entry: RecordEntry): void;
  /** The newest `limit` entries, oldest first; only one kind when `kind` is given. */
  recent(limit: number, kind?: RecordEntry['kind']): Promise<RecordedEntry[]>;
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

/**
 * A signed-in player's record is the server's (ADR 0028): it records each decision from the
 * table action that made it, grades it with the engine's coach, and asks and grades the count
 * checks. The browser only reads it; what a browser posted would be kept as history (source
 * 'client') that never ranks nor pays, so the table posts nothing.
 */
export class ServerPlayRecord implements PlayRecord {
  add(_entry: RecordEntry): void {
    // Nothing to send: the server has already recorded this decision from the table action.
  }

  async recent(limit: number, kind?: RecordEntry['kind']): Promise<RecordedEntry[]> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (kind !== undefined) query.set('kind', kind);
    // Bets are listed only when asked for (kind=bet); this record's readers take decisions and checks.
    return RecordPageSchema.parse(await api.get(`/api/me/record?${query.toString()}`)).entries.flatMap((e) => (e.kind === 'bet' ? [] : [e]));
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
