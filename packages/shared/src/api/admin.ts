/**
 * The operator's tools under /api/admin (only users whose id is in ADMIN_USER_IDS; anyone
 * else gets 403 FORBIDDEN on every route, whatever the web app shows). Every action is
 * written to the append-only audit log with who, when, what and why.
 */
import { z } from 'zod';
import { isoDate } from './iso-date.ts';
import { CreditTransactionSchema, TransactionsPageSchema } from './ledger.ts';
import { LinkedProvidersSchema, ProfileSchema } from './profile.ts';

/** Largest single admin grant or removal: corrections, not a second currency press. */
export const ADMIN_CREDIT_AMOUNT_MAX = 10_000_000;
export const ADMIN_PAGE_LIMIT_MAX = 100;
export const ADMIN_PAGE_LIMIT_DEFAULT = 25;

/** Why an operator acted: mandatory, trimmed, shown in the audit log (and, for credits, the player's ledger). */
export const AdminReasonSchema = z
  .string()
  .trim()
  .min(3, 'must say why (at least 3 characters)')
  .max(200, 'must be at most 200 characters')
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

const pageLimit = z.coerce.number().int().min(1).max(ADMIN_PAGE_LIMIT_MAX).default(ADMIN_PAGE_LIMIT_DEFAULT);
const pageOffset = z.coerce.number().int().min(0).max(1_000_000).default(0);
/** Keyset cursor over a bigint id (the previous page's nextCursor). */
const idCursor = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/, 'is not a valid cursor')
  .optional();

export const AdminUserIdParamsSchema = z.strictObject({ id: z.string().min(1).max(200) });

// ---- users ----

/** `GET /api/admin/users?q=&limit=&offset=`: e-mail, name or username contains q, or id equals q. */
export const AdminUserSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(200).default(''),
  limit: pageLimit,
  offset: pageOffset,
});
export type AdminUserSearchQuery = z.infer<typeof AdminUserSearchQuerySchema>;

export const AdminBlockSchema = z.object({
  reason: z.string(),
  blockedBy: z.string(),
  blockedAt: isoDate,
});
export type AdminBlock = z.infer<typeof AdminBlockSchema>;

