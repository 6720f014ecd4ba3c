/**
 * The profile module. The auth module calls `profileHooks(db)` from better-auth's hooks:
 * ensureProfile on first sign-in (idempotent), touchLastLogin on every sign-in.
 */
import type { Clock } from '../../clock.ts';
import { systemClock } from '../../clock.ts';
import type { ProfileHooks } from '../../auth/types.ts';
import type { Database } from '../../db/index.ts';
import { ensureProfile, touchLastLogin } from './profiles.ts';

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

/** The hooks object the auth plugin takes (`profiles` option), bound to a database. */
export function profileHooks(db: Database, clock: Clock = systemClock): ProfileHooks {
  return {
    async ensureProfile(input) {
      await ensureProfile(db, input, clock());
    },
    async touchLastLogin(userId) {
      await touchLastLogin(db, userId, clock());
    },
  };
}
