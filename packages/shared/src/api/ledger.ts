/** The credit ledger's contract: entries and the player's paginated history. */
import { z } from 'zod';
import { TRANSACTIONS_LIMIT_DEFAULT, TRANSACTIONS_LIMIT_MAX } from '../constants.ts';
import { isoDate } from './iso-date.ts';

/**
 * A ledger entry type: the app's own are signup, bonus, game, purchase, simulator and reward;
 * callers may add their own (the product allows "a caller-supplied type").
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
