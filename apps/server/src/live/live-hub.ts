/**
 * The live-update layer of one server process: clients follow a (topic, key), e.g. the
 * profile of one user; a change published on that topic (live/topics.ts) reaches this
 * process through LISTEN/NOTIFY, here or from any other process on the same PostgreSQL,
 * and the hub pushes the key's fresh state to its clients here.
 * Per (topic, key), loads run one at a time and a change during a load triggers one more
 * load, so clients never receive an older state after a newer one. Clients are capped per
 * process (`clientsMax`) and, where the topic says so, per key.
 */
import assert from 'node:assert/strict';
import type { Database } from '../db/open.ts';
import { LIVE_TOPICS, type LiveTopic } from './topics.ts';

export interface LiveClient {
  send(event: string, data: string): void;
  close(): void;
}

export interface HubLog {
  warn(obj: object, msg: string): void;
}

/** How a module serves one topic. */
export interface TopicServer<T> {
  /** The event name the clients receive (`event: <name>` on a Server-Sent Events stream). */
  event: string;
  /** The current state of `key`, sent as JSON; null when it is gone: its clients are closed. */
  load(key: string): Promise<T | null>;
  /** Clients per key (e.g. one user's tabs); unset: only the process-wide cap. */
  clientsPerKeyMax?: number;
}

export interface LiveHubOptions {
  /** Clients of this process across all topics (each holds a socket). */
  clientsMax: number;
}

export type SubscribeResult =
  { ok: true; remove: () => void } | { ok: false; reason: 'process-full' | 'key-full' };

/** Reload rounds per burst; a burst longer than this is picked up by the next notification. */
const RELOAD_ROUNDS_MAX = 20;

interface Served {
  server: TopicServer<unknown>;
  clients: Map<string, Set<LiveClient>>;
  loading: Map<string, { again: boolean }>;
  unlisten: () => Promise<void>;
}

export class LiveHub {
  private readonly topics = new Map<LiveTopic, Served>();
  private total = 0;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly options: LiveHubOptions,
    private readonly log: HubLog,
  ) {}

  /** Starts serving a topic: LISTENs on its channel (resolves once active). Once per topic. */
  async serve<T>(topic: LiveTopic, server: TopicServer<T>): Promise<void> {
    assert.ok(!this.stopped, 'live hub is stopped');
    assert.ok(!this.topics.has(topic), `live topic ${topic} is already served`);
    const served: Served = {
      server,
      clients: new Map(),
      loading: new Map(),
      unlisten: () => Promise.resolve(),
    };
    this.topics.set(topic, served);
    served.unlisten = await this.db.listen(LIVE_TOPICS[topic], (key) => this.changed(topic, key));
  }

  subscribe(topic: LiveTopic, key: string, client: LiveClient): SubscribeResult {
    const served = this.topics.get(topic);
    assert.ok(served !== undefined, `live topic ${topic} is not served`);
    if (this.total >= this.options.clientsMax) return { ok: false, reason: 'process-full' };
    let set = served.clients.get(key);
    const perKey = served.server.clientsPerKeyMax;
    if (set !== undefined && perKey !== undefined && set.size >= perKey)
      return { ok: false, reason: 'key-full' };
    if (set === undefined) {
      set = new Set();
      served.clients.set(key, set);
    }
    set.add(client);
    this.total += 1;
    let removed = false;
    return {
      ok: true,
      remove: () => {
        // After stop() the counts were reset with every client closed: nothing to undo.
        if (removed || this.stopped) return;
        removed = true;
        this.total -= 1;
        set.delete(client);
        if (set.size === 0 && served.clients.get(key) === set) served.clients.delete(key);
      },
    };
  }

  /** Clients of this process, all topics (for tests and metrics). */
  get clientCount(): number {
    return this.total;
  }

  /** Schedules a push of the key's current state to its clients (also used for the first event). */
  changed(topic: LiveTopic, key: string): void {
    const served = this.topics.get(topic);
    if (served === undefined || !served.clients.has(key)) return;
    const state = served.loading.get(key);
    if (state !== undefined) {
      state.again = true;
      return;
    }
    const fresh = { again: false };
    served.loading.set(key, fresh);
    void this.push(topic, served, key, fresh);
  }

  private async push(
    topic: LiveTopic,
    served: Served,
    key: string,
    state: { again: boolean },
  ): Promise<void> {
    try {
      for (let round = 0; round < RELOAD_ROUNDS_MAX; round++) {
        state.again = false;
        const value = await served.server.load(key);
        const data = JSON.stringify(value);
        for (const c of served.clients.get(key) ?? []) {
          if (value === null) c.close();
          else c.send(served.server.event, data);
        }
        if (!state.again) break;
      }
    } catch (e) {
      this.log.warn({ err: e, topic, key }, 'live update: reload failed');
    } finally {
      served.loading.delete(key);
    }
  }

  /** Ends every stream (shutdown) and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    const served = [...this.topics.values()];
    this.topics.clear();
    for (const s of served) {
      for (const set of s.clients.values()) for (const c of set) c.close();
      s.clients.clear();
    }
    this.total = 0;
    for (const s of served) await s.unlisten();
  }
}
