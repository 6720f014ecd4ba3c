import type { CountingOptions, GameAction } from '@card-counter/engine';
import {
  ShoeRevealHistorySchema,
  TableErrorDetailsSchema,
  TableReportSchema,
  TableSnapshotSchema,
  type TableAction,
  type TableReport,
  type TableTrainingSettings,
} from '@card-counter/shared';
import { api, ApiError, apiRequest } from '@/shared/lib/api-client.ts';
import { TableRefusal, type PublishedShoe, type TableSnapshot, type TableSource } from './table-source.ts';
import { openTableStream } from './table-stream.ts';

// A signed-in player's table, dealt by the server (contract: packages/shared/src/table.ts).
// Every action carries a fresh actionId and the version this page last saw: a lost answer is
// retried with the same actionId (the server applies it once and answers every copy alike),
// a stale version answers 409 with the table as it stands (shown with the server's message),
// and a move the rules refuse answers 409 with the engine's sentence. The screen sees the
// same TableSource as the guest's local table.
//
// While the screen follows the table, GET /api/table/stream names the version after every
// accepted action of this player (any tab, any device). A version above the one held is read
// with GET /api/table once no action of this page is in flight (the action's own answer, or its
// 409, brings the table as it stands, and its own event names the version it already holds).
// Whatever arrives, the page keeps the newest snapshot: an older answer never replaces a newer one.

/** Tries of one action when no answer comes back (network, 5xx, 429): the first and the retries. */
export const ACTION_ATTEMPTS_MAX = 4;
/** Wait before retry n (1-based) is n times this. */
export const ACTION_RETRY_DELAY_ms = 400;

/**
 * Where a server table lives: the player's own (/api/table) or a tournament's
 * (/api/tournaments/:id/table, ADR 0056: no shoe history or report of its own; the shoes are
 * revealed with the results).
 */
export interface ServerTablePaths {
  table: string;
  actions: string;
  /** The replaced shoes to verify; null: none kept (a tournament reveals its shoes at the end). */
  shoes: string | null;
  /** The shoe's and the session's report; null: none. */
  report: string | null;
}

export const OWN_TABLE_PATHS: ServerTablePaths = { table: '/api/table', actions: '/api/table/actions', shoes: '/api/table/shoes', report: '/api/table/report' };

export interface ServerTableOptions {
  /** The table's routes (default the player's own table). */
  paths?: ServerTablePaths;
  /** Tests pin the ids. */
  newId?: () => string;
  /** Tests skip the waits. */
  sleep?: (ms: number) => Promise<void>;
  /** Tests feed the versions themselves; the page opens GET /api/table/stream. */
  openStream?: (onVersion: (version: number) => void) => () => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether the same request may succeed if sent again: no answer, a server fault, or a rate limit. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 408);
}

/**
 * The contract's state is the engine's visible() projection, checked field by field by the
 * shared schema (strict: an extra field fails); the schema is typed from the engine's own type
 * (packages/shared/src/table.ts), so no cast is needed between them.
 */
function toSnapshot(body: unknown): TableSnapshot {
  const parsed = TableSnapshotSchema.parse(body);
  return { version: parsed.version, state: parsed.state, training: parsed.training };
}

export class ServerTableSource implements TableSource {
  readonly kind = 'server' as const;
  /** The newest table this page has seen; every action is sent against its version. */
  private current: TableSnapshot | null = null;
  private readonly newId: () => string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly openStream: (onVersion: (version: number) => void) => () => void;
  /** Actions of this page sent and not yet answered (or refused). */
  private inFlight = 0;
  /** The highest version the stream has announced. */
  private announced = -1;
  /** The announced version the last catch-up read was made for (so each is read at most once). */
  private caughtUpTo = -1;
  private catchingUp = false;
  private onFollow: ((snapshot: TableSnapshot) => void) | null = null;

  private readonly paths: ServerTablePaths;

  constructor(options: ServerTableOptions = {}) {
    this.paths = options.paths ?? OWN_TABLE_PATHS;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.sleep = options.sleep ?? defaultSleep;
    this.openStream = options.openStream ?? openTableStream;
  }

  async report(shoe?: string): Promise<TableReport> {
    if (this.paths.report === null) throw new Error('no report here');
    return TableReportSchema.parse(await api.get<unknown>(`${this.paths.report}${shoe === undefined ? '' : `?shoe=${shoe}`}`));
  }

