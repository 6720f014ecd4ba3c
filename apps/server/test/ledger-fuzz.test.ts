import { AppError, INITIAL_CREDITS } from '@card-counter/shared';
import { expect, it } from 'vitest';
import { applyCredit, ledgerSum } from '../src/modules/ledger/index.ts';
import { getProfile } from '../src/modules/profiles/index.ts';
import { forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

/** mulberry32: small seeded PRNG, for reproducible operation sequences. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPS = 120;
const SEED = Number(process.env.LEDGER_FUZZ_SEED ?? Date.now() % 1_000_000);

forEachDatabase('ledger fuzz', (t) => {
  it(`matches an in-memory model over ${OPS} random operations (seed ${SEED})`, async () => {
    const where = `LEDGER_FUZZ_SEED=${SEED}`;
    const random = rng(SEED);
    const users = [await createTestUser(t.db), await createTestUser(t.db), await createTestUser(t.db)];
    const model = new Map(users.map((u) => [u.userId, INITIAL_CREDITS]));
    const keys = new Map<string, { userId: string; amount: number }>();
    for (let i = 0; i < OPS; i++) {
      const userId = users[Math.floor(random() * users.length)]!.userId;
      const reuse = keys.size > 0 && random() < 0.15;
      let amount = Math.round((random() - 0.55) * 8000) || 1;
      let key: string | undefined;
      if (reuse) {
        const entries = [...keys.entries()];
        const [k, op] = entries[Math.floor(random() * entries.length)]!;
        key = k;
        amount = op.amount;
        const res = await applyCredit(t.db, {
          userId: op.userId,
          type: 'game',
          amount,
          description: '',
          idempotencyKey: key,
        });
        expect(res.applied, `${where} op ${i}: replay must not apply`).toBe(false);
        continue;
      }
      if (random() < 0.3) key = `fuzz:${SEED}:${i}`;
      const expected = model.get(userId)! + amount;
      const outcome = await applyCredit(t.db, {
        userId,
        type: 'game',
        amount,
        description: `op ${i}`,
        idempotencyKey: key,
      }).then(
        (r) => r,
        (e: unknown) => e,
      );
      if (expected < 0) {
        expect((outcome as AppError).code, `${where} op ${i}`).toBe('INSUFFICIENT_CREDITS');
      } else {
        expect(outcome, `${where} op ${i}`).toMatchObject({ applied: true, balance: expected });
        model.set(userId, expected);
        if (key !== undefined) keys.set(key, { userId, amount });
      }
    }
    for (const { userId } of users) {
      const profile = await getProfile(t.db, userId);
      expect(profile?.credits, `${where} final balance`).toBe(model.get(userId));
      expect((await ledgerSum(t.db.kysely, userId)).sum, `${where} ledger sum`).toBe(model.get(userId));
    }
  });
});
