/**
 * Fulfilment: the one function that turns a succeeded payment into credits, called by verify,
 * by the webhook and by their retries, in any order and at the same time (ADR 0017).
 * One transaction:
 * 1. records the attempt if our table has not seen it (a webhook may beat the create call's
 *    insert on another process) and locks its `payments` row, so fulfilments of one intent queue;
 * 2. checks the provider's intent against the pack: status succeeded, amount, currency, user;
 * 3. if `fulfilled_at` is set, answers the earlier result (nothing is credited again);
 * 4. credits the pack (ledger 'purchase', key `purchase:<intent>`), then, under the profile's
 *    lock, the first-purchase bonus once per account ever (ledger 'bonus', key
 *    `first-purchase:<user>`, and has_received_first_purchase_bonus), then the rewards event;
 * 5. sets `fulfilled_at`.
 * The ledger keys are a second guard: even a replayed transaction credits once.
 */
import { REWARD_FIRST_PURCHASE, findCreditPack, priceInCents, type CreditPack } from '@card-counter/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { awardProgress } from '../rewards/index.ts';
import type { PaymentProvider, ProviderIntent } from './providers/provider.ts';

export interface FulfilResult {
  credits: number;
  bonusCredits: number;
  balance: number;
  /** false when an earlier call had fulfilled this intent. */
  applied: boolean;
}

/** Why an intent cannot be fulfilled; the caller maps it to its own answer. */
export class FulfilRefused extends Error {
  constructor(
    readonly reason: 'not-succeeded' | 'mismatch' | 'unknown-user',
    message: string,
  ) {
    super(message);
    this.name = 'FulfilRefused';
  }
}

/** The pack an intent pays for, when amount, currency and credits all match it. */
export function packOfIntent(intent: ProviderIntent): CreditPack | null {
  const pack = findCreditPack(intent.metadata.packId ?? '');
  if (pack === undefined) return null;
  const ok =
    intent.amount_cents === priceInCents(pack.price) &&
    intent.currency.toLowerCase() === pack.currency &&
    intent.metadata.credits === String(pack.credits);
  return ok ? pack : null;
}

async function ensurePaymentRow(
  trx: Kysely<DB>,
  intent: ProviderIntent,
  pack: CreditPack,
  userId: string,
  provider: PaymentProvider['name'],
  now: Date,
): Promise<void> {
  await trx
    .insertInto('payments')
    .values({
      payment_intent_id: intent.id,
      user_id: userId,
      pack_id: pack.id,
      amount_cents: intent.amount_cents,
      currency: intent.currency.toLowerCase(),
      credits: pack.credits,
      status: intent.status,
      provider,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('payment_intent_id').doNothing())
    .execute();
}

export async function fulfilPayment(
  db: Database,
  provider: PaymentProvider,
  intent: ProviderIntent,
  now: Date,
  log: FastifyBaseLogger,
): Promise<FulfilResult> {
  const userId = intent.metadata.userId;
  const pack = packOfIntent(intent);
  if (userId === undefined || userId === '' || pack === null) {
    log.warn(
      { paymentIntentId: intent.id, metadata: intent.metadata, amount: intent.amount_cents },
      'payment intent does not match a pack',
    );
    throw new FulfilRefused('mismatch', `intent ${intent.id} does not match a credit pack`);
  }
  if (intent.status !== 'succeeded') {
    throw new FulfilRefused('not-succeeded', `intent ${intent.id} is ${intent.status}`);
  }
  const user = await db.kysely
    .selectFrom('profiles')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (user === undefined)
    throw new FulfilRefused('unknown-user', `intent ${intent.id} names an unknown user`);

  return db.kysely.transaction().execute(async (trx) => {
    await ensurePaymentRow(trx, intent, pack, userId, provider.name, now);
    const row = await trx
      .selectFrom('payments')
      .selectAll()
      .where('payment_intent_id', '=', intent.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.user_id !== userId || row.pack_id !== pack.id || row.amount_cents !== intent.amount_cents) {
      log.warn(
        { paymentIntentId: intent.id, row, metadata: intent.metadata },
        'payment intent differs from our record',
      );
      throw new FulfilRefused('mismatch', `intent ${intent.id} differs from the recorded payment`);
    }
    if (row.fulfilled_at !== null) {
      const profile = await trx
        .selectFrom('profiles')
        .select('credits')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return {
        credits: row.credits,
        bonusCredits: row.bonus_credits,
        balance: profile.credits,
        applied: false,
      };
    }

    const purchase = await applyCreditInTransaction(trx, {
      userId,
      type: 'purchase',
      amount: pack.credits,
      description: `Purchased ${pack.credits} credits`,
      metadata: { packageId: pack.id, paymentIntentId: intent.id },
      idempotencyKey: `purchase:${intent.id}`,
      now,
    });
    if (!purchase.applied)
      throw new Error(`fulfilment invariant: ${intent.id} credited but not marked fulfilled`);
    let balance = purchase.balance;

    // The profile row is locked by the purchase above: two purchases at once queue here.
    const profile = await trx
      .selectFrom('profiles')
      .select('has_received_first_purchase_bonus')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    let bonusCredits = 0;
    if (!profile.has_received_first_purchase_bonus) {
      const bonus = await applyCreditInTransaction(trx, {
        userId,
        type: 'bonus',
        amount: REWARD_FIRST_PURCHASE,
        description: 'First purchase bonus',
        metadata: { kind: 'first-purchase', paymentIntentId: intent.id },
        idempotencyKey: `first-purchase:${userId}`,
        now,
      });
      await trx
        .updateTable('profiles')
        .set({ has_received_first_purchase_bonus: true })
        .where('user_id', '=', userId)
        .execute();
      if (bonus.applied) {
        bonusCredits = REWARD_FIRST_PURCHASE;
        balance = bonus.balance;
      }
    }
    const award = await awardProgress(trx, userId, { type: 'purchase_completed', packId: pack.id }, now);
    balance += award.credited;

    await trx
      .updateTable('payments')
      .set({
        status: 'succeeded',
        fulfilled_at: now,
        updated_at: now,
        bonus_credits: bonusCredits,
        failure_message: null,
      })
      .where('payment_intent_id', '=', intent.id)
      .execute();
    return { credits: pack.credits, bonusCredits, balance, applied: true };
  });
}

/** Notes a status (and failure message) the provider reported without fulfilling anything. */
export async function recordIntentStatus(
  db: Database,
  intentId: string,
  status: ProviderIntent['status'],
  failureMessage: string | null,
  now: Date,
): Promise<void> {
  await db.kysely
    .updateTable('payments')
    .set({ status, failure_message: failureMessage, updated_at: now })
    .where('payment_intent_id', '=', intentId)
    // A fulfilled payment stays succeeded whatever late event arrives.
    .where('fulfilled_at', 'is', null)
    .execute();
}
