/** The credit ledger's contract: entries and the player's paginated history. */
import { z } from '../zod.ts';
import { TRANSACTIONS_LIMIT_DEFAULT, TRANSACTIONS_LIMIT_MAX } from '../constants.ts';
import { isoDate } from './iso-date.ts';

/**
 * A ledger entry type: the app's own are signup, bonus, game, purchase, simulator and reward;
 * callers may add their own (the product allows "a caller-supplied type").
 */
export const CreditTransactionTypeSchema = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be a lower-case identifier of at most 32 characters'));

export const CreditTransactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: CreditTransactionTypeSchema,
  /** Negative for a deduction. */
  amount: z.int(),
  /** The balance after this entry. */
  balance: z.int().check(z.nonnegative()),
  description: z.string(),
  metadata: z.nullable(z.record(z.string(), z.unknown())),
  createdAt: isoDate,
});
export type CreditTransaction = z.infer<typeof CreditTransactionSchema>;

/** `GET /api/me/transactions?limit=20&cursor=...`: newest first, keyset pagination. */
export const TransactionsQuerySchema = z.strictObject({
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(TRANSACTIONS_LIMIT_MAX)),
    TRANSACTIONS_LIMIT_DEFAULT,
  ),
  /** The `nextCursor` of the previous page (opaque). */
  cursor: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,17}$/, 'is not a valid cursor'))),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuerySchema>;

export const TransactionsPageSchema = z.object({
  items: z.array(CreditTransactionSchema),
  /** null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type TransactionsPage = z.infer<typeof TransactionsPageSchema>;
