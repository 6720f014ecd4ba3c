/** The player's profile: GET/PATCH /api/me, the daily bonus and the live profile stream. */
import { z } from '../zod.ts';
import { isoDate } from './iso-date.ts';

export const LinkedProvidersSchema = z.object({ google: z.boolean(), email: z.boolean() });
export type LinkedProviders = z.infer<typeof LinkedProvidersSchema>;

export const AuthProviderSchema = z.enum(['email', 'google']);
export type AuthProvider = z.infer<typeof AuthProviderSchema>;

/** The user profile, every field of the product's user entity. `balance` always equals `credits`. */
export const ProfileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string(),
  credits: z.int().check(z.nonnegative()),
  balance: z.int().check(z.nonnegative()),
  achievements: z.array(z.string()),
  createdAt: isoDate,
  lastLogin: isoDate,
  joinedAt: isoDate,
  lastUpdated: isoDate,
  authProvider: AuthProviderSchema,
  emailVerified: z.boolean(),
  totalHandsPlayed: z.int().check(z.nonnegative()),
  totalHandsWon: z.int().check(z.nonnegative()),
  totalWinnings: z.int(),
  bestStreak: z.int().check(z.nonnegative()),
  biggestWin: z.int().check(z.nonnegative()),
  /** Hands won / hands played, 0 when none played. */
  winRate: z.number().check(z.gte(0), z.lte(1)),
  showOnLeaderboard: z.boolean(),
  hasReceivedFirstPurchaseBonus: z.boolean(),
  lastDailyBonus: z.nullable(isoDate),
  linkedProviders: LinkedProvidersSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** GET/PATCH /api/me: the profile plus what only the server knows about the caller. */
export const MeResponseSchema = z.extend(ProfileSchema, {
  /** The user id is in ADMIN_USER_IDS: the web app's /admin guard reads this. */
  isAdmin: z.boolean(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/**
 * `GET /api/session`: who the caller is, answered 200 either way, so the app's start on a
 * signed-out visit makes no failing request (a 401 is logged in the browser's console whatever
 * the page does with it). Everything behind a session still answers 401 without one.
 */
export const SessionResponseSchema = z.discriminatedUnion('signedIn', [
  z.strictObject({ signedIn: z.literal(false) }),
  z.strictObject({ signedIn: z.literal(true), me: MeResponseSchema }),
]);
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** Names: trimmed, 1..40 characters, no control characters. */
const nameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(40, 'must be at most 40 characters'),
    z.regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'),
  );

/** `PATCH /api/me`: only these fields; any other key is a 400. At least one field. */
export const PatchMeSchema = z
  .strictObject({
    displayName: z.optional(nameField),
    username: z.optional(
      nameField.check(z.regex(/^[\p{L}\p{N}_.-]+$/u, 'may contain only letters, digits, _ . and -')),
    ),
    showOnLeaderboard: z.optional(z.boolean()),
  })
  .check(z.refine((v) => Object.keys(v).length > 0, { message: 'at least one field is required' }));
export type PatchMe = z.infer<typeof PatchMeSchema>;

/** `POST /api/me/daily-bonus` 200. */
export const DailyBonusResponseSchema = z.object({
  credited: z.int().check(z.positive()),
  balance: z.int().check(z.nonnegative()),
  nextClaimAt: isoDate,
});
export type DailyBonusResponse = z.infer<typeof DailyBonusResponseSchema>;

/** The SSE stream `GET /api/me/stream` sends `event: profile` with this data on every change. */
export const ProfileEventSchema = ProfileSchema;
export type ProfileEvent = Profile;
