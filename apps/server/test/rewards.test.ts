/**
 * awardProgress, driven with the events other features will send (round settled, count
 * check, drill, simulation) and the ones wired here (sign-up, daily bonus, purchase), on
 * PGlite and PostgreSQL: each achievement and level paid once through the ledger.
 */
import {
  DAILY_BONUS_INTERVAL_ms,
  INITIAL_CREDITS,
  REWARD_ACHIEVEMENT,
  REWARD_DAILY_BONUS,
  REWARD_LEVEL_UP,
  ProgressResponseSchema,
} from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/index.ts';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { getProfile } from '../src/modules/profiles/index.ts';
import { awardProgress, getProgress, type ProgressEvent } from '../src/modules/rewards/index.ts';
import { additionsOf, applyAdds, applyInOrder } from '../src/modules/rewards/award-progress.ts';
import type { CounterChange } from '../src/modules/rewards/metrics.ts';
import type { RewardMetric } from '@card-counter/shared';
import { seededRng } from '@card-counter/engine';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

const round = (hands = 1, blackjacks = 0, cleanShoe = false): ProgressEvent => ({
  type: 'round_settled',
  hands,
  blackjacks,
  cleanShoe,
});

async function credits(db: Database, userId: string): Promise<number> {
  const p = await getProfile(db, userId);
  const { sum } = await ledgerSum(db.kysely, userId);
  expect(p?.credits).toBe(sum);
  return p?.credits ?? -1;
}

async function unlocked(db: Database, userId: string): Promise<string[]> {
  const progress = await getProgress(db, userId, new Date());
  return progress.achievements.filter((a) => a.unlockedAt !== null).map((a) => a.id);
}

