// The live-update layer over LISTEN/NOTIFY: a change published on a topic reaches the
// clients following that key, only after its transaction commits, in order, within the caps.
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { LiveHub, type LiveClient, type TopicServer } from '../src/live/live-hub.ts';
import { publish, publishInTransaction } from '../src/live/topics.ts';
import { forEachDatabase } from './support/test-db.ts';

const silent = { warn: () => undefined };

interface Recorder extends LiveClient {
  events: { event: string; data: unknown }[];
  closed: boolean;
}

function recorder(): Recorder {
  const r: Recorder = {
    events: [],
    closed: false,
    send(event, data) {
      r.events.push({ event, data: JSON.parse(data) as unknown });
    },
    close() {
      r.closed = true;
    },
  };
  return r;
}

async function until(check: () => boolean, timeout_ms = 3000): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited >= timeout_ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

forEachDatabase('live hub', (t) => {
  const hubs: LiveHub[] = [];
  afterEach(async () => {
    for (const h of hubs.splice(0)) await h.stop();
  });

  /** A hub serving `profile` from an in-memory map (the loader is the module's business). */
  async function hubWith(
    state: Map<string, number | null>,
    extra: Partial<TopicServer<{ v: number }>> = {},
    clientsMax = 100,
  ) {
    const hub = new LiveHub(t.db, { clientsMax }, silent);
    hubs.push(hub);
    await hub.serve('profile', {
      event: 'profile',
      load: (key) => {
        const v = state.get(key);
        return Promise.resolve(v === undefined || v === null ? null : { v });
      },
      ...extra,
    });
    return hub;
  }

  it("pushes a change published in a transaction to the key's clients, only after commit", async () => {
    const state = new Map<string, number | null>([
      ['a', 1],
      ['b', 1],
    ]);
    const hub = await hubWith(state);
    const a = recorder();
    const b = recorder();
    expect(hub.subscribe('profile', 'a', a).ok).toBe(true);
    expect(hub.subscribe('profile', 'b', b).ok).toBe(true);

    await t.db.kysely.transaction().execute(async (trx) => {
      state.set('a', 2);
      await publishInTransaction(trx, 'profile', 'a');
      await pause(100);
      expect(a.events).toEqual([]);
    });
    await until(() => a.events.length === 1);
    expect(a.events).toEqual([{ event: 'profile', data: { v: 2 } }]);
    await pause(100);
    expect(b.events).toEqual([]);
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const state = new Map<string, number | null>([['r', 1]]);
    const hub = await hubWith(state);
    const c = recorder();
    hub.subscribe('profile', 'r', c);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await publishInTransaction(trx, 'profile', 'r');
        await sql`select 1/0`.execute(trx);
      }),
    ).rejects.toThrow();
    await publish(t.db, 'profile', 'other-key');
    await pause(200);
    expect(c.events).toEqual([]);
  });

  it('ends with the newest state after a burst of changes', async () => {
    const state = new Map<string, number | null>([['burst', 0]]);
    let loads = 0;
    const hub = await hubWith(state, {
      load: async (key) => {
        loads += 1;
        const v = state.get(key) ?? 0;
        await pause(20);
        return { v };
      },
    });
    const c = recorder();
    hub.subscribe('profile', 'burst', c);
    for (let i = 1; i <= 10; i++) {
      state.set('burst', i);
      await publish(t.db, 'profile', 'burst');
    }
    await until(
      () => c.events.at(-1)?.data !== undefined && (c.events.at(-1)?.data as { v: number }).v === 10,
    );
    const seen = c.events.map((e) => (e.data as { v: number }).v);
    // Never an older state after a newer one, and loads coalesced while one was running.
    expect([...seen].sort((x, y) => x - y)).toEqual(seen);
    expect(loads).toBeLessThanOrEqual(10);
  });

  it('closes the clients of a key whose state is gone', async () => {
    const state = new Map<string, number | null>([['gone', 1]]);
    const hub = await hubWith(state);
    const c = recorder();
    hub.subscribe('profile', 'gone', c);
    state.set('gone', null);
    await publish(t.db, 'profile', 'gone');
    await until(() => c.closed);
    expect(c.events).toEqual([]);
  });

  it('caps clients per process and per key, and frees a slot on remove', async () => {
    const hub = await hubWith(new Map([['k', 1]]), { clientsPerKeyMax: 2 }, 3);
    const first = hub.subscribe('profile', 'k', recorder());
    expect(first.ok).toBe(true);
    expect(hub.subscribe('profile', 'k', recorder()).ok).toBe(true);
    expect(hub.subscribe('profile', 'k', recorder())).toEqual({ ok: false, reason: 'key-full' });
    expect(hub.subscribe('profile', 'other', recorder()).ok).toBe(true);
    expect(hub.subscribe('profile', 'third', recorder())).toEqual({ ok: false, reason: 'process-full' });
    expect(hub.clientCount).toBe(3);
    if (first.ok) {
      first.remove();
      first.remove();
    }
    expect(hub.clientCount).toBe(2);
    expect(hub.subscribe('profile', 'k', recorder()).ok).toBe(true);
  });

  it('stop() closes every client and refuses new topics', async () => {
    const hub = await hubWith(new Map([['s', 1]]));
    const c = recorder();
    const sub = hub.subscribe('profile', 's', c);
    await hub.stop();
    expect(c.closed).toBe(true);
    expect(hub.clientCount).toBe(0);
    if (sub.ok) sub.remove();
    expect(hub.clientCount).toBe(0);
    await expect(
      hub.serve('profile', { event: 'profile', load: () => Promise.resolve(null) }),
    ).rejects.toThrow(/stopped/);
  });

  it('refuses empty and oversized keys before they reach the database', async () => {
    await expect(publish(t.db, 'profile', '')).rejects.toThrow(/invalid live key/);
    await expect(publish(t.db, 'profile', 'x'.repeat(201))).rejects.toThrow(/invalid live key/);
  });

  // PGlite is one process's embedded database: there is no other process to reach.
  if (t.kind === 'postgres')
    it('reaches the clients of another server process', async () => {
      const state = new Map<string, number | null>([['x', 7]]);
      const hub = await hubWith(state);
      const c = recorder();
      hub.subscribe('profile', 'x', c);
      const other = await t.openAnother();
      await other.kysely.transaction().execute((trx) => publishInTransaction(trx, 'profile', 'x'));
      await until(() => c.events.length === 1);
      expect(c.events[0]).toEqual({ event: 'profile', data: { v: 7 } });
    });
});
