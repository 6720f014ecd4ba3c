import { createGame, createShoe, revealShoe, seededRng, stackedShoe, step, visible, type GameState } from '@card-counter/engine';
import { TableSnapshotSchema } from '@card-counter/shared/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_ATTEMPTS_MAX, ServerTableSource } from '../src/features/game/api/server-table-source.ts';
import { TableRefusal } from '../src/features/game/api/table-source.ts';

// The server table adapter against a fake fetch that plays the contract: a real engine table
// behind it, actions applied once per actionId, 409 on a stale version or a refused move.

interface Sent {
  url: string;
  method: string;
  body: { actionId: string; version: number; action: { type: string } } | null;
}

class FakeTableServer {
  version = 0;
  state: GameState = createGame({ balance: 10_000, shoe: stackedShoe(6, ['10h', '9s', '8c', '7d', '10s']) });
  sent: Sent[] = [];
  shoes: unknown[] = [];
  answered = new Map<string, { status: number; body: unknown }>();
  /** Answers to give instead of the table, one per request, before the table answers (e.g. a lost answer). */
  faults: (() => Promise<Response>)[] = [];
  /** Apply the action but lose the answer (the network dropped it after the server committed). */
  loseNextAnswer = false;

  snapshot() {
    return { version: this.version, state: visible(this.state) };
  }

  fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Sent['body']) : null;
    this.sent.push({ url, method, body });
    const fault = this.faults.shift();
    if (fault) return fault();
    if (url === '/api/table') return json(200, this.snapshot());
    if (url === '/api/table/shoes') return json(200, { items: this.shoes });
    if (!body) return json(400, { error: { code: 'VALIDATION_FAILED', message: 'The request is invalid.' } });
    const earlier = this.answered.get(body.actionId);
    const answer = earlier ?? this.apply(body);
    this.answered.set(body.actionId, answer);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new TypeError('Failed to fetch');
    }
    return json(answer.status, answer.body);
  };

  private apply(body: NonNullable<Sent['body']>): { status: number; body: unknown } {
    if (body.version !== this.version) {
      return {
        status: 409,
        body: {
          error: {
            code: 'TABLE_VERSION_CONFLICT',
            message: 'The table changed in another tab or device. It now shows the current table.',
            details: { reason: 'STALE_VERSION', table: this.snapshot() },
          },
        },
      };
    }
    if (body.action.type === 'setCounting') {
      this.state = { ...this.state, counting: (body.action as unknown as { counting: GameState['counting'] }).counting };
      this.version++;
      return { status: 200, body: this.snapshot() };
    }
    const result = step(this.state, body.action as Parameters<typeof step>[1], seededRng(1));
    if (!result.ok) {
      return {
        status: 409,
        body: { error: { code: 'TABLE_ACTION_REFUSED', message: result.reason, details: { reason: result.code, table: this.snapshot() } } },
      };
    }
    this.state = result.state;
    this.version++;
    return { status: 200, body: this.snapshot() };
  }
}