forEachDatabase('rewards', (t) => {
  it('sign-up starts at level 1 with no achievement and pays nothing', async () => {
    const { userId } = await createTestUser(t.db);
    const progress = ProgressResponseSchema.parse(await getProgress(t.db, userId, new Date()));
    expect(progress).toMatchObject({ xp: 0, level: 1, levelXp: 0, nextLevelXp: 100, nextDailyBonusAt: null });
    expect(progress.achievements.every((a) => a.progress === 0 && a.unlockedAt === null)).toBe(true);
    expect(await credits(t.db, userId)).toBe(INITIAL_CREDITS);
  });

  it('the first hand and the first blackjack each pay 500 once, and are listed on the profile', async () => {
    const { userId } = await createTestUser(t.db);
    const first = await awardProgress(t.db, userId, round(1, 1));
    expect(first.unlocked.sort()).toEqual(['first_blackjack', 'first_hand']);
    expect(first.credited).toBe(2 * REWARD_ACHIEVEMENT);
    const again = await awardProgress(t.db, userId, round(1, 1));
    expect(again.unlocked).toEqual([]);
    expect(await credits(t.db, userId)).toBe(INITIAL_CREDITS + 2 * REWARD_ACHIEVEMENT);
    expect((await getProfile(t.db, userId))?.achievements.sort()).toEqual(['first_blackjack', 'first_hand']);
  });

  it('100 hands unlock hands_100 and reach level 2 (1,000 credits) exactly at the 100th', async () => {
    const { userId } = await createTestUser(t.db);
    for (let i = 1; i <= 99; i++) await awardProgress(t.db, userId, round());
    expect(await unlocked(t.db, userId)).toEqual(['first_hand']);
    expect((await getProgress(t.db, userId, new Date())).level).toBe(1);
    const hundredth = await awardProgress(t.db, userId, round());
    expect(hundredth).toMatchObject({ xp: 100, level: 2, unlocked: ['hands_100'], levelsReached: [2] });
    expect(await credits(t.db, userId)).toBe(INITIAL_CREDITS + 2 * REWARD_ACHIEVEMENT + REWARD_LEVEL_UP);
  });

  it('a clean shoe is worth 50 experience and its achievement; a big jump pays every level between', async () => {
    const { userId } = await createTestUser(t.db);
    const r = await awardProgress(t.db, userId, round(64, 0, true));
    // 64 hands + 50 = 114 experience: level 2.
    expect(r).toMatchObject({ xp: 114, level: 2, levelsReached: [2] });
    expect(r.unlocked.sort()).toEqual(['clean_shoe', 'first_hand']);
    for (let i = 0; i < 9; i++) await awardProgress(t.db, userId, round(1, 0, true));
    // 114 + 9 * 51 = 573 experience: levels 3 (300) and 4 (600 not yet).
    const progress = await getProgress(t.db, userId, new Date());
    expect(progress).toMatchObject({ xp: 573, level: 3, levelXp: 300, nextLevelXp: 600 });
    expect(progress.achievements.find((a) => a.id === 'clean_shoes_10')).toMatchObject({ progress: 10 });
    expect(progress.achievements.find((a) => a.id === 'clean_shoes_10')?.unlockedAt).not.toBeNull();
  });

  it('a perfect count needs 10 correct in a row: a wrong answer resets the streak', async () => {
    const { userId } = await createTestUser(t.db);
    // Asked in test mode (the count hidden), in Hi-Lo: a check that pays (ADR 0044).
    const check = (correct: boolean) =>
      awardProgress(t.db, userId, { type: 'count_check_answered', correct, countShown: false, count: { system: 'hi-lo' } });
    expect((await check(true)).unlocked).toEqual(['count_check_first']);
    for (let i = 0; i < 8; i++) await check(true);
    await check(false);
    for (let i = 0; i < 9; i++) expect((await check(true)).unlocked).toEqual([]);
    expect((await check(true)).unlocked).toEqual(['count_streak_10']);
    const streak = (await getProgress(t.db, userId, new Date())).achievements.find(
      (a) => a.id === 'count_streak_10',
    );
    expect(streak?.progress).toBe(10);
  });

  it('a drill counts for the target time only when correct and at or under it', async () => {
    const { userId } = await createTestUser(t.db);
    // One deck one card at a time, answered a minute apart: at a pace a person plays (ADR 0044).
    let now_ms = Date.parse('2026-04-01T10:00:00.000Z');
    const drill = (correct: boolean, duration_ms: number) => {
      now_ms += 60_000;
      const dealtAt = new Date(now_ms - duration_ms);
      const event = { type: 'drill_finished', correct, duration_ms, target_ms: 30_000, cards: 50, perFlash: 1, dealtAt, count: { system: 'hi-lo' } } as const;
      return awardProgress(t.db, userId, event, new Date(now_ms));
    };
    expect((await drill(true, 31_000)).unlocked).toEqual([]);
    expect((await drill(false, 10_000)).unlocked).toEqual([]);
    const fast = await drill(true, 30_000);
    expect(fast.unlocked).toEqual(['drill_under_target']);
    // 10 + 10 + 20 experience.
    expect(fast.xp).toBe(40);
  });

  it('the first simulation pays once; a purchase pays no experience nor achievement', async () => {
    const { userId } = await createTestUser(t.db);
    expect((await awardProgress(t.db, userId, { type: 'simulation_run' })).unlocked).toEqual([
      'first_simulation',
    ]);
    expect((await awardProgress(t.db, userId, { type: 'simulation_run' })).unlocked).toEqual([]);
    const bought = await awardProgress(t.db, userId, { type: 'purchase_completed', packId: 'popular' });
    expect(bought).toMatchObject({ xp: 10, unlocked: [], credited: 0 });
  });

  it('20 events at once: the counter counts all, the achievement pays once', async () => {
    const { userId } = await createTestUser(t.db);
    await Promise.all(Array.from({ length: 20 }, () => awardProgress(t.db, userId, round())));
    const progress = await getProgress(t.db, userId, new Date());
    expect(progress.xp).toBe(20);
    expect(await unlocked(t.db, userId)).toEqual(['first_hand']);
    expect(await credits(t.db, userId)).toBe(INITIAL_CREDITS + REWARD_ACHIEVEMENT);
  });

  it('an event inside a transaction that rolls back counts nothing; a bad event changes nothing', async () => {
    const { userId } = await createTestUser(t.db);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await awardProgress(trx, userId, round());
        throw new Error('the round failed to settle');
      }),
    ).rejects.toThrow('the round failed to settle');
    await expect(awardProgress(t.db, userId, round(-1))).rejects.toThrow(RangeError);
    await expect(awardProgress(t.db, userId, round(2, 3))).rejects.toThrow(RangeError);
    expect((await getProgress(t.db, userId, new Date())).xp).toBe(0);
    expect(await credits(t.db, userId)).toBe(INITIAL_CREDITS);
  });
  it('the one-statement path for additions moves the counters exactly as the read-then-write path (seeded)', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20261123);
    const rng = seededRng(seed);
    const pick = (n: number) => rng.nextUint32() % n;
    const metrics: RewardMetric[] = ['xp', 'hands_played', 'blackjacks', 'clean_shoes', 'drills_finished', 'purchases'];
    const { userId: a } = await createTestUser(t.db);
    const { userId: b } = await createTestUser(t.db);
    for (let step = 0; step < 40; step++) {
      // Distinct metrics, sometimes without xp, sometimes with a zero.
      const changes: CounterChange[] = metrics
        .filter(() => pick(3) > 0)
        .map((metric) => ({ metric, op: 'add' as const, value: pick(4) === 0 ? 0 : pick(200) }));
      const now = new Date(Date.UTC(2026, 0, 1, 0, 0, step));
      const [fast, slow] = await Promise.all([
        t.db.kysely.transaction().execute((trx) => applyAdds(trx, a, additionsOf(changes)!, now)),
        t.db.kysely.transaction().execute((trx) => applyInOrder(trx, b, changes, now)),
      ]);
      expect(Object.fromEntries(fast), `seed ${seed}, step ${step}`).toEqual(Object.fromEntries(slow));
    }
    const stored = async (userId: string) =>
      (
        await t.db.kysely
          .selectFrom('reward_progress')
          .select(['metric', 'value'])
          .where('user_id', '=', userId)
          .orderBy('metric')
          .execute()
      ).map((r) => [r.metric, Number(r.value)]);
    expect(await stored(a), `seed ${seed}`).toEqual(await stored(b));
    expect((await stored(a)).length).toBeGreaterThan(3);
  });
});

