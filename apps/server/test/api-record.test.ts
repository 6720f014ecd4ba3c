import { randomUUID } from 'node:crypto';
import {
  RECORD_ENTRIES_PER_POST_MAX,
  RECORD_ENTRIES_PER_USER_MAX,
  RecordPageSchema,
  type CountCheckEntry,
  type DecisionEntry,
  type RecordEntry,
  type RecordPageEntry,
} from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addRecordEntries, listRecordEntries } from '../src/modules/record/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

let clock_ms = Date.parse('2026-03-01T12:00:00.000Z');
const nextAt = () => new Date((clock_ms += 1000)).toISOString();

function decision(over: Partial<DecisionEntry> = {}): DecisionEntry {
  return {
    entryId: randomUUID(),
    kind: 'decision',
    at: nextAt(),
    hand: [10, 6],
    upcard: 10,
    trueCount: 1.5,
    chosen: 'stand',
    best: 'hit',
    evCost: 4.25,
    bet: 100,
    ...over,
  };
}

function countCheck(over: Partial<CountCheckEntry> = {}): CountCheckEntry {
  return { entryId: randomUUID(), kind: 'countCheck', at: nextAt(), asked: 'runningCount', expected: 3, answered: 2, ...over };
}

/** An entry a browser posted, as the record lists it: history (source 'client', ADR 0028). */
const posted = (e: RecordEntry) => ({ ...e, source: 'client' });

async function readAll(p: Player, query = ''): Promise<RecordPageEntry[]> {
  const res = await p.call('GET', `/api/me/record${query}`);
  expect(res.statusCode).toBe(200);
  return RecordPageSchema.parse(res.json()).entries;
}

