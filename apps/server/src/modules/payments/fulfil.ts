/**
 * Fulfilment: the one function that turns a succeeded payment into credits, called by verify,
 * by the webhook and by their retries, in any order and at the same time (ADR 0017). It is
 * given an intent id, never an intent: what it credits comes from our own `payments` row and
 * from the provider asked again now, never from a request or an event body (ADR 0026).
 * 1. reads our `payments` row: no row, no credit (only a payment this server created, for the
 *    caller when there is one); a fulfilled row answers the earlier result at once;
 * 2. retrieves the intent from the provider and checks it against the row: status succeeded,
 *    amount, currency, and metadata (user, pack, credits) all equal, the pack still priced so;
 * 3. in one transaction locks the row (`FOR UPDATE`, so fulfilments of one intent queue), and
 *    if `fulfilled_at` is still null credits the pack (ledger 'purchase', key
 *    `purchase:<intent>`), then, under the profile's lock, the first-purchase bonus once per
 *    account ever (ledger 'bonus', key `first-purchase:<user>`), the rewards event, and sets
 *    `fulfilled_at`. The ledger keys are a second guard: even a replayed transaction credits once.
 */
import { REWARD_FIRST_PURCHASE, findCreditPack, priceInCents, type CreditPack } from '@card-counter/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { markFirstPurchaseBonus } from '../profiles/sql.ts';
import { awardProgress } from '../rewards/index.ts';
import type { PaymentProvider, ProviderIntent } from './providers/provider.ts';
import type { PaymentsTable } from './tables.ts';

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
    /**
     * unknown-payment: no row of ours (for this caller), or the provider has no such intent;
     * mismatch: the provider's intent differs from our row; not-succeeded: not paid (yet).
     */
    readonly reason: 'unknown-payment' | 'mismatch' | 'not-succeeded',
    message: string,
    /** The provider's intent, when it was read (not-succeeded: its status and error). */
    readonly intent?: ProviderIntent,
  ) {
    super(message);
    this.name = 'FulfilRefused';
  }
}

