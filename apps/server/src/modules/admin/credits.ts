/**
 * Admin grants and removals of credits: through the ledger (type 'admin', ADR 0001), one
 * per requestId (the ledger's idempotency key `admin:<requestId>`), never below zero (the
 * ledger refuses with INSUFFICIENT_CREDITS), each with its audit entry in the same transaction.
 */
import { AppError, type AdminCreditRequest, type AdminCreditResponse } from '@card-counter/shared';
import type { Database } from '../../db/index.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { assertUserExists } from './users.ts';
import { writeAudit } from './audit.ts';

export const ADMIN_CREDIT_TYPE = 'admin';

export function adminCreditKey(requestId: string): string {
  return `admin:${requestId}`;
}

export async function adjustCredits(
  db: Database,
  input: { adminUserId: string; targetUserId: string; request: AdminCreditRequest; now: Date },
): Promise<AdminCreditResponse> {
  const { adminUserId, targetUserId, request, now } = input;
  const key = adminCreditKey(request.requestId);
  return db.kysely.transaction().execute(async (trx) => {
    await assertUserExists(trx, targetUserId);
    // A request id reused for another change is the operator's mistake: say so (409) rather
    // than replaying an answer to a different question.
    const earlier = await trx
      .selectFrom('credit_transactions')
      .select(['user_id', 'amount', 'type'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (
      earlier !== undefined &&
      (earlier.user_id !== targetUserId ||
        earlier.amount !== request.amount ||
        earlier.type !== ADMIN_CREDIT_TYPE)
    ) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    const result = await applyCreditInTransaction(trx, {
      userId: targetUserId,
      type: ADMIN_CREDIT_TYPE,
      amount: request.amount,
      // The player sees this line in their history: the reason is written for them too.
      description: `${request.amount > 0 ? 'Credits added by support' : 'Credits removed by support'}: ${request.reason}`,
      metadata: { requestId: request.requestId },
      idempotencyKey: key,
      now,
    });
    if (result.applied) {
      await writeAudit(trx, {
        adminUserId,
        action: request.amount > 0 ? 'credits.grant' : 'credits.remove',
        targetUserId,
        reason: request.reason,
        details: {
          amount: request.amount,
          balanceAfter: result.balance,
          transactionId: result.transaction.id,
          requestId: request.requestId,
        },
        now,
      });
    }
    return result;
  });
}