forEachDatabase('api /api/me/record', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 401 NOT_AUTHENTICATED without a session, and stores nothing', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({
        method,
        url: '/api/me/record',
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
        ...(method === 'POST' ? { payload: JSON.stringify({ entries: [decision()] }) } : {}),
      });
      expect(res.statusCode, method).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_AUTHENTICATED' } });
    }
    const rows = await t.db.kysely.selectFrom('play_record').select('id').execute();
    expect(rows).toHaveLength(0);
  });

  it('stores a batch and reads it back whole, oldest first, filtered by kind and limited', async () => {
    const p = await signUpPlayer(app, 'record-read');
    const entries: RecordEntry[] = [decision(), countCheck(), decision({ chosen: 'hit', evCost: 0 }), countCheck({ answered: 3 })];
    const post = await p.call('POST', '/api/me/record', { entries });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ stored: 4 });
    expect(await readAll(p)).toEqual(entries.map(posted));
    expect(await readAll(p, '?kind=countCheck')).toEqual([entries[1], entries[3]].map((e) => posted(e as RecordEntry)));
    expect(await readAll(p, '?kind=decision&limit=1')).toEqual([posted(entries[2] as RecordEntry)]);
    expect(await readAll(p, '?limit=2')).toEqual(entries.slice(2).map(posted));
    // The columns the skill board filters on follow the entry.
    const rows = await t.db.kysely
      .selectFrom('play_record')
      .select(['entry_id', 'correct', 'ev_cost_credits', 'bet_credits'])
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.correct, r.ev_cost_credits, r.bet_credits])).toEqual([
      [false, 4.25, 100],
      [false, 0, 0],
      [true, 0, 100],
      [true, 0, 0],
    ]);
  });

  it('is idempotent: the same entryId, retried or repeated in one batch, is stored once', async () => {
    const p = await signUpPlayer(app, 'record-idem');
    const a = decision();
    const b = countCheck();
    expect((await p.call('POST', '/api/me/record', { entries: [a, b] })).json()).toEqual({ stored: 2 });
    expect((await p.call('POST', '/api/me/record', { entries: [a, b] })).json()).toEqual({ stored: 0 });
    const c = decision();
    expect((await p.call('POST', '/api/me/record', { entries: [c, c, a] })).json()).toEqual({ stored: 1 });
    // Ten copies of one batch at once: stored once.
    const d = countCheck();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => p.call('POST', '/api/me/record', { entries: [d] })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.reduce((n, r) => n + (r.json() as { stored: number }).stored, 0)).toBe(1);
    expect((await readAll(p)).map((e) => e.entryId)).toEqual([a.entryId, b.entryId, c.entryId, d.entryId]);
  });

  it('is per player: one never reads another, and the same entryId may belong to both', async () => {
    const p = await signUpPlayer(app, 'record-p');
    const q = await signUpPlayer(app, 'record-q');
    const shared = decision();
    expect((await p.call('POST', '/api/me/record', { entries: [shared, decision()] })).json()).toEqual({ stored: 2 });
    expect(await readAll(q)).toEqual([]);
    expect((await q.call('POST', '/api/me/record', { entries: [shared] })).json()).toEqual({ stored: 1 });
    expect(await readAll(q)).toEqual([posted(shared)]);
    expect(await readAll(p)).toHaveLength(2);
  });

  it('is bounded per player: past the bound the oldest entries go, other players keep theirs', async () => {
    const p = await signUpPlayer(app, 'record-bound-p');
    const q = await signUpPlayer(app, 'record-bound-q');
    const max = 5;
    const qEntries = [decision(), decision()];
    await addRecordEntries(t.db, q.id, qEntries, max);
    const pEntries = Array.from({ length: 8 }, () => countCheck());
    expect(await addRecordEntries(t.db, p.id, pEntries.slice(0, 4), max)).toBe(4);
    expect(await addRecordEntries(t.db, p.id, pEntries.slice(4), max)).toBe(4);
    const kept = await listRecordEntries(t.db, p.id, { limit: 100 });
    expect(kept).toEqual(pEntries.slice(-max).map(posted));
    expect(await listRecordEntries(t.db, q.id, { limit: 100 })).toEqual(qEntries.map(posted));
  });

  it('bounds through the route at RECORD_ENTRIES_PER_USER_MAX', async () => {
    const p = await signUpPlayer(app, 'record-bound-route');
    // Fill to the bound without the route (fast), then one more batch through it.
    const first = countCheck();
    await addRecordEntries(t.db, p.id, [first]);
    for (let i = 1; i < RECORD_ENTRIES_PER_USER_MAX; i += 1000) {
      const n = Math.min(1000, RECORD_ENTRIES_PER_USER_MAX - i);
      await addRecordEntries(t.db, p.id, Array.from({ length: n }, () => countCheck()));
    }
    const last = decision();
    expect((await p.call('POST', '/api/me/record', { entries: [last] })).json()).toEqual({ stored: 1 });
    const all = await readAll(p, `?limit=${RECORD_ENTRIES_PER_USER_MAX}`);
    expect(all).toHaveLength(RECORD_ENTRIES_PER_USER_MAX);
    expect(all.at(-1)).toEqual(posted(last));
    expect(all.some((e) => e.entryId === first.entryId)).toBe(false);
  });

  it('refuses bad input with 400 VALIDATION_FAILED and stores nothing of the batch', async () => {
    const p = await signUpPlayer(app, 'record-bad');
    const good = decision();
    const bad: unknown[] = [
      {},
      { entries: [] },
      { entries: [{ ...good, entryId: 'not-a-uuid' }] },
      { entries: [good, { ...decision(), chosen: 'fold' }] },
      { entries: [{ ...decision(), upcard: 11 }] },
      { entries: [{ ...decision(), evCost: -1 }] },
      { entries: [{ ...decision(), bet: 1.5 }] },
      { entries: [{ ...decision(), extra: true }] },
      { entries: [{ ...countCheck(), asked: 'trueCount' }] },
      { entries: [{ ...decision(), at: 'yesterday' }] },
      { entries: Array.from({ length: RECORD_ENTRIES_PER_POST_MAX + 1 }, () => countCheck()) },
      { entries: [good], more: 1 },
    ];
    for (const body of bad) {
      const res = await p.call('POST', '/api/me/record', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    for (const query of ['?limit=0', '?limit=5001', '?kind=wager', '?limit=x', '?other=1']) {
      const res = await p.call('GET', `/api/me/record${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await readAll(p)).toEqual([]);
  });
});
