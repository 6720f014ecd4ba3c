import { createShoe, revealShoe, seededRng, visible } from '@card-counter/engine';
import { TableSnapshotSchema } from '@card-counter/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_ATTEMPTS_MAX, ServerTableSource } from '@/features/game/api/server-table-source.ts';
import { TableRefusal } from '@/features/game/api/table-source.ts';
import { FakeTableServer } from '../../support/fake-table-server.ts';
import { json } from '../../support/fetch.ts';

// The server table adapter against a fake fetch that plays the contract (fake-table-server.ts).

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
    server.faults.push(() => json({ error: { code: 'UNEXPECTED', message: 'An unexpected error occurred' } }, 503));
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

  it("a bet the rules cannot pay exactly (400 BET_NOT_PAYABLE) shows the server's message with the unchanged table", async () => {
    const source = make();
    await source.load();
    const refusal = await source.act({ type: 'bet', amount: 25, spot: 0 }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TableRefusal);
    expect((refusal as TableRefusal).message).toBe('At this table bets go in steps of 2 credits so every payout is exact.');
    expect((refusal as TableRefusal).snapshot.state.handBets).toEqual([0]);
    expect(server.sent.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it('other errors pass through unchanged (a 401 after the session ended)', async () => {
    const source = make();
    await source.load();
    server.faults.push(() => json({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }, 401));
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
    server.faults.push(() => json({ version: 0, state: { ...visible(server.state), shoeOrder: [1, 2, 3] } }));
    await expect(source.load()).rejects.toThrow();
  });

  it("carries the server's training and sends setTraining and a count check's answer as table actions", async () => {
    const source = make();
    expect((await source.load()).training).toEqual({ settings: { indexPlays: false, countChecks: 'random', testMode: false, betRamp: null, showRampBet: false }, countCheck: null, lastCountCheck: null });
    const set = await source.setTraining({ indexPlays: true });
    expect(set.training?.settings).toEqual({ indexPlays: true, countChecks: 'random', testMode: false, betRamp: null, showRampBet: false });
    server.check = { id: crypto.randomUUID(), expected: 4 };
    const asked = await source.load();
    // The question only: the answer stays on the server.
    expect(asked.training?.countCheck).toEqual({ id: server.check.id, asked: 'runningCount' });
    const answered = await source.answerCountCheck(server.check?.id ?? '', 3);
    expect(answered.training?.countCheck).toBeNull();
    expect(answered.training?.lastCountCheck).toMatchObject({ answered: 3, expected: 4, correct: false });
    expect(server.sent.filter((s) => s.method === 'POST').map((p) => [p.body?.version, p.body?.action])).toEqual([
      [0, { type: 'setTraining', settings: { indexPlays: true } }],
      [1, { type: 'countCheck', id: answered.training?.lastCountCheck?.id, answer: 3 }],
    ]);
  });

  it("retries a count check's lost answer with the same actionId: graded once", async () => {
    const source = make();
    server.check = { id: crypto.randomUUID(), expected: -1 };
    const { id } = server.check;
    await source.load();
    server.loseNextAnswer = true;
    const answered = await source.answerCountCheck(id, -1);
    expect(answered.training?.lastCountCheck).toMatchObject({ id, correct: true });
    const posts = server.sent.filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toEqual(posts[1]?.body);
    expect(server.version).toBe(1);
  });

  it('an answer to a check that is not open is a TableRefusal with the table as it stands', async () => {
    const source = make();
    await source.load();
    const refusal = await source.answerCountCheck(crypto.randomUUID(), 2).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TableRefusal);
    expect((refusal as TableRefusal).message).toMatch(/count check is not open/);
    expect((refusal as TableRefusal).snapshot.training?.countCheck).toBeNull();
  });

  it("refuses a table whose open count check carries its answer: the browser must not know it before answering", async () => {
    const source = make();
    const snap = server.snapshot();
    const leaked = { ...snap, training: { ...snap.training, countCheck: { id: crypto.randomUUID(), asked: 'runningCount', expected: 5 } } };
    server.faults.push(() => json(leaked));
    await expect(source.load()).rejects.toThrow();
  });
});
