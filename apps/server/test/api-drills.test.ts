import { randomUUID } from 'node:crypto';
import { DRILL_ANSWERS_PER_POST_MAX, DrillsProgressSchema, type DrillAnswer } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storeDrillAnswers } from '../src/modules/drills/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

function answer(patch: Partial<DrillAnswer> = {}): DrillAnswer {
  return {
    answerId: randomUUID(),
    drill: 'basicStrategy',
    item: 'hard:16:10',
    correct: true,
    time_ms: 1200,
    answeredAt: '2026-01-02T10:00:00.000Z',
    ...patch,
  };
}

forEachDatabase('api /api/me/drills', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/me/drills' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/me/drills/answers' })).statusCode).toBe(401);
  });

  it('a new player has every drill with zeros', async () => {
    const p = await signUpPlayer(app, 'drills-new');
    const res = await p.call('GET', '/api/me/drills');
    expect(res.statusCode).toBe(200);
    const progress = DrillsProgressSchema.parse(res.json());
    expect(progress.drills.map((d) => d.drill)).toEqual([
      'runningCount',
      'trueCount',
      'deckEstimation',
      'basicStrategy',
      'deviations',
      'pairs',
      'flash',
      'tableRound',
      'betSizing',
    ]);
    for (const d of progress.drills) expect(d).toMatchObject({ answers: 0, accuracy: null, medianTime_ms: null, dueNext: [], sessions: [] });
  });

  it('stores a batch once (same answerId again is skipped) and summarises it', async () => {
    const p = await signUpPlayer(app, 'drills-batch');
    const batch = [
      answer({ item: 'hard:16:10', correct: false, time_ms: 3000, answeredAt: '2026-01-02T10:00:00.000Z' }),
      answer({ item: 'hard:12:4', correct: true, time_ms: 1000, answeredAt: '2026-01-02T10:00:05.000Z' }),
      answer({ item: 'pair:8:A', correct: true, time_ms: 2000, answeredAt: '2026-01-03T09:00:00.000Z' }),
      answer({ drill: 'runningCount', item: 'rc:1d:1c', correct: true, time_ms: 31_000 }),
    ];
    const first = await p.call('POST', '/api/me/drills/answers', { answers: batch });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ stored: 4 });
    const again = await p.call('POST', '/api/me/drills/answers', { answers: batch });
    expect(again.json()).toEqual({ stored: 0 });

    const progress = DrillsProgressSchema.parse((await p.call('GET', '/api/me/drills')).json());
    const bs = progress.drills.find((d) => d.drill === 'basicStrategy');
    expect(bs).toMatchObject({ answers: 3, correct: 2, medianTime_ms: 2000, streak: 2, bestStreak: 2 });
    expect(bs?.accuracy).toBeCloseTo(2 / 3);
    expect(bs?.days).toEqual([
      { day: '2026-01-02', answers: 2, correct: 1, medianTime_ms: 2000 },
      { day: '2026-01-03', answers: 1, correct: 1, medianTime_ms: 2000 },
    ]);
    // The missed cell is due before the known ones.
    expect(bs?.dueNext[0]).toBe('hard:16:10');
    expect(bs?.items.find((i) => i.item === 'hard:16:10')).toMatchObject({ answers: 1, correct: 0 });
    expect(progress.drills.find((d) => d.drill === 'runningCount')).toMatchObject({ answers: 1, medianTime_ms: 31_000 });
  });

  it('keeps each player to their own answers', async () => {
    const a = await signUpPlayer(app, 'drills-a');
    const b = await signUpPlayer(app, 'drills-b');
    await a.call('POST', '/api/me/drills/answers', { answers: [answer(), answer()] });
    // b posting a's answer ids stores b's own copies: ids are unique per player, not across players.
    const progressB = DrillsProgressSchema.parse((await b.call('GET', '/api/me/drills')).json());
    expect(progressB.drills.every((d) => d.answers === 0)).toBe(true);
    const progressA = DrillsProgressSchema.parse((await a.call('GET', '/api/me/drills')).json());
    expect(progressA.drills.find((d) => d.drill === 'basicStrategy')?.answers).toBe(2);
  });

  it('refuses bad input with 400 VALIDATION_FAILED and stores nothing', async () => {
    const p = await signUpPlayer(app, 'drills-bad');
    const bad: unknown[] = [
      {},
      { answers: [] },
      { answers: [answer({ drill: 'poker' as DrillAnswer['drill'] })] },
      { answers: [answer({ answerId: 'not-a-uuid' })] },
      { answers: [answer({ time_ms: -1 })] },
      { answers: [answer({ time_ms: 1.5 })] },
      { answers: [answer({ item: 'drop table;' })] },
      { answers: [answer({ answeredAt: 'yesterday' })] },
      { answers: [{ ...answer(), extra: 1 }] },
      { answers: Array.from({ length: DRILL_ANSWERS_PER_POST_MAX + 1 }, () => answer()) },
      // One bad answer refuses the whole batch (the good one is not stored either).
      { answers: [answer(), answer({ correct: 'yes' as unknown as boolean })] },
    ];
    for (const body of bad) {
      const res = await p.call('POST', '/api/me/drills/answers', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect((res.json() as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    const progress = DrillsProgressSchema.parse((await p.call('GET', '/api/me/drills')).json());
    expect(progress.drills.every((d) => d.answers === 0)).toBe(true);
  });

  it('keeps at most the newest answers per player (the oldest go first)', async () => {
    const p = await signUpPlayer(app, 'drills-bound');
    const old = Array.from({ length: 5 }, (_, i) =>
      answer({ item: `old${i}`, answeredAt: `2026-01-01T00:00:0${i}.000Z` }),
    );
    const fresh = Array.from({ length: 3 }, (_, i) => answer({ item: `new${i}`, answeredAt: `2026-01-05T00:00:0${i}.000Z` }));
    // A bound of 4 stands in for DRILL_ANSWERS_PER_USER_MAX (the same code path, fewer rows).
    expect(await storeDrillAnswers(t.db, p.id, old, 4)).toBe(5);
    expect(await storeDrillAnswers(t.db, p.id, fresh, 4)).toBe(3);
    const progress = DrillsProgressSchema.parse((await p.call('GET', '/api/me/drills')).json());
    const items = progress.drills.find((d) => d.drill === 'basicStrategy')?.items.map((i) => i.item).sort();
    expect(items).toEqual(['new0', 'new1', 'new2', 'old4']);
  });
});