function json(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('the server table source', () => {
  let server: FakeTableServer;
  let ids: number;
  const make = () => new ServerTableSource({ newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`, sleep: () => Promise.resolve() });

  beforeEach(() => {
    server = new FakeTableServer();
    ids = 0;
    vi.stubGlobal('fetch', vi.fn(server.fetch));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads GET /api/table and posts each action with a new actionId and the version it last saw', async () => {
    const source = make();
    expect((await source.load()).version).toBe(0);
    await source.act({ type: 'bet', amount: 100, spot: 0 });
    const dealt = await source.act({ type: 'deal' });
    expect(TableSnapshotSchema.parse(dealt).version).toBe(2);
    expect(dealt.state.dealerCards[1]).toBeNull();
    const posts = server.sent.filter((s) => s.method === 'POST');
    expect(posts.map((p) => [p.url, p.body?.version, p.body?.action.type])).toEqual([
      ['/api/table/actions', 0, 'bet'],
      ['/api/table/actions', 1, 'deal'],
    ]);
    expect(new Set(posts.map((p) => p.body?.actionId)).size).toBe(2);
  });

  it('loads the table first when an action comes before any load', async () => {
    const source = make();
    await source.act({ type: 'bet', amount: 50, spot: 0 });
    expect(server.sent.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/table', 'POST /api/table/actions']);
  });

  it('retries a network failure with the same actionId and the same version, and the action applies once', async () => {
    const source = make();
    await source.load();
    server.loseNextAnswer = true; // applied on the server, answer lost on the way back
    const snap = await source.act({ type: 'bet', amount: 100, spot: 0 });
    expect(snap.version).toBe(1);
    expect(server.version).toBe(1);
    const posts = server.sent.filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toEqual(posts[1]?.body);
  });

  it('retries a 503 and a dropped connection, then gives up after ACTION_ATTEMPTS_MAX tries with the unreachable message', async () => {
    const source = make();
    await source.load();
    server.faults.push(() => json(503, { error: { code: 'UNEXPECTED', message: 'An unexpected error occurred' } }));
    server.faults.push(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await source.act({ type: 'bet', amount: 100, spot: 0 })).version).toBe(1);
    for (let i = 0; i < ACTION_ATTEMPTS_MAX; i++) server.faults.push(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await source.act({ type: 'deal' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/Unable to connect to the server/);
    expect(server.version).toBe(1);
    const lastIds = server.sent.slice(-ACTION_ATTEMPTS_MAX).map((s) => s.body?.actionId);
    expect(new Set(lastIds).size).toBe(1);
  });

  it('a stale version (another tab acted) refuses with the server message and shows the current table; the next action uses it', async () => {
    const source = make();
    await source.load();
    const other = make();
    await other.act({ type: 'bet', amount: 200, spot: 0 }); // another tab
    const refusal = await source.act({ type: 'bet', amount: 100, spot: 0 }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TableRefusal);
    expect((refusal as TableRefusal).message).toBe('The table changed in another tab or device. It now shows the current table.');
    expect((refusal as TableRefusal).snapshot.state.handBets).toEqual([200]);
    expect((refusal as TableRefusal).snapshot.version).toBe(1);
    const next = await source.act({ type: 'deal' });
    expect(next.version).toBe(2);
  });

  it("an engine refusal shows the engine's message with the unchanged table", async () => {
    const source = make();
    await source.load();
    const refusal = await source.act({ type: 'hit' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TableRefusal);
    expect((refusal as TableRefusal).message).toBe('There is no hand to hit.');
    expect((refusal as TableRefusal).snapshot.version).toBe(0);
    // A refusal is an answer: it is not retried.
    expect(server.sent.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it('other errors pass through unchanged (a 401 after the session ended)', async () => {
    const source = make();
    await source.load();
    server.faults.push(() => json(401, { error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }));
    await expect(source.act({ type: 'deal' })).rejects.toMatchObject({ code: 'NOT_AUTHENTICATED', status: 401 });
  });

  it('changes the counting system through the contract action setCounting', async () => {
    const source = make();
    await source.load();
    const snap = await source.setCounting({ system: 'ko', resolution: 'half', rounding: 'floor' });
    expect(snap.state.counting.system).toBe('ko');
    expect(server.sent.at(-1)?.body?.action).toEqual({ type: 'setCounting', counting: { system: 'ko', resolution: 'half', rounding: 'floor' } });
  });

  it('reads the last replaced shoe from GET /api/table/shoes (newest first), or null before any', async () => {
    const source = make();
    expect(await source.lastShoe()).toBeNull();
    const newer = createShoe(1, seededRng(2));
    const older = createShoe(1, seededRng(3));
    server.shoes = [newer, older].map((s) => ({ commitment: s.commitment, reveal: revealShoe(s), replacedAt: '2026-03-01T12:00:00.000Z' }));
    expect(await source.lastShoe()).toEqual({ commitment: newer.commitment, reveal: revealShoe(newer) });
  });

  it('refuses an answer that does not match the contract (a leaked field fails the strict schema)', async () => {
    const source = make();
    server.faults.push(() => json(200, { version: 0, state: { ...visible(server.state), shoeOrder: [1, 2, 3] } }));
    await expect(source.load()).rejects.toThrow();
  });
});