export const AdminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  /** null when the profile is missing (a sign-up cut short). */
  credits: z.number().int().nonnegative().nullable(),
  createdAt: isoDate,
  lastLogin: isoDate.nullable(),
  blocked: z.boolean(),
  isAdmin: z.boolean(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;

export const AdminUserSearchResponseSchema = z.object({
  items: z.array(AdminUserSummarySchema),
  total: z.number().int().nonnegative(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AdminUserSearchResponse = z.infer<typeof AdminUserSearchResponseSchema>;

export const AdminSessionSchema = z.object({
  id: z.string(),
  createdAt: isoDate,
  expiresAt: isoDate,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export const AdminLinkedAccountSchema = z.object({
  providerId: z.string(),
  createdAt: isoDate,
});

/** Counts from the player's record (play_record): decisions at the table and count checks. */
export const AdminRecordStatsSchema = z.object({
  decisions: z.number().int().nonnegative(),
  decisionsCorrect: z.number().int().nonnegative(),
  countChecks: z.number().int().nonnegative(),
  countChecksCorrect: z.number().int().nonnegative(),
  /** Expected credits given away by decisions the coach would not have made. */
  evCostCredits: z.number(),
  lastAt: isoDate.nullable(),
});
export type AdminRecordStats = z.infer<typeof AdminRecordStatsSchema>;

/** A part of the service whose table is not in this database yet (built on another branch). */
export const AdminUnavailableSchema = z.object({ available: z.literal(false), note: z.string() });

export const AdminUserDetailSchema = z.object({
  user: AdminUserSummarySchema.extend({ emailVerified: z.boolean() }),
  profile: ProfileSchema.nullable(),
  linkedProviders: LinkedProvidersSchema,
  accounts: z.array(AdminLinkedAccountSchema),
  sessions: z.array(AdminSessionSchema),
  block: AdminBlockSchema.nullable(),
  record: AdminRecordStatsSchema,
  drills: z.union([
    AdminUnavailableSchema,
    z.object({ available: z.literal(true), cards: z.number().int(), due: z.number().int() }),
  ]),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const AdminLedgerQuerySchema = z.strictObject({ limit: pageLimit, cursor: idCursor });
export const AdminLedgerPageSchema = TransactionsPageSchema;

// ---- credits ----

/** `POST /api/admin/users/:id/credits`: positive grants, negative removes; never below zero. */
export const AdminCreditRequestSchema = z.strictObject({
  /** Chosen by the client once per intended change; a retry with it changes nothing more. */
  requestId: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, _ and -'),
  amount: z
    .number()
    .int()
    .min(-ADMIN_CREDIT_AMOUNT_MAX)
    .max(ADMIN_CREDIT_AMOUNT_MAX)
    .refine((n) => n !== 0, 'must not be 0'),
  reason: AdminReasonSchema,
});
export type AdminCreditRequest = z.infer<typeof AdminCreditRequestSchema>;

export const AdminCreditResponseSchema = z.object({
  transaction: CreditTransactionSchema,
  balance: z.number().int().nonnegative(),
  /** false: this requestId had already been applied; nothing changed this time. */
  applied: z.boolean(),
});
export type AdminCreditResponse = z.infer<typeof AdminCreditResponseSchema>;

// ---- accounts ----

export const AdminReasonBodySchema = z.strictObject({ reason: AdminReasonSchema });
export type AdminReasonBody = z.infer<typeof AdminReasonBodySchema>;

export const AdminAccountActionResponseSchema = z.object({
  blocked: z.boolean(),
  /** Sessions ended by this action. */
  sessionsRevoked: z.number().int().nonnegative(),
});
export type AdminAccountActionResponse = z.infer<typeof AdminAccountActionResponseSchema>;

// ---- audit ----

export const AdminActionSchema = z.enum([
  'credits.grant',
  'credits.remove',
  'sessions.revoke',
  'account.block',
  'account.unblock',
]);
export type AdminAction = z.infer<typeof AdminActionSchema>;

export const AdminAuditEntrySchema = z.object({
  id: z.string(),
  adminUserId: z.string(),
  /** The admin's e-mail when the account still exists. */
  adminEmail: z.string().nullable(),
  action: AdminActionSchema,
  targetUserId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: isoDate,
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

export const AdminAuditQuerySchema = z.strictObject({
  limit: pageLimit,
  cursor: idCursor,
  targetUserId: z.string().min(1).max(200).optional(),
});
export const AdminAuditPageSchema = z.object({
  items: z.array(AdminAuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AdminAuditPage = z.infer<typeof AdminAuditPageSchema>;

// ---- payments ----

export const AdminPaymentSchema = z.object({
  paymentIntentId: z.string(),
  userId: z.string(),
  email: z.string().nullable(),
  packId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  /** First-purchase bonus credited with this payment (0 when none). */
  bonusCredits: z.number().int(),
  status: z.string(),
  provider: z.string(),
  /** The provider's last error (a declined card), for support. */
  failureMessage: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  fulfilledAt: isoDate.nullable(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentsQuerySchema = z.strictObject({
  status: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_]*$/, 'is not a status')
    .optional(),
  userId: z.string().min(1).max(200).optional(),
  limit: pageLimit,
  offset: pageOffset,
});
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>;

export const AdminPaymentsResponseSchema = z.object({
  items: z.array(AdminPaymentSchema),
  total: z.number().int().nonnegative(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** Every status present, for the filter. */
  statuses: z.array(z.string()),
});
export type AdminPaymentsResponse = z.infer<typeof AdminPaymentsResponseSchema>;

export const AdminRevenueRowSchema = z.object({
  day: z.string(),
  packId: z.string(),
  currency: z.string(),
  payments: z.number().int().nonnegative(),
  amountCents: z.number().int(),
  /** Credits delivered, first-purchase bonuses included. */
  credits: z.number().int(),
});

export const AdminTotalsSchema = z.object({
  /** Sum of every balance (= sum of the whole ledger). */
  creditsInCirculation: z.number().int(),
  creditsGrantedByAdmins: z.number().int().nonnegative(),
  creditsRemovedByAdmins: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
  /** Fulfilled payments by UTC day and pack, the last `days` days, newest first. */
  revenue: z.object({ days: z.number().int(), rows: z.array(AdminRevenueRowSchema) }),
});
export type AdminTotals = z.infer<typeof AdminTotalsSchema>;

// ---- health ----

export const AdminHealthSchema = z.object({
  database: z.object({
    ok: z.boolean(),
    kind: z.enum(['pglite', 'postgres']),
    latency_ms: z.number(),
    message: z.string(),
  }),
  mail: z.object({
    /** smtp: sent to SMTP_URL; outbox: kept in the outbox table (no SMTP_URL). */
    mode: z.enum(['smtp', 'outbox']),
    outboxHeld: z.number().int().nonnegative(),
    failedLast24h: z.number().int().nonnegative(),
    recentFailures: z.array(
      z.object({ to: z.string(), subject: z.string(), error: z.string(), at: isoDate }),
    ),
  }),
  live: z.object({
    /** Streams open on the process that answered (each process has its own). */
    clients: z.number().int().nonnegative(),
    clientsMax: z.number().int().nonnegative(),
  }),
});
export type AdminHealth = z.infer<typeof AdminHealthSchema>;
