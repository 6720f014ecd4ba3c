import type { CountingOptions, GameAction, VisibleGameState } from '@card-counter/engine';
import {
  ShoeRevealHistorySchema,
  TableErrorDetailsSchema,
  TableSnapshotSchema,
  type TableAction,
} from '@card-counter/shared/table';
import { api, ApiError, apiRequest } from '../../../shared/lib/api-client.ts';
import { TableRefusal, type PublishedShoe, type TableSnapshot, type TableSource } from './table-source.ts';

// A signed-in player's table, dealt by the server (contract: packages/shared/src/table.ts).
// Every action carries a fresh actionId and the version this page last saw: a lost answer is
// retried with the same actionId (the server applies it once and answers every copy alike),
// a stale version answers 409 with the table as it stands (shown with the server's message),
// and a move the rules refuse answers 409 with the engine's sentence. The screen sees the
// same TableSource as the guest's local table.

/** Tries of one action when no answer comes back (network, 5xx, 429): the first and the retries. */
export const ACTION_ATTEMPTS_MAX = 4;
/** Wait before retry n (1-based) is n times this. */
export const ACTION_RETRY_DELAY_MS = 400;

export interface ServerTableOptions {
  /** Tests pin the ids. */
  newId?: () => string;
  /** Tests skip the waits. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether the same request may succeed if sent again: no answer, a server fault, or a rate limit. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 408);
}

/**
 * The contract's state is the engine's visible() projection, checked field by field by the
 * shared schema (strict: an extra field fails); the engine's type names the same shape.
 */
function toSnapshot(body: unknown): TableSnapshot {
  const parsed = TableSnapshotSchema.parse(body);
  return { version: parsed.version, state: parsed.state as unknown as VisibleGameState };
}

export class ServerTableSource implements TableSource {
  readonly kind = 'server' as const;
  /** The version this page last saw; every action is sent against it. */
  private version: number | null = null;
  private readonly newId: () => string;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: ServerTableOptions = {}) {
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.sleep = options.sleep ?? defaultSleep;
  }

  async load(): Promise<TableSnapshot> {
    const snapshot = toSnapshot(await api.get<unknown>('/api/table'));
    this.version = snapshot.version;
    return snapshot;
  }

  act(action: GameAction): Promise<TableSnapshot> {
    return this.send(action as TableAction);
  }

  setCounting(counting: CountingOptions): Promise<TableSnapshot> {
    return this.send({ type: 'setCounting', counting });
  }

  /** The newest shoe the server replaced, with the commitment it published at that shoe's shuffle. */
  async lastShoe(): Promise<PublishedShoe | null> {
    const [last] = ShoeRevealHistorySchema.parse(await api.get<unknown>('/api/table/shoes')).items;
    return last === undefined ? null : { commitment: last.commitment, reveal: last.reveal };
  }

  private async send(action: TableAction): Promise<TableSnapshot> {
    if (this.version === null) await this.load();
    // One id for every try of this action, so a retry after a lost answer is applied once.
    const body = { actionId: this.newId(), version: this.version, action };
    for (let attempt = 1; ; attempt++) {
      try {
        const snapshot = toSnapshot(await apiRequest<unknown>('/api/table/actions', { method: 'POST', body }));
        this.version = snapshot.version;
        return snapshot;
      } catch (error) {
        if (isTransient(error) && attempt < ACTION_ATTEMPTS_MAX) {
          await this.sleep(ACTION_RETRY_DELAY_MS * attempt);
          continue;
        }
        throw this.refusalOf(error);
      }
    }
  }

  /** A 409 carries the table as it stands: the screen shows it with the reason; anything else passes through. */
  private refusalOf(error: unknown): unknown {
    if (!(error instanceof ApiError) || error.status !== 409) return error;
    const details = TableErrorDetailsSchema.safeParse({ reason: error.details.reason, table: error.details.table });
    if (!details.success) return error;
    const snapshot = toSnapshot(details.data.table);
    this.version = snapshot.version;
    return new TableRefusal(error.message, snapshot);
  }
}
