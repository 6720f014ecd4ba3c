/**
 * The operator's tools under /api/admin (only users whose id is in ADMIN_USER_IDS; anyone
 * else gets 403 FORBIDDEN on every route, whatever the web app shows). Every action is
 * written to the append-only audit log with who, when, what and why.
 */
import { z } from '../zod.ts';
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
  .check(
    z.trim(),
    z.minLength(3, 'must say why (at least 3 characters)'),
    z.maxLength(200, 'must be at most 200 characters'),
    z.regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'),
  );

const pageLimit = z._default(
  z.coerce.number().check(z.int(), z.gte(1), z.lte(ADMIN_PAGE_LIMIT_MAX)),
  ADMIN_PAGE_LIMIT_DEFAULT,
);
const pageOffset = z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0);
/** Keyset cursor over a bigint id (the previous page's nextCursor). */
const idCursor = z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,17}$/, 'is not a valid cursor')));

export const AdminUserIdParamsSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
});

// ---- users ----

/** `GET /api/admin/users?q=&limit=&offset=`: e-mail, name or username contains q, or id equals q. */
export const AdminUserSearchQuerySchema = z.strictObject({
  q: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
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
  username: z.nullable(z.string()),
  /** null when the profile is missing (a sign-up cut short). */
  credits: z.nullable(z.int().check(z.nonnegative())),
  createdAt: isoDate,
  lastLogin: z.nullable(isoDate),
  blocked: z.boolean(),
  isAdmin: z.boolean(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;

export const AdminUserSearchResponseSchema = z.object({
  items: z.array(AdminUserSummarySchema),
  total: z.int().check(z.nonnegative()),
  limit: z.int(),
  offset: z.int(),
});
export type AdminUserSearchResponse = z.infer<typeof AdminUserSearchResponseSchema>;

export const AdminSessionSchema = z.object({
  id: z.string(),
  createdAt: isoDate,
  expiresAt: isoDate,
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
});

export const AdminLinkedAccountSchema = z.object({
  providerId: z.string(),
  createdAt: isoDate,
});

/** Counts from the player's record (play_record): decisions at the table and count checks. */
export const AdminRecordStatsSchema = z.object({
  decisions: z.int().check(z.nonnegative()),
  decisionsCorrect: z.int().check(z.nonnegative()),
  countChecks: z.int().check(z.nonnegative()),
  countChecksCorrect: z.int().check(z.nonnegative()),
  /** Expected credits given away by decisions the coach would not have made. */
  evCostCredits: z.number(),
  lastAt: z.nullable(isoDate),
});
export type AdminRecordStats = z.infer<typeof AdminRecordStatsSchema>;

/** A part of the service whose table is not in this database yet (built on another branch). */
export const AdminUnavailableSchema = z.object({ available: z.literal(false), note: z.string() });

export const AdminUserDetailSchema = z.object({
  user: z.extend(AdminUserSummarySchema, { emailVerified: z.boolean() }),
  profile: z.nullable(ProfileSchema),
  linkedProviders: LinkedProvidersSchema,
  accounts: z.array(AdminLinkedAccountSchema),
  sessions: z.array(AdminSessionSchema),
  block: z.nullable(AdminBlockSchema),
  record: AdminRecordStatsSchema,
  drills: z.union([
    AdminUnavailableSchema,
    z.object({ available: z.literal(true), cards: z.int(), due: z.int() }),
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
    .check(
      z.minLength(8),
      z.maxLength(100),
      z.regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, _ and -'),
    ),
  /**
   * Exactly the change asked for, in whole credits, or refused: the message starts with a stable
   * code (ADMIN_AMOUNT_NOT_WHOLE, ADMIN_AMOUNT_ZERO, ADMIN_AMOUNT_OUT_OF_RANGE), never rounded.
   */
  amount: z.number('ADMIN_AMOUNT_NOT_WHOLE: a whole number of credits (a number, not text)').check(
    z.int('ADMIN_AMOUNT_NOT_WHOLE: a whole number of credits, never a fraction'),
    z.gte(-ADMIN_CREDIT_AMOUNT_MAX, `ADMIN_AMOUNT_OUT_OF_RANGE: at least -${ADMIN_CREDIT_AMOUNT_MAX}`),
    z.lte(ADMIN_CREDIT_AMOUNT_MAX, `ADMIN_AMOUNT_OUT_OF_RANGE: at most ${ADMIN_CREDIT_AMOUNT_MAX}`),
    z.refine((n) => n !== 0, 'ADMIN_AMOUNT_ZERO: must not be 0'),
  ),
  reason: AdminReasonSchema,
});
export type AdminCreditRequest = z.infer<typeof AdminCreditRequestSchema>;

export const AdminCreditResponseSchema = z.object({
  transaction: CreditTransactionSchema,
  balance: z.int().check(z.nonnegative()),
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
  sessionsRevoked: z.int().check(z.nonnegative()),
});
export type AdminAccountActionResponse = z.infer<typeof AdminAccountActionResponseSchema>;

// ---- audit ----

export const AdminActionSchema = z.enum([
  'credits.grant',
  'credits.remove',
  'sessions.revoke',
  'account.block',
  'account.unblock',
  'tournament.create',
]);
export type AdminAction = z.infer<typeof AdminActionSchema>;

export const AdminAuditEntrySchema = z.object({
  id: z.string(),
  adminUserId: z.string(),
  /** The admin's e-mail when the account still exists. */
  adminEmail: z.nullable(z.string()),
  action: AdminActionSchema,
  targetUserId: z.nullable(z.string()),
  targetEmail: z.nullable(z.string()),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: isoDate,
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

export const AdminAuditQuerySchema = z.strictObject({
  limit: pageLimit,
  cursor: idCursor,
  targetUserId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export const AdminAuditPageSchema = z.object({
  items: z.array(AdminAuditEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type AdminAuditPage = z.infer<typeof AdminAuditPageSchema>;

// ---- payments ----

export const AdminPaymentSchema = z.object({
  paymentIntentId: z.string(),
  userId: z.string(),
  email: z.nullable(z.string()),
  packId: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  credits: z.int(),
  /** First-purchase bonus credited with this payment (0 when none). */
  bonusCredits: z.int(),
  status: z.string(),
  provider: z.string(),
  /** The provider's last error (a declined card), for support. */
  failureMessage: z.nullable(z.string()),
  createdAt: isoDate,
  updatedAt: isoDate,
  fulfilledAt: z.nullable(isoDate),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentsQuerySchema = z.strictObject({
  status: z.optional(z.string().check(z.trim(), z.maxLength(40), z.regex(/^[a-z_]*$/, 'is not a status'))),
  userId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  limit: pageLimit,
  offset: pageOffset,
});
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>;

export const AdminPaymentsResponseSchema = z.object({
  items: z.array(AdminPaymentSchema),
  total: z.int().check(z.nonnegative()),
  limit: z.int(),
  offset: z.int(),
  /** Every status present, for the filter. */
  statuses: z.array(z.string()),
});
export type AdminPaymentsResponse = z.infer<typeof AdminPaymentsResponseSchema>;

export const AdminRevenueRowSchema = z.object({
  day: z.string(),
  packId: z.string(),
  currency: z.string(),
  payments: z.int().check(z.nonnegative()),
  amountCents: z.int(),
  /** Credits delivered, first-purchase bonuses included. */
  credits: z.int(),
});

export const AdminTotalsSchema = z.object({
  /** Sum of every balance (= sum of the whole ledger). */
  creditsInCirculation: z.int(),
  creditsGrantedByAdmins: z.int().check(z.nonnegative()),
  creditsRemovedByAdmins: z.int().check(z.nonnegative()),
  users: z.int().check(z.nonnegative()),
  /** Fulfilled payments by UTC day and pack, the last `days` days, newest first. */
  revenue: z.object({ days: z.int(), rows: z.array(AdminRevenueRowSchema) }),
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
    outboxHeld: z.int().check(z.nonnegative()),
    failedLast24h: z.int().check(z.nonnegative()),
    recentFailures: z.array(
      z.object({ to: z.string(), subject: z.string(), error: z.string(), at: isoDate }),
    ),
  }),
  live: z.object({
    /** Streams open on the process that answered (each process has its own). */
    clients: z.int().check(z.nonnegative()),
    clientsMax: z.int().check(z.nonnegative()),
  }),
});
export type AdminHealth = z.infer<typeof AdminHealthSchema>;
