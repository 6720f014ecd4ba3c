/**
 * The player's paid-drill pace (ADR 0044), kept beside the reward counters in `reward_progress`
 * under metrics of its own (never shown, never an achievement's): when the last paid drill was
 * answered (ms since the epoch), and how many drills paid on which UTC day. A person counts one
 * countdown at a time, so a paid drill's counting time runs from its deal or from the last paid
 * answer, whichever is later: five deals answered together pay one. At most
 * DRILLS_PAID_PER_DAY_MAX drills pay per UTC day. The caller holds the profile row (every award
 * of one player queues there), so two answers at once see each other's claim.
 */
import { DRILLS_PAID_PER_DAY_MAX, type PracticeReason } from '@card-counter/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';

const PAID_UNTIL = 'drill_paid_until_ms';
const PAID_DAY = 'drill_paid_day';
const PAID_TODAY = 'drills_paid_today';
const DAY_ms = 86_400_000;

/**
 * Claims a paid drill for an answer arriving `now` to a deal dealt at `dealtAt` that needs
 * `min_ms` of counting: null when it pays (the pace and today's count move), else why not.
 */
export async function claimDrillPace(trx: Kysely<DB>, userId: string, dealtAt: Date, now: Date, min_ms: number): Promise<PracticeReason | null> {
  const rows = await trx
    .selectFrom('reward_progress')
    .select(['metric', 'value'])
    .where('user_id', '=', userId)
    .where('metric', 'in', [PAID_UNTIL, PAID_DAY, PAID_TODAY])
    .forUpdate()
    .execute();
  const value = (metric: string) => Number(rows.find((r) => r.metric === metric)?.value ?? 0);
  const start_ms = Math.max(dealtAt.getTime(), value(PAID_UNTIL));
  if (now.getTime() - start_ms < min_ms) return 'tooFast';
  const today = Math.floor(now.getTime() / DAY_ms);
  const paidToday = value(PAID_DAY) === today ? value(PAID_TODAY) : 0;
  if (paidToday >= DRILLS_PAID_PER_DAY_MAX) return 'dailyLimit';
  const set = [
    { metric: PAID_UNTIL, value: now.getTime() },
    { metric: PAID_DAY, value: today },
    { metric: PAID_TODAY, value: paidToday + 1 },
  ];
  await trx
    .insertInto('reward_progress')
    .values(set.map((s) => ({ user_id: userId, metric: s.metric, value: s.value, updated_at: now })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'metric']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
  return null;
}
