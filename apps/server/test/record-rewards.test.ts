/**
 * The record pays count checks with one reward update per batch: a batch must pay exactly
 * what the same answers sent one by one (count_check_answered, in order) would pay: the same
 * counters, achievements, levels, ledger rows and credits, and a retried batch nothing more.
 */
import { randomUUID } from 'node:crypto';
import { randomFloat, seededRng } from '@card-counter/engine';
import {
  INITIAL_CREDITS,
  RECORD_ENTRIES_PER_POST_MAX,
  REWARD_ACHIEVEMENT,
  REWARD_LEVEL_UP,
  type RecordEntry,
} from '@card-counter/shared';
import { expect, it } from 'vitest';
import type { Database } from '../src/db/index.ts';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { getProfile } from '../src/modules/profiles/index.ts';
import { addRecordEntries } from '../src/modules/record/index.ts';
import { awardProgress } from '../src/modules/rewards/index.ts';
import { forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

let clock_ms = Date.parse('2026-04-01T12:00:00.000Z');
const nextAt = () => new Date((clock_ms += 1000)).toISOString();

const check = (correct: boolean): RecordEntry => ({
  entryId: randomUUID(),
  kind: 'countCheck',
  at: nextAt(),
  asked: 'runningCount',
  expected: 4,
  answered: correct ? 4 : 3,
});

const decision = (): RecordEntry => ({
  entryId: randomUUID(),
  kind: 'decision',
  at: nextAt(),
  hand: [10, 6],
  upcard: 10,
  trueCount: 0,
  chosen: 'hit',
  best: 'hit',
  evCost: 0,
  bet: 100,
});

const T = true;
const F = false;

/** Everything rewards can change for one player, with the player's id taken out of keys. */
async function rewardState(db: Database, userId: string) {
  const counters = await db.kysely
    .selectFrom('reward_progress')
    .select(['metric', 'value'])
    .where('user_id', '=', userId)
    .orderBy('metric')
    .execute();
  const rewards = await db.kysely
    .selectFrom('credit_transactions')
    .select(['idempotency_key', 'amount'])
    .where('user_id', '=', userId)
    .where('type', '=', 'reward')
    .execute();
  const profile = await getProfile(db, userId);
  const { sum } = await ledgerSum(db.kysely, userId);
  expect(profile?.credits).toBe(sum);
  return {
    counters: Object.fromEntries(counters.map((c) => [c.metric, Number(c.value)])),
    rewards: rewards.map((r) => `${(r.idempotency_key ?? '').replace(userId, 'u')} ${r.amount}`).sort(),
    achievements: [...(profile?.achievements ?? [])].sort(),
    credits: profile?.credits,
  };
}

async function oneByOne(db: Database, userId: string, answers: readonly boolean[]): Promise<void> {
  for (const correct of answers) await awardProgress(db, userId, { type: 'count_check_answered', correct });
}

forEachDatabase('record rewards', (t) => {
  it('a streak crossing 10 mid-batch, then broken in the same batch, pays Perfect count as one by one', async () => {
    const batched = await createTestUser(t.db);
    const single = await createTestUser(t.db);
    // 7 in a row before the batch; the batch's third answer makes 10, the fourth is wrong.
    await oneByOne(t.db, batched.userId, [T, T, T, T, T, T, T]);
    await oneByOne(t.db, single.userId, [T, T, T, T, T, T, T]);
    const answers = [T, T, T, F, T, T, T, T, T, T];
    const batch = answers.map(check);
    batch.splice(5, 0, decision());
    expect(await addRecordEntries(t.db, batched.userId, batch)).toBe(11);
    await oneByOne(t.db, single.userId, answers);

    const state = await rewardState(t.db, batched.userId);
    expect(state).toEqual(await rewardState(t.db, single.userId));
    expect(state.counters).toMatchObject({
      count_checks_correct: 16,
      count_check_streak: 6,
      count_check_streak_best: 10,
      xp: 80,
    });
    expect(state.achievements).toEqual(['count_check_first', 'count_streak_10']);
    expect(state.credits).toBe(INITIAL_CREDITS + 2 * REWARD_ACHIEVEMENT);

    // The same batch again (a retry) stores nothing and pays nothing.
    expect(await addRecordEntries(t.db, batched.userId, batch)).toBe(0);
    expect(await rewardState(t.db, batched.userId)).toEqual(state);
  });

  it('the longest run between two wrong answers of one batch is the best streak, as one by one', async () => {
    const batched = await createTestUser(t.db);
    const single = await createTestUser(t.db);
    await oneByOne(t.db, batched.userId, [T, T, T]);
    await oneByOne(t.db, single.userId, [T, T, T]);
    const answers = [T, F, ...Array<boolean>(12).fill(T), F, T, T];
    await addRecordEntries(t.db, batched.userId, answers.map(check));
    await oneByOne(t.db, single.userId, answers);

    const state = await rewardState(t.db, batched.userId);
    expect(state).toEqual(await rewardState(t.db, single.userId));
    expect(state.counters).toMatchObject({ count_check_streak: 2, count_check_streak_best: 12 });
    expect(state.achievements).toEqual(['count_check_first', 'count_streak_10']);
  });

  it('a full batch crossing 100 correct and two levels pays each once, as one by one', async () => {
    const batched = await createTestUser(t.db);
    const single = await createTestUser(t.db);
    // 90 right, one wrong, 8 right, one wrong: 98 correct, best streak 90.
    const answers = [...Array<boolean>(90).fill(T), F, ...Array<boolean>(8).fill(T), F];
    expect(answers).toHaveLength(RECORD_ENTRIES_PER_POST_MAX);
    await addRecordEntries(t.db, batched.userId, answers.map(check));
    await oneByOne(t.db, single.userId, answers);
    // 490 experience after the batch (levels 2 and 3); two more right make the 100th correct.
    await addRecordEntries(t.db, batched.userId, [check(T), check(T)]);
    await oneByOne(t.db, single.userId, [T, T]);

    const state = await rewardState(t.db, batched.userId);
    expect(state).toEqual(await rewardState(t.db, single.userId));
    expect(state.counters).toMatchObject({
      count_checks_correct: 100,
      count_check_streak: 2,
      count_check_streak_best: 90,
      xp: 500,
    });
    expect(state.achievements).toEqual(['count_check_first', 'count_checks_100', 'count_streak_10']);
    expect(state.credits).toBe(INITIAL_CREDITS + 3 * REWARD_ACHIEVEMENT + 2 * REWARD_LEVEL_UP);
  });

  const SEED = Number(process.env.RECORD_REWARDS_SEED ?? Date.now() % 1_000_000);
  const ANSWERS = 300;
  it(`random batches with retries and duplicates pay as one by one (seed ${SEED})`, async () => {
    const where = `RECORD_REWARDS_SEED=${SEED}`;
    const source = seededRng(SEED);
    const random = () => randomFloat(source);
    const batched = await createTestUser(t.db);
    const single = await createTestUser(t.db);
    let sent = 0;
    // Bounded: each pass sends at least one count check.
    for (let batchNo = 0; sent < ANSWERS; batchNo++) {
      const size = 1 + Math.floor(random() * Math.min(60, ANSWERS - sent));
      // Mostly right, so streaks of 10 and more happen and break.
      const answers = Array.from({ length: size }, () => random() < 0.88);
      const batch = answers.map(check);
      if (random() < 0.5) batch.splice(Math.floor(random() * batch.length), 0, decision());
      // A duplicate inside the batch is stored (and paid) once. The copy comes right after its
      // first: the batch keeps one copy at the place of the last, so a later copy would move it.
      if (random() < 0.3) {
        const at = Math.floor(random() * batch.length);
        batch.splice(at + 1, 0, batch[at]!);
      }
      await addRecordEntries(t.db, batched.userId, batch);
      if (random() < 0.3) expect(await addRecordEntries(t.db, batched.userId, batch), where).toBe(0);
      await oneByOne(t.db, single.userId, answers);
      sent += size;
      expect(await rewardState(t.db, batched.userId), `${where} batch ${batchNo}`).toEqual(
        await rewardState(t.db, single.userId),
      );
    }
  });
});
