/**
 * zod schemas of every request and response of the platform API (issue 2) and their types.
 * Timestamps travel as ISO 8601 strings. The server validates input with these schemas and
 * the web app parses responses with them, so both sides agree by construction.
 */
import { z } from 'zod';
import { TRANSACTIONS_LIMIT_DEFAULT, TRANSACTIONS_LIMIT_MAX } from './constants.ts';

const isoDate = z.iso.datetime({ offset: true });

export const LinkedProvidersSchema = z.object({ google: z.boolean(), email: z.boolean() });
export type LinkedProviders = z.infer<typeof LinkedProvidersSchema>;

export const AuthProviderSchema = z.enum(['email', 'google']);
export type AuthProvider = z.infer<typeof AuthProviderSchema>;

/** The user profile of spec section 3, every field. `balance` always equals `credits`. */
export const ProfileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string(),
  credits: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
  achievements: z.array(z.string()),
  createdAt: isoDate,
  lastLogin: isoDate,
  joinedAt: isoDate,
  lastUpdated: isoDate,
  authProvider: AuthProviderSchema,
  emailVerified: z.boolean(),
  totalHandsPlayed: z.number().int().nonnegative(),
  totalHandsWon: z.number().int().nonnegative(),
  totalWinnings: z.number().int(),
  bestStreak: z.number().int().nonnegative(),
  biggestWin: z.number().int().nonnegative(),
  /** Hands won / hands played, 0 when none played. */
  winRate: z.number().min(0).max(1),
  showOnLeaderboard: z.boolean(),
  hasReceivedFirstPurchaseBonus: z.boolean(),
  lastDailyBonus: isoDate.nullable(),
  linkedProviders: LinkedProvidersSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** GET/PATCH /api/me: the profile plus what only the server knows about the caller. */
export const MeResponseSchema = ProfileSchema.extend({
  /** The user id is in ADMIN_USER_IDS: the web app's /admin guard reads this. */
  isAdmin: z.boolean(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** Names: trimmed, 1..40 characters, no control characters. */
const nameField = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(40, 'must be at most 40 characters')
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

/** `PATCH /api/me`: only these fields; any other key is a 400. At least one field. */
export const PatchMeSchema = z
  .strictObject({
    displayName: nameField.optional(),
    username: nameField
      .regex(/^[\p{L}\p{N}_.-]+$/u, 'may contain only letters, digits, _ . and -')
      .optional(),
    showOnLeaderboard: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'at least one field is required' });
export type PatchMe = z.infer<typeof PatchMeSchema>;

/**
 * A ledger entry type: the app's own are signup, bonus, game, purchase, simulator and reward;
 * callers may add their own (spec: "or a caller-supplied type").
 */
export const CreditTransactionTypeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be a lower-case identifier of at most 32 characters');

export const CreditTransactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: CreditTransactionTypeSchema,
  /** Negative for a deduction. */
  amount: z.number().int(),
  /** The balance after this entry. */
  balance: z.number().int().nonnegative(),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDate,
});
export type CreditTransaction = z.infer<typeof CreditTransactionSchema>;

/** `GET /api/me/transactions?limit=20&cursor=...`: newest first, keyset pagination. */
export const TransactionsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(TRANSACTIONS_LIMIT_MAX).default(TRANSACTIONS_LIMIT_DEFAULT),
  /** The `nextCursor` of the previous page (opaque). */
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'is not a valid cursor')
    .optional(),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuerySchema>;

export const TransactionsPageSchema = z.object({
  items: z.array(CreditTransactionSchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TransactionsPage = z.infer<typeof TransactionsPageSchema>;

/** `POST /api/me/daily-bonus` 200. */
export const DailyBonusResponseSchema = z.object({
  credited: z.number().int().positive(),
  balance: z.number().int().nonnegative(),
  nextClaimAt: isoDate,
});
export type DailyBonusResponse = z.infer<typeof DailyBonusResponseSchema>;

/** `GET /api/health`: 200 when everything is ok, 503 with the failing part's reason. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

/** Settings a deployment may lack; listed in `AppConfig.missing` (production only). */
export const CONFIG_SETTINGS = [
  'BETTER_AUTH_SECRET',
  'APP_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
] as const;
export type ConfigSetting = (typeof CONFIG_SETTINGS)[number];

/** `GET /api/config`: what the web app needs to know about this deployment. */
export const AppConfigSchema = z.object({
  auth: z.object({ emailPassword: z.literal(true), google: z.boolean() }),
  payments: z.object({ mode: z.enum(['stripe', 'demo']), publishableKey: z.string().optional() }),
  features: z.object({
    admin: z.literal(false),
    analytics: z.literal(false),
    installableApp: z.literal(false),
  }),
  /** Settings whose absence makes the deployment incomplete ('Deployment Configuration Error'). */
  missing: z.array(z.enum(CONFIG_SETTINGS)),
  environment: z.enum(['development', 'production', 'test']),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

/** The SSE stream `GET /api/me/stream` sends `event: profile` with this data on every change. */
export const ProfileEventSchema = ProfileSchema;
export type ProfileEvent = Profile;
