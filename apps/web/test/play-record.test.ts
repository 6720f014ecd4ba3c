import { RECORD_ENTRIES_PER_POST_MAX, type CountCheckEntry, type DecisionEntry } from '@card-counter/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LocalPlayRecord,
  PENDING_MAX,
  RETRY_DELAY_MS,
  ServerPlayRecord,
  localRecordKey,
  playRecordFor,
} from '../src/shared/record/play-record.ts';

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
  let posts: { entries: { entryId: string }[] }[];
  let answer: () => Promise<Response>;
  beforeEach(() => {
    vi.useFakeTimers();
    posts = [];
    answer = () => Promise.resolve(jsonResponse(200, { stored: 1 }));
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posts.push(JSON.parse(String(init.body)) as (typeof posts)[number]);
        if (url.startsWith('/api/me/record?')) return Promise.resolve(jsonResponse(200, { entries: [] }));
        return answer();
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('batches entries added together into one POST after a short delay', async () => {
    const r = new ServerPlayRecord();
    const a = decision();
    const b = check();
    r.add(a);
    r.add(b);
    expect(posts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(posts).toEqual([{ entries: [a, b] }]);
    expect(r.queued).toBe(0);
  });

  it('sends a full batch at once, and a large backlog in batches of the contract maximum', async () => {
    const r = new ServerPlayRecord();
    for (let i = 0; i < RECORD_ENTRIES_PER_POST_MAX + 5; i++) r.add(check());
    await vi.advanceTimersByTimeAsync(0);
    await r.flush();
    expect(posts.map((p) => p.entries.length)).toEqual([RECORD_ENTRIES_PER_POST_MAX, 5]);
  });

  it('two flushes at once post the batch once (regression: both used to send the same batch)', async () => {
    const r = new ServerPlayRecord();
    r.add(decision());
    await Promise.all([r.flush(), r.flush(), r.flush()]);
    expect(posts).toHaveLength(1);
  });

  it('keeps a batch the server could not take and sends the same entries later', async () => {
    const r = new ServerPlayRecord();
    const e = decision();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    r.add(e);
    await r.flush();
    expect(r.queued).toBe(1);
    answer = () => Promise.resolve(jsonResponse(503, { error: { code: 'UNEXPECTED', message: 'down' } }));
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(r.queued).toBe(1);
    answer = () => Promise.resolve(jsonResponse(200, { stored: 1 }));
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(r.queued).toBe(0);
    expect(posts.map((p) => p.entries[0]?.entryId)).toEqual([e.entryId, e.entryId, e.entryId]);
  });

  it('drops a batch the server refuses for good (400) instead of retrying it forever (regression: it blocked the queue)', async () => {
    const r = new ServerPlayRecord();
    answer = () => Promise.resolve(jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: 'bad' } }));
    r.add(decision());
    await r.flush();
    expect(r.queued).toBe(0);
    answer = () => Promise.resolve(jsonResponse(200, { stored: 1 }));
    r.add(check());
    await r.flush();
    expect(posts).toHaveLength(2);
  });

  it('bounds the queue while the server is unreachable, dropping the oldest', async () => {
    const r = new ServerPlayRecord();
    answer = () => Promise.reject(new TypeError('offline'));
    const first = check();
    r.add(first);
    await r.flush();
    for (let i = 0; i < PENDING_MAX + 10; i++) r.add(check());
    expect(r.queued).toBe(PENDING_MAX);
    await r.flush(); // the send in flight since the queue filled
    await r.flush(); // a new send from the queue as it is now
    expect(posts.at(-1)?.entries.some((e) => e.entryId === first.entryId)).toBe(false);
  });

  it('recent() sends what is queued before reading the server', async () => {
    const r = new ServerPlayRecord();
    r.add(decision());
    const calls: string[] = [];
    const f = vi.mocked(fetch);
    f.mockImplementation((url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(url)}`);
      return Promise.resolve(init?.method === 'POST' ? jsonResponse(200, { stored: 1 }) : jsonResponse(200, { entries: [] }));
    });
    expect(await r.recent(50, 'decision')).toEqual([]);
    expect(calls).toEqual(['POST /api/me/record', 'GET /api/me/record?limit=50&kind=decision']);
  });
});
