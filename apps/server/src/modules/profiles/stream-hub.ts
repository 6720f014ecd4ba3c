/**
 * Live profile updates for GET /api/me/stream. Every process LISTENs once on
 * `profile_changed` (the ledger NOTIFYs it on commit with the user id) and pushes the
 * user's fresh profile to that user's SSE clients in this process. Through PostgreSQL this
 * reaches clients of every server process (DESIGN section 4).
 * Per user, loads run one at a time and a change during a load triggers one more load, so
 * clients never receive an older profile after a newer one.
 */
import type { Profile } from '@card-counter/shared';
import type { Database } from '../../db/index.ts';
import { PROFILE_CHANGED_CHANNEL } from '../ledger/index.ts';

export interface StreamClient {
  send(event: string, data: string): void;
  close(): void;
}

export interface HubLog {
  warn(obj: object, msg: string): void;
}

export interface HubOptions {
  maxClients: number;
  maxClientsPerUser: number;
}

export type AddResult =
  { ok: true; remove: () => void } | { ok: false; reason: 'process-full' | 'user-full' };

/** Reload rounds per burst; a burst longer than this is picked up by the next notification. */
const RELOAD_ROUNDS_MAX = 20;

export class ProfileStreamHub {
  private readonly clients = new Map<string, Set<StreamClient>>();
  private readonly loading = new Map<string, { again: boolean }>();
  private total = 0;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly load: (userId: string) => Promise<Profile | null>,
    private readonly options: HubOptions,
    private readonly log: HubLog,
  ) {}

  async start(): Promise<void> {
    if (this.unlisten !== undefined) return;
    this.unlisten = await this.db.listen(PROFILE_CHANGED_CHANNEL, (userId) => this.changed(userId));
  }

  add(userId: string, client: StreamClient): AddResult {
    if (this.total >= this.options.maxClients) return { ok: false, reason: 'process-full' };
    let set = this.clients.get(userId);
    if (set !== undefined && set.size >= this.options.maxClientsPerUser)
      return { ok: false, reason: 'user-full' };
    if (set === undefined) {
      set = new Set();
      this.clients.set(userId, set);
    }
    set.add(client);
    this.total += 1;
    let removed = false;
    return {
      ok: true,
      remove: () => {
        if (removed) return;
        removed = true;
        this.total -= 1;
        set.delete(client);
        if (set.size === 0) this.clients.delete(userId);
      },
    };
  }

  /** Schedules a push of the user's current profile to their clients (also used for the first event). */
  changed(userId: string): void {
    if (!this.clients.has(userId)) return;
    const state = this.loading.get(userId);
    if (state !== undefined) {
      state.again = true;
      return;
    }
    const fresh = { again: false };
    this.loading.set(userId, fresh);
    void this.push(userId, fresh);
  }

  private async push(userId: string, state: { again: boolean }): Promise<void> {
    try {
      for (let round = 0; round < RELOAD_ROUNDS_MAX; round++) {
        state.again = false;
        const profile = await this.load(userId);
        const data = JSON.stringify(profile);
        for (const c of this.clients.get(userId) ?? []) {
          if (profile === null) c.close();
          else c.send('profile', data);
        }
        if (!state.again) break;
      }
    } catch (e) {
      this.log.warn({ err: e, userId }, 'profile stream: reload failed');
    } finally {
      this.loading.delete(userId);
    }
  }

  /** Ends every stream (shutdown) and stops listening. */
  async stop(): Promise<void> {
    for (const set of this.clients.values()) for (const c of set) c.close();
    this.clients.clear();
    this.total = 0;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    if (unlisten !== undefined) await unlisten();
  }
}