forEachDatabase('rewards over the API', (t) => {
  let app: FastifyInstance;
  let now = new Date('2026-03-01T12:00:00.000Z');
  beforeAll(async () => {
    app = await buildTestApp(t.db, { clock: () => now });
  });
  afterAll(async () => {
    await app.close();
  });

  it('seven daily bonuses unlock daily_7; the progress shows the next claim time', async () => {
    const p = await signUpPlayer(app, 'rewards-daily');
    for (let day = 0; day < 7; day++) {
      const r = await p.call('POST', '/api/me/daily-bonus');
      expect(r.statusCode, r.body).toBe(200);
      now = new Date(now.getTime() + DAILY_BONUS_INTERVAL_ms);
    }
    now = new Date(now.getTime() - 60_000);
    const progress = ProgressResponseSchema.parse((await p.call('GET', '/api/me/progress')).json());
    expect(progress.xp).toBe(70);
    expect(progress.achievements.find((a) => a.id === 'daily_7')?.unlockedAt).not.toBeNull();
    expect(progress.nextDailyBonusAt).toBe(new Date(now.getTime() + 60_000).toISOString());
    const me = (await p.call('GET', '/api/me')).json() as { credits: number; achievements: string[] };
    expect(me.credits).toBe(INITIAL_CREDITS + 7 * REWARD_DAILY_BONUS + REWARD_ACHIEVEMENT);
    expect(me.achievements).toEqual(['daily_7']);
  });
});
