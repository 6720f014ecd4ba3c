/**
 * The profile module. The auth module calls `profileHooks(db)` from better-auth's hooks:
 * ensureProfile on first sign-in (idempotent), touchLastLogin on every sign-in.
 */
import type { Clock } from '../../clock.ts';
import { systemClock } from '../../clock.ts';
import type { ProfileHooks } from '../../auth/types.ts';
import type { Database } from '../../db/index.ts';
import { ensureProfile, touchLastLogin } from './profiles.ts';
import { repairProfileOf } from './signup-repair.ts';

export {
  ensureProfile,
  touchLastLogin,
  getProfile,
  hasProfile,
  updateProfile,
  toProfile,
  defaultDisplayName,
  defaultUsername,
  type NewProfile,
} from './profiles.ts';
export { claimDailyBonus } from './daily-bonus.ts';
export { repairCutShortSignups, repairProfileOf } from './signup-repair.ts';

/** The hooks object the auth plugin takes (`profiles` option), bound to a database. */
export function profileHooks(db: Database, clock: Clock = systemClock): ProfileHooks {
  return {
    async ensureProfile(input) {
      await ensureProfile(db, input, clock());
    },
    async touchLastLogin(userId) {
      // No profile yet: a sign-up cut short by a crash; every sign-in completes it.
      if (!(await touchLastLogin(db, userId, clock()))) await repairProfileOf(db, userId, clock());
    },
  };
}
