import { type CountCheckEntry, type DecisionEntry } from '@card-counter/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalPlayRecord, ServerPlayRecord, localRecordKey, playRecordFor } from '@/shared/record/play-record.ts';

const decision = (over: Partial<DecisionEntry> = {}): DecisionEntry => ({
  entryId: crypto.randomUUID(),
  kind: 'decision',
  at: '2026-03-01T12:00:00.000Z',
  hand: [10, 6],
  upcard: 10,
  trueCount: 1,
  chosen: 'stand',
  best: 'hit',
  evCost: 3.5,
  bet: 100,
  ...over,
});
const check = (over: Partial<CountCheckEntry> = {}): CountCheckEntry => ({
  entryId: crypto.randomUUID(),
  kind: 'countCheck',
  at: '2026-03-01T12:00:00.000Z',
  asked: 'runningCount',
  expected: 2,
  answered: 2,
  ...over,
});

describe('the local record (guests)', () => {
  it('keeps entries in order, filters by kind, survives a new instance and stays bounded', async () => {
    const a = new LocalPlayRecord('rec', 3);
    const entries = [decision(), check(), decision(), check()];
    for (const e of entries) a.add(e);
    expect(await a.recent(10)).toEqual(entries.slice(1));
    const b = new LocalPlayRecord('rec', 3);
    expect(await b.recent(10, 'countCheck')).toEqual([entries[1], entries[3]]);
    expect(await b.recent(1)).toEqual([entries[3]]);
    expect(await b.recent(0)).toEqual([]);
  });

  it('stores an entryId once and skips what the contract refuses (a fractional answer, a hand edited by hand)', async () => {
    const r = new LocalPlayRecord('rec2');
    const e = decision();
    r.add(e);
    r.add(e);
    r.add(check({ answered: 2.3 }));
    expect(await r.recent(10)).toEqual([e]);
    window.localStorage.setItem('rec2', JSON.stringify([e, { kind: 'decision', hand: 'x' }, 'junk']));
    expect(await r.recent(10)).toEqual([e]);
    window.localStorage.setItem('rec2', '{not json');
    expect(await r.recent(10)).toEqual([]);
  });

  it('accepts Wong Halves counts (steps of 0.5)', async () => {
    const r = new LocalPlayRecord('halves');
    const e = check({ expected: -1.5, answered: 0.5 });
    r.add(e);
    expect(await r.recent(1)).toEqual([e]);
  });

  it('playRecordFor gives one record per player: local for guests and nobody, server for signed-in players', () => {
    const guest = playRecordFor({ userId: 'g1', isGuest: true });
    expect(guest).toBeInstanceOf(LocalPlayRecord);
    expect(playRecordFor({ userId: 'g1', isGuest: true })).toBe(guest);
    expect(playRecordFor(null)).toBeInstanceOf(LocalPlayRecord);
    expect(playRecordFor({ userId: 'u1', isGuest: false })).toBeInstanceOf(ServerPlayRecord);
    guest.add(check());
    expect(window.localStorage.getItem(localRecordKey('g1'))).toContain('countCheck');
  });
});

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the server record (signed-in players)', () => {
  let calls: string[];
  let page: unknown;
  beforeEach(() => {
    calls = [];
    page = { entries: [] };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        return Promise.resolve(jsonResponse(200, url.startsWith('/api/me/record?') ? page : { stored: 1 }));
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('add() sends no request, now or later: the server records the table itself (ADR 0028)', async () => {
    vi.useFakeTimers();
    const r = new ServerPlayRecord();
    r.add(decision());
    r.add(check());
    await vi.advanceTimersByTimeAsync(60_000);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([]);
  });

  it("recent() reads the server, one kind when asked, with each entry's source", async () => {
    const r = new ServerPlayRecord();
    const mine = { ...decision(), source: 'table' };
    const old = { ...decision({ chosen: 'hit' }), source: 'client' };
    page = { entries: [old, mine] };
    r.add(decision());
    expect(await r.recent(50, 'decision')).toEqual([old, mine]);
    expect(calls).toEqual(['GET /api/me/record?limit=50&kind=decision']);
  });

  it('recent() refuses a page that breaks the contract (an entry without its source)', async () => {
    const r = new ServerPlayRecord();
    page = { entries: [decision()] };
    await expect(r.recent(10)).rejects.toThrow();
  });
});
