/**
 * The payment calls' logic: create an intent priced by the server from the
 * pack id alone, verify one with the provider and fulfil it, list the player's attempts.
 */
import {
  AppError,
  PAYMENTS_LIST_MAX,
  findCreditPack,
  priceInCents,
  type CreatePaymentIntentRequest,
  type CreatePaymentIntentResponse,
  type PaymentRecord,
  type VerifyPaymentResponse,
} from '@card-counter/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/index.ts';
import { FulfilRefused, fulfilPayment, recordIntentStatus } from './fulfil.ts';
import type { PaymentProvider } from './providers/provider.ts';

export async function createPaymentIntent(
  db: Database,
  provider: PaymentProvider,
  userId: string,
  body: CreatePaymentIntentRequest,
  now: Date,
  log: FastifyBaseLogger,
): Promise<CreatePaymentIntentResponse> {
  if (body.userId !== userId) {
    log.warn({ userId, bodyUserId: body.userId }, 'payment intent refused: userId is not the signed-in user');
    throw new AppError('FORBIDDEN', 'userId must be the signed-in user.');
  }
  const pack = findCreditPack(body.packageName);
  if (pack === undefined)
    throw new AppError('VALIDATION_FAILED', `packageName: unknown credit pack "${body.packageName}"`);
  const amount_cents = priceInCents(pack.price);
  if (body.amount !== amount_cents || body.creditAmount !== pack.credits) {
    // The server's price decides; a different amount is a stale page or a tampered request.
    log.warn(
      {
        userId,
        pack: pack.id,
        amount: body.amount,
        creditAmount: body.creditAmount,
        expected: [amount_cents, pack.credits],
      },
      'payment intent refused: amount does not match the pack',
    );
    throw new AppError(
      'VALIDATION_FAILED',
      `amount and creditAmount must be the ${pack.id} pack's: ${amount_cents} cents for ${pack.credits} credits`,
    );
  }
  let created: Awaited<ReturnType<PaymentProvider['createIntent']>>;
  try {
    created = await provider.createIntent({
      amount_cents,
      currency: pack.currency,
      metadata: { userId, packId: pack.id, credits: String(pack.credits) },
      description: `Card Counter ${pack.id} pack (${pack.stripePriceId})`,
    });
  } catch (e) {
    log.error(
      { err: e, userId, pack: pack.id, provider: provider.name },
      'payment provider refused to create an intent',
    );
    throw new AppError('PAYMENT_INTENT_FAILED');
  }
  await db.kysely
    .insertInto('payments')
    .values({
      payment_intent_id: created.id,
      user_id: userId,
      pack_id: pack.id,
      amount_cents,
      currency: pack.currency,
      credits: pack.credits,
      status: created.status,
      provider: provider.name,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('payment_intent_id').doNothing())
    .execute();
  return { clientSecret: created.clientSecret, paymentIntentId: created.id, provider: provider.name };
}

/**
 * The browser's "my payment went through": fulfils through the same read-back as the webhook
 * (fulfil.ts). Another player's intent, one this server did not create, or one the provider
 * does not know answers PAYMENT_VERIFICATION_FAILED alike, revealing nothing; an unpaid one
 * records the provider's status and answers PAYMENT_NOT_COMPLETED.
 */
export async function verifyPayment(
  db: Database,
  provider: PaymentProvider,
  userId: string,
  paymentIntentId: string,
  now: Date,
  log: FastifyBaseLogger,
): Promise<VerifyPaymentResponse> {
  try {
    const r = await fulfilPayment(db, provider, paymentIntentId, now, log, userId);
    return { verified: true, credits: r.credits, bonusCredits: r.bonusCredits, balance: r.balance };
  } catch (e) {
    if (e instanceof FulfilRefused && e.reason === 'not-succeeded' && e.intent !== undefined) {
      await recordIntentStatus(db, paymentIntentId, e.intent.status, e.intent.lastError, now);
      throw new AppError('PAYMENT_NOT_COMPLETED');
    }
    if (e instanceof FulfilRefused) throw new AppError('PAYMENT_VERIFICATION_FAILED');
    log.error({ err: e, paymentIntentId }, 'verifying a payment failed');
    throw new AppError('PAYMENT_VERIFICATION_FAILED');
  }
}

export async function listPayments(db: Database, userId: string): Promise<PaymentRecord[]> {
  const rows = await db.kysely
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('payment_intent_id', 'desc')
    .limit(PAYMENTS_LIST_MAX)
    .execute();
  return rows.map((r) => ({
    paymentIntentId: r.payment_intent_id,
    packId: r.pack_id,
    amountCents: r.amount_cents,
    currency: r.currency,
    credits: r.credits,
    bonusCredits: r.bonus_credits,
    status: r.status,
    provider: r.provider,
    failureMessage: r.failure_message,
    createdAt: new Date(r.created_at).toISOString(),
    fulfilledAt: r.fulfilled_at === null ? null : new Date(r.fulfilled_at).toISOString(),
  }));
}
