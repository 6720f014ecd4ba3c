import { randomFloat, seededRng } from '@card-counter/engine';
import { AppError, INITIAL_CREDITS } from '@card-counter/shared';
import { expect, it } from 'vitest';
import { applyCredit, ledgerSum } from '../src/modules/ledger/index.ts';
import { getProfile } from '../src/modules/profiles/index.ts';
import { forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

/** Reproducible uniform floats in [0, 1) from the engine's seeded generator (xoshiro128**). */
function rng(seed: number): () => number {
  const source = seededRng(seed);
  return () => randomFloat(source);
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