/** The provider could not be asked (network, outage): nothing is decided, try again later. */
export class ProviderUnavailable extends Error {
  constructor(readonly intentId: string, cause: unknown) {
    super(`the payment provider could not be asked about ${intentId}`, { cause });
    this.name = 'ProviderUnavailable';
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

type PaymentRow = Selectable<PaymentsTable>;

/** The provider's intent is the one our row records: same user, pack, amount, currency, credits. */
function matchesRow(intent: ProviderIntent, row: PaymentRow): boolean {
  const pack = packOfIntent(intent);
  return (
    pack !== null &&
    pack.id === row.pack_id &&
    intent.id === row.payment_intent_id &&
    intent.metadata.userId === row.user_id &&
    intent.metadata.packId === row.pack_id &&
    intent.metadata.credits === String(row.credits) &&
    intent.amount_cents === row.amount_cents &&
    intent.currency.toLowerCase() === row.currency
  );
}

async function readPaymentRow(db: Database, intentId: string): Promise<PaymentRow | undefined> {
  return db.kysely
    .selectFrom('payments')
    .selectAll()
    .where('payment_intent_id', '=', intentId)
    .executeTakeFirst();
}

async function earlierResult(kysely: Kysely<DB>, row: PaymentRow): Promise<FulfilResult> {
  const profile = await kysely
    .selectFrom('profiles')
    .select('credits')
    .where('user_id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  return { credits: row.credits, bonusCredits: row.bonus_credits, balance: profile.credits, applied: false };
}

/** The provider's intent now; throws ProviderUnavailable when it cannot be asked. */
async function askProvider(provider: PaymentProvider, intentId: string): Promise<ProviderIntent | null> {
  try {
    return await provider.retrieveIntent(intentId);
  } catch (e) {
    throw new ProviderUnavailable(intentId, e);
  }
}

/**
 * Credits the intent `intentId` once, when our row and the provider agree that it is paid
 * (see the file comment). `payer`: the signed-in caller (verify); another player's intent
 * is refused like a missing one. Throws FulfilRefused or ProviderUnavailable.
 */
export async function fulfilPayment(
  db: Database,
  provider: PaymentProvider,
  intentId: string,
  now: Date,
  log: FastifyBaseLogger,
  payer?: string,
): Promise<FulfilResult> {
  const known = await readPaymentRow(db, intentId);
  if (known === undefined || (payer !== undefined && known.user_id !== payer)) {
    log.warn({ paymentIntentId: intentId, payer }, 'fulfil refused: not a payment this server created for this user');
    throw new FulfilRefused('unknown-payment', `no payment ${intentId} of ours`);
  }
  if (known.fulfilled_at !== null) return earlierResult(db.kysely, known);
  const pack = await paidPack(provider, intentId, known, log);
  return db.kysely.transaction().execute((trx) => creditOnce(trx, known.user_id, intentId, pack, now));
}

/** Step 2: the pack the provider's intent paid for, when it matches our row and succeeded; else throws FulfilRefused. */
async function paidPack(
  provider: PaymentProvider,
  intentId: string,
  known: PaymentRow,
  log: FastifyBaseLogger,
): Promise<CreditPack> {
  const intent = await askProvider(provider, intentId);
  if (intent === null) throw new FulfilRefused('unknown-payment', `the provider has no intent ${intentId}`);
  if (!matchesRow(intent, known)) {
    log.warn(
      { paymentIntentId: intentId, row: known, metadata: intent.metadata, amount: intent.amount_cents },
      'fulfil refused: the provider\'s intent differs from our payment row',
    );
    throw new FulfilRefused('mismatch', `intent ${intentId} differs from the recorded payment`, intent);
  }
  if (intent.status !== 'succeeded')
    throw new FulfilRefused('not-succeeded', `intent ${intentId} is ${intent.status}`, intent);
  const pack = packOfIntent(intent);
  if (pack === null) throw new Error(`fulfil invariant: ${intentId} matched its row without a pack`);
  return pack;
}

/** Step 3, in the caller's transaction: the pack, the first-purchase bonus and the rewards, once per intent. */
async function creditOnce(
  trx: Kysely<DB>,
  userId: string,
  intentId: string,
  pack: CreditPack,
  now: Date,
): Promise<FulfilResult> {
  // Locked: a fulfilment of the same intent that got here first has committed or waits.
  const row = await trx
    .selectFrom('payments')
    .selectAll()
    .where('payment_intent_id', '=', intentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.fulfilled_at !== null) return earlierResult(trx, row);

  const purchase = await applyCreditInTransaction(trx, {
    userId,
    type: 'purchase',
    amount: pack.credits,
    description: `Purchased ${pack.credits} credits`,
    metadata: { packageId: pack.id, paymentIntentId: intentId },
    idempotencyKey: `purchase:${intentId}`,
    now,
  });
  if (!purchase.applied)
    throw new Error(`fulfilment invariant: ${intentId} credited but not marked fulfilled`);
  const bonus = await firstPurchaseBonus(trx, userId, intentId, now);
  let balance = bonus?.balance ?? purchase.balance;
  const bonusCredits = bonus === null ? 0 : REWARD_FIRST_PURCHASE;
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
    .where('payment_intent_id', '=', intentId)
    .execute();
  return { credits: pack.credits, bonusCredits, balance, applied: true };
}

/**
 * The first-purchase bonus, once per account ever; the balance after it, or null when this
 * account had it before (the profile's flag, and its ledger key as a second guard).
 */
async function firstPurchaseBonus(
  trx: Kysely<DB>,
  userId: string,
  intentId: string,
  now: Date,
): Promise<{ balance: number } | null> {
  // The profile row is locked by the purchase before this: two purchases at once queue here.
  const profile = await trx
    .selectFrom('profiles')
    .select('has_received_first_purchase_bonus')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (profile.has_received_first_purchase_bonus) return null;
  const bonus = await applyCreditInTransaction(trx, {
    userId,
    type: 'bonus',
    amount: REWARD_FIRST_PURCHASE,
    description: 'First purchase bonus',
    metadata: { kind: 'first-purchase', paymentIntentId: intentId },
    idempotencyKey: `first-purchase:${userId}`,
    now,
  });
  await markFirstPurchaseBonus(trx, userId);
  return bonus.applied ? { balance: bonus.balance } : null;
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

/**
 * A failed-payment event: records what the provider says about a payment of ours now (not
 * what the event says), unless it is fulfilled or has since succeeded (fulfilment's to note).
 */
export async function refreshIntentStatus(
  db: Database,
  provider: PaymentProvider,
  intentId: string,
  now: Date,
): Promise<void> {
  const known = await readPaymentRow(db, intentId);
  if (known === undefined || known.fulfilled_at !== null) return;
  const intent = await askProvider(provider, intentId);
  if (intent === null || intent.status === 'succeeded') return;
  await recordIntentStatus(db, intentId, intent.status, intent.lastError, now);
}
