/**
 * The table, the record, the trainer and the simulator send their events to awardProgress
 * (docs/rewards.md) inside the transaction that stores what happened: each event counts once,
 * a retried request adds nothing. (The table's round_settled is pinned in table-rounds.test.ts,
 * the simulator's simulation_run in api-simulator.test.ts, the trainer's drill_finished, sent
 * only by a drill the server dealt, in drill-deals.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { ProgressResponseSchema, type ProgressResponse } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('rewards wiring', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  async function progressOf(p: Player): Promise<ProgressResponse> {
    return ProgressResponseSchema.parse((await p.call('GET', '/api/me/progress')).json());
  }
  const unlocked = (p: ProgressResponse, id: string) =>
    p.achievements.find((a) => a.id === id)?.unlockedAt !== null;

  it('a correct count check posted to the record unlocks nothing: only a check the table asked pays (ADR 0028)', async () => {
    const p = await signUpPlayer(app, 'rw-count');
    const body = {
      entries: [
        {
          entryId: randomUUID(),
          kind: 'countCheck',
          at: new Date().toISOString(),
          asked: 'runningCount',
          expected: 4,
          answered: 4,
        },
      ],
    };
    const before = await progressOf(p);
    expect((await p.call('POST', '/api/me/record', body)).statusCode).toBe(200);
    const after = await progressOf(p);
    expect(unlocked(after, 'count_check_first')).toBe(false);
    expect(after.xp).toBe(before.xp);
    expect(((await p.call('GET', '/api/me')).json() as { credits: number }).credits).toBe(10_000);
  });

  it('a wrong count check earns nothing', async () => {
    const p = await signUpPlayer(app, 'rw-wrong');
    const body = {
      entries: [
        {
          entryId: randomUUID(),
          kind: 'countCheck',
          at: new Date().toISOString(),
          asked: 'runningCount',
          expected: 4,
          answered: 3,
        },
      ],
    };
    expect((await p.call('POST', '/api/me/record', body)).statusCode).toBe(200);
    const after = await progressOf(p);
    expect(unlocked(after, 'count_check_first')).toBe(false);
    expect(after.xp).toBe(0);
  });

  it('bug 3: made-up countdown answers posted to /api/me/drills/answers by a signed-in player leave the balance, the reward counters and the experience unchanged', async () => {
    const p = await signUpPlayer(app, 'rw-drill');
    const before = await progressOf(p);
    const counters = () =>
      t.db.kysely
        .selectFrom('reward_progress')
        .select(['metric', 'value'])
        .where('user_id', '=', p.id)
        .orderBy('metric')
        .execute();
    const countersBefore = await counters();
    const answer = (item: string, time_ms: number) => ({
      answerId: randomUUID(),
      drill: 'runningCount',
      item,
      correct: true,
      time_ms,
      answeredAt: new Date().toISOString(),
    });
    // Whatever the browser says: right, instant, every deck size, stops included, and enough
    // of them for drills_25 (the upload of a guest's answers at sign-in is this same call).
    const made = Array.from({ length: 30 }, (_, i) => answer(`rc:${1 + (i % 8)}d:${1 + (i % 3)}c${i % 5 === 0 ? ':stop' : ''}`, 1));
    const res = await p.call('POST', '/api/me/drills/answers', { answers: made });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: made.length });
    const after = await progressOf(p);
    expect(after.xp).toBe(before.xp);
    expect(after.level).toBe(before.level);
    expect(unlocked(after, 'drill_under_target')).toBe(false);
    expect(unlocked(after, 'drills_25')).toBe(false);
    expect(await counters()).toEqual(countersBefore);
    expect(((await p.call('GET', '/api/me')).json() as { credits: number }).credits).toBe(10_000);
    // Still stored for progress and spaced repetition.
    const drills = (await p.call('GET', '/api/me/drills')).json() as { drills: { drill: string; answers: number }[] };
    expect(drills.drills.find((d) => d.drill === 'runningCount')?.answers).toBe(made.length);
  });
});
