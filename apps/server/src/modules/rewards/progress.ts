/** The player's progress as `GET /api/me/progress` shows it: level, experience, achievements. */
import {
  ACHIEVEMENTS,
  AppError,
  DAILY_BONUS_INTERVAL_ms,
  LEVEL_MAX,
  REWARD_ACHIEVEMENT,
  REWARD_LEVEL_UP,
  levelForXp,
  xpForLevel,
  type ProgressResponse,
} from '@card-counter/shared';
import type { Database } from '../../db/index.ts';

export async function getProgress(db: Database, userId: string, now: Date): Promise<ProgressResponse> {
  const profile = await db.kysely
    .selectFrom('profiles')
    .select(['last_daily_bonus'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (profile === undefined) throw new AppError('USER_DOC_MISSING');
  const counters = await db.kysely
    .selectFrom('reward_progress')
    .select(['metric', 'value'])
    .where('user_id', '=', userId)
    .execute();
  const value = new Map(counters.map((c) => [c.metric, Number(c.value)]));
  const prefix = `achievement:${userId}:`;
  const unlocks = await db.kysely
    .selectFrom('credit_transactions')
    .select(['idempotency_key', 'created_at'])
    .where('user_id', '=', userId)
    .where('type', '=', 'reward')
    .where('idempotency_key', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .execute();
  const unlockedAt = new Map(
    unlocks.map((u) => [
      (u.idempotency_key ?? '').slice(prefix.length),
      new Date(u.created_at).toISOString(),
    ]),
  );

  const xp = value.get('xp') ?? 0;
  const level = levelForXp(xp);
  const last = profile.last_daily_bonus === null ? null : new Date(profile.last_daily_bonus);
  const next = last === null ? null : new Date(last.getTime() + DAILY_BONUS_INTERVAL_ms);
  return {
    xp,
    level,
    levelXp: xpForLevel(level),
    nextLevelXp: level >= LEVEL_MAX ? null : xpForLevel(level + 1),
    levelUpCredits: REWARD_LEVEL_UP,
    achievements: ACHIEVEMENTS.map((a) => ({
      id: a.id,
      title: a.title,
      description: a.description,
      target: a.target,
      progress: Math.min(value.get(a.metric) ?? 0, a.target),
      unlockedAt: unlockedAt.get(a.id) ?? null,
      rewardCredits: REWARD_ACHIEVEMENT,
    })),
    nextDailyBonusAt: next !== null && next.getTime() > now.getTime() ? next.toISOString() : null,
  };
}
