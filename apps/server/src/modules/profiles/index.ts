/**
 * The profiles module: the player's profile (created with the signup grant on first sign-in),
 * its routes under /api/me and its live topic. The app factory passes `profileHooks` to the
 * auth plugin: ensureProfile on first sign-in (idempotent), touchLastLogin on every sign-in.
 */
import type { ProfileHooks } from '../../auth/types.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/open.ts';
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
export { profileRoutes as profilesModule } from './routes.ts';
export type { ProfilesTables, ProfilesTable } from './tables.ts';
export { repairCutShortSignups, repairProfileOf } from './signup-repair.ts';

/** The hooks object the auth plugin takes (`profiles` option), bound to a database. */
export function profileHooks(db: Database, clock: Clock): ProfileHooks {
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
