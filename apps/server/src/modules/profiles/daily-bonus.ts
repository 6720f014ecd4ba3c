/**
 * The daily login bonus: 100 credits when 24 hours have passed since the
 * last claim; otherwise refused with the next claim time. The check, the credit and the new
 * claim time are one transaction under the profile's row lock, so concurrent claims queue
 * and only the first finds the bonus claimable. The idempotency key (`daily:<user>:<last
 * claim>`) is a second guard: even a replayed transaction credits once per period.
 */
import {
  AppError,
  DAILY_BONUS_INTERVAL_ms,
  REWARD_DAILY_BONUS,
  type DailyBonusResponse,
} from '@card-counter/shared';
import type { Database } from '../../db/index.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { awardProgress } from '../rewards/index.ts';

export async function claimDailyBonus(db: Database, userId: string, now: Date): Promise<DailyBonusResponse> {
  return db.kysely.transaction().execute(async (trx) => {
    const profile = await trx
      .selectFrom('profiles')
      .select('last_daily_bonus')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (profile === undefined) throw new AppError('USER_DOC_MISSING');
    const last = profile.last_daily_bonus === null ? null : new Date(profile.last_daily_bonus);
    if (last !== null && now.getTime() - last.getTime() < DAILY_BONUS_INTERVAL_ms) {
      const nextClaimAt = new Date(last.getTime() + DAILY_BONUS_INTERVAL_ms).toISOString();
      throw new AppError('DAILY_BONUS_NOT_READY', undefined, undefined, { nextClaimAt });
    }
    const result = await applyCreditInTransaction(trx, {
      userId,
      type: 'bonus',
      amount: REWARD_DAILY_BONUS,
      description: 'Daily login bonus',
      metadata: { kind: 'daily' },
      idempotencyKey: `daily:${userId}:${last === null ? 'first' : last.toISOString()}`,
      now,
    });
    if (!result.applied)
      throw new Error('daily bonus invariant: key replayed while the claim time was unchanged');
    await trx.updateTable('profiles').set({ last_daily_bonus: now }).where('user_id', '=', userId).execute();
    // Experience and the 'daily_7' achievement, in the claim's transaction (counted once).
    const award = await awardProgress(trx, userId, { type: 'daily_bonus_claimed' }, now);
    return {
      credited: REWARD_DAILY_BONUS,
      balance: result.balance + award.credited,
      nextClaimAt: new Date(now.getTime() + DAILY_BONUS_INTERVAL_ms).toISOString(),
    };
  });
}
