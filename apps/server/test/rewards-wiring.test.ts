/**
 * The table, the record, the trainer and the simulator send their events to awardProgress
 * (docs/rewards.md) inside the transaction that stores what happened: each event counts once,
 * a retried request adds nothing. (The table's round_settled is pinned in table-rounds.test.ts,
 * the simulator's simulation_run in api-simulator.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { ProgressResponseSchema, type ProgressResponse } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countdownDecksOf } from '../src/modules/drills/drills.ts';
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

  it('a correct one-deck countdown under 45 s unlocks drill_under_target; other drills are items, not finished drills', async () => {
    const p = await signUpPlayer(app, 'rw-drill');
    const answer = (drill: string, item: string, time_ms: number) => ({
      answerId: randomUUID(),
      drill,
      item,
      correct: true,
      time_ms,
      answeredAt: new Date().toISOString(),
    });
    await p.call('POST', '/api/me/drills/answers', { answers: [answer('basicStrategy', 'hard:16:10', 900)] });
    expect((await progressOf(p)).xp).toBe(0);
    const countdown = { answers: [answer('runningCount', 'rc:1d:1c', 30_000)] };
    expect((await p.call('POST', '/api/me/drills/answers', countdown)).statusCode).toBe(200);
    const after = await progressOf(p);
    expect(unlocked(after, 'drill_under_target')).toBe(true);
    expect((await p.call('POST', '/api/me/drills/answers', countdown)).statusCode).toBe(200);
    expect((await progressOf(p)).xp).toBe(after.xp);
  });
});

it('reads the decks of a countdown item', () => {
  expect(countdownDecksOf('rc:1d:2c')).toBe(1);
  expect(countdownDecksOf('rc:8d:3c')).toBe(8);
  expect(countdownDecksOf('hard:16:10')).toBeNull();
});