  async load(): Promise<TableSnapshot> {
    const snapshot = this.keep(toSnapshot(await api.get<unknown>(this.paths.table)));
    this.catchUp();
    return snapshot;
  }

  act(action: GameAction): Promise<TableSnapshot> {
    return this.send(action as TableAction);
  }

  setCounting(counting: CountingOptions): Promise<TableSnapshot> {
    return this.send({ type: 'setCounting', counting });
  }

  setTraining(settings: Partial<TableTrainingSettings>): Promise<TableSnapshot> {
    return this.send({ type: 'setTraining', settings });
  }

  answerCountCheck(id: string, answer: number, trueCount?: number): Promise<TableSnapshot> {
    return this.send({ type: 'countCheck', id, answer, ...(trueCount === undefined ? {} : { trueCount }) });
  }

  /** Follows the player's other tabs and devices until the returned function is called. */
  follow(onSnapshot: (snapshot: TableSnapshot) => void): () => void {
    if (this.onFollow !== null) throw new Error('ServerTableSource: the table is already followed');
    this.onFollow = onSnapshot;
    const close = this.openStream((version) => {
      this.announced = Math.max(this.announced, version);
      this.catchUp();
    });
    return () => {
      close();
      this.onFollow = null;
    };
  }

  /** The newest shoe the server replaced, with the commitment it published at that shoe's shuffle. */
  async lastShoe(): Promise<PublishedShoe | null> {
    if (this.paths.shoes === null) return null;
    const [last] = ShoeRevealHistorySchema.parse(await api.get<unknown>(this.paths.shoes)).items;
    return last === undefined ? null : { commitment: last.commitment, reveal: last.reveal };
  }

  private async send(action: TableAction): Promise<TableSnapshot> {
    this.inFlight++;
    try {
      return await this.sendOnce(action);
    } finally {
      this.inFlight--;
      this.catchUp();
    }
  }

  private async sendOnce(action: TableAction): Promise<TableSnapshot> {
    if (this.current === null) await this.load();
    // One id for every try of this action, so a retry after a lost answer is applied once.
    const body = { actionId: this.newId(), version: this.current?.version ?? null, action };
    for (let attempt = 1; ; attempt++) {
      try {
        return this.keep(toSnapshot(await apiRequest<unknown>(this.paths.actions, { method: 'POST', body })));
      } catch (error) {
        if (isTransient(error) && attempt < ACTION_ATTEMPTS_MAX) {
          await this.sleep(ACTION_RETRY_DELAY_ms * attempt);
          continue;
        }
        throw this.refusalOf(error);
      }
    }
  }

  /** Holds `snapshot` unless a newer one is already held; answers the one held. */
  private keep(snapshot: TableSnapshot): TableSnapshot {
    if (this.current === null || snapshot.version >= this.current.version) this.current = snapshot;
    return this.current;
  }

  /**
   * Reads the table when the stream announced a version above the one held and nothing of this
   * page is in flight. Each read is for a higher announced version than the last, so the reads
   * chained from finishing ones end.
   */
  private catchUp(): void {
    const held = this.current?.version;
    if (this.onFollow === null || held === undefined || this.inFlight > 0 || this.catchingUp) return;
    if (this.announced <= held || this.announced <= this.caughtUpTo) return;
    this.catchingUp = true;
    this.caughtUpTo = this.announced;
    void this.readForFollower();
  }

  private async readForFollower(): Promise<void> {
    try {
      const read = toSnapshot(await api.get<unknown>(this.paths.table));
      // Held meanwhile: an action's answer or refusal may have brought this version or a newer one.
      const held = this.current?.version ?? -1;
      if (this.keep(read) === read && read.version > held) this.onFollow?.(read);
    } catch {
      // Nothing to show the player: the next announcement, or the next action's answer, brings the table.
    } finally {
      this.catchingUp = false;
      this.catchUp();
    }
  }

  /**
   * A 409, or the 400 BET_NOT_PAYABLE (a bet off the rules' step), carries the table as it
   * stands: the screen shows it with the reason; anything else passes through.
   */
  private refusalOf(error: unknown): unknown {
    if (!(error instanceof ApiError) || !(error.status === 409 || (error.status === 400 && error.code === 'BET_NOT_PAYABLE'))) return error;
    const details = TableErrorDetailsSchema.safeParse({ reason: error.details.reason, table: error.details.table });
    if (!details.success) return error;
    return new TableRefusal(error.message, this.keep(toSnapshot(details.data.table)));
  }
}
