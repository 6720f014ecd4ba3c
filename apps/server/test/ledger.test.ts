import { AppError, INITIAL_CREDITS } from '@card-counter/shared';
import { expect, it } from 'vitest';
import type { Database } from '../src/db/index.ts';
import { applyCredit, ledgerSum, listTransactions } from '../src/modules/ledger/index.ts';
import { ensureProfile, getProfile } from '../src/modules/profiles/index.ts';
import { forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

async function balanceOf(db: Database, userId: string): Promise<number> {
  const p = await getProfile(db, userId);
  if (p === null) throw new Error('no profile');
  expect(p.balance).toBe(p.credits);
  return p.credits;
}

async function expectInvariant(db: Database, userId: string): Promise<number> {
  const balance = await balanceOf(db, userId);
  const { sum } = await ledgerSum(db.kysely, userId);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(sum).toBe(balance);
  return balance;
}

forEachDatabase('ledger', (t) => {
  it('creates the profile with every spec field, the signup grant as first row, once', async () => {
    const { userId, email } = await createTestUser(t.db, { name: 'Ann Lee' });
    const p = await getProfile(t.db, userId);
    expect(p).toMatchObject({
      uid: userId,
      email,
      username: 'Ann_Lee',
      displayName: 'Ann Lee',
      credits: INITIAL_CREDITS,
      balance: INITIAL_CREDITS,
      achievements: [],
      totalHandsPlayed: 0,
      totalHandsWon: 0,
      totalWinnings: 0,
      bestStreak: 0,
      biggestWin: 0,
      winRate: 0,
      showOnLeaderboard: true,
      hasReceivedFirstPurchaseBonus: false,
      lastDailyBonus: null,
      authProvider: 'email',
      linkedProviders: { google: false, email: false },
    });
    const again = await ensureProfile(t.db, {
      userId,
      email,
      name: 'x',
      authProvider: 'email',
      emailVerified: false,
    });
    expect(again).toBe(false);
    const page = await listTransactions(t.db, userId, { limit: 10 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      type: 'signup',
      amount: INITIAL_CREDITS,
      balance: INITIAL_CREDITS,
    });
    await expectInvariant(t.db, userId);
  });

  it('ensureProfile raced 20x creates one profile and one grant', async () => {
    const { userId, email } = await createTestUser(t.db);
    await t.db.kysely.deleteFrom('profiles').where('user_id', '=', userId).execute();
    const input = { userId, email, name: 'Racer', authProvider: 'email' as const, emailVerified: false };
    const created = await Promise.all(Array.from({ length: 20 }, () => ensureProfile(t.db, input)));
    expect(created.filter(Boolean)).toHaveLength(1);
    expect((await ledgerSum(t.db.kysely, userId)).count).toBe(1);
    expect(await expectInvariant(t.db, userId)).toBe(INITIAL_CREDITS);
  });

  it('refuses a debit below zero and changes nothing', async () => {
    const { userId } = await createTestUser(t.db);
    const err = await applyCredit(t.db, {
      userId,
      type: 'game',
      amount: -(INITIAL_CREDITS + 1),
      description: 'too much',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('INSUFFICIENT_CREDITS');
    expect((err as AppError).message).toBe('Insufficient credits.');
    expect(await expectInvariant(t.db, userId)).toBe(INITIAL_CREDITS);
    const all = await applyCredit(t.db, {
      userId,
      type: 'game',
      amount: -INITIAL_CREDITS,
      description: 'all in',
    });
    expect(all.balance).toBe(0);
    expect(await expectInvariant(t.db, userId)).toBe(0);
  });

  it('rejects bad input and unknown users', async () => {
    const { userId } = await createTestUser(t.db);
    for (const amount of [0, 1.5, Number.NaN, 1e12]) {
      await expect(
        applyCredit(t.db, { userId, type: 'game', amount, description: '' }),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
    await expect(
      applyCredit(t.db, { userId, type: 'Bad Type', amount: 1, description: '' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(
      applyCredit(t.db, { userId: 'nobody', type: 'game', amount: 1, description: '' }),
    ).rejects.toMatchObject({
      code: 'USER_DOC_MISSING',
    });
    expect(await expectInvariant(t.db, userId)).toBe(INITIAL_CREDITS);
  });

  it('keeps balance >= 0 and = sum of rows under 50 concurrent random credits and debits', async () => {
    const { userId } = await createTestUser(t.db);
    const amounts = Array.from({ length: 50 }, (_, i) => (i % 3 === 0 ? 700 : -1500 - (i % 7) * 100));
    const results = await Promise.allSettled(
      amounts.map((amount, i) => applyCredit(t.db, { userId, type: 'game', amount, description: `op ${i}` })),
    );
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('INSUFFICIENT_CREDITS');
    }
    const applied = results.filter((r) => r.status === 'fulfilled').length;
    const balance = await expectInvariant(t.db, userId);
    expect((await ledgerSum(t.db.kysely, userId)).count).toBe(applied + 1);
    // Rows form one chain: each balance_after = previous + amount, never negative.
    const page = await listTransactions(t.db, userId, { limit: 100 });
    const chain = [...page.items].reverse();
    let running = 0;
    for (const row of chain) {
      running += row.amount;
      expect(row.balance).toBe(running);
      expect(row.balance).toBeGreaterThanOrEqual(0);
    }
    expect(running).toBe(balance);
    expect(results.some((r) => r.status === 'rejected')).toBe(true);
  });

  it('applies an idempotent operation once when raced 20x and retried', async () => {
    const { userId } = await createTestUser(t.db);
    const op = {
      userId,
      type: 'purchase',
      amount: 5000,
      description: 'pack',
      idempotencyKey: `pi:${userId}:1`,
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => applyCredit(t.db, op)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    const ids = new Set(results.map((r) => r.transaction.id));
    expect(ids.size).toBe(1);
    for (const r of results) expect(r.balance).toBe(INITIAL_CREDITS + 5000);
    const retry = await applyCredit(t.db, op);
    expect(retry.applied).toBe(false);
    expect(await expectInvariant(t.db, userId)).toBe(INITIAL_CREDITS + 5000);
    await expect(applyCredit(t.db, { ...op, amount: 1 })).rejects.toThrow(/reused/);
  });

  it('the same key raced by two users credits only the first', async () => {
    const a = await createTestUser(t.db);
    const b = await createTestUser(t.db);
    const key = `shared-key:${a.userId}`;
    const settled = await Promise.allSettled([
      applyCredit(t.db, {
        userId: a.userId,
        type: 'bonus',
        amount: 10,
        description: '',
        idempotencyKey: key,
      }),
      applyCredit(t.db, {
        userId: b.userId,
        type: 'bonus',
        amount: 10,
        description: '',
        idempotencyKey: key,
      }),
    ]);
    expect(settled.filter((s) => s.status === 'fulfilled' && s.value.applied)).toHaveLength(1);
    const total = (await balanceOf(t.db, a.userId)) + (await balanceOf(t.db, b.userId));
    expect(total).toBe(2 * INITIAL_CREDITS + 10);
    await expectInvariant(t.db, a.userId);
    await expectInvariant(t.db, b.userId);
  });

  it('pages transactions newest first with a keyset cursor', async () => {
    const { userId } = await createTestUser(t.db);
    for (let i = 1; i <= 7; i++)
      await applyCredit(t.db, { userId, type: 'game', amount: i, description: `n${i}` });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await listTransactions(t.db, userId, { limit: 3, cursor });
      seen.push(...page.items.map((x) => x.description));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['n7', 'n6', 'n5', 'n4', 'n3', 'n2', 'n1', 'Welcome credits']);
  });
});
