/**
 * The demo provider: the default when no Stripe keys are set outside production (never in
 * production: config.ts / /api/config report the missing keys there). It keeps its intents in
 * `demo_payment_intents`, as Stripe keeps its own, and `confirmDemoPayment` plays Stripe.js's
 * card confirmation on our server with Stripe's well-known test card numbers. It charges nothing.
 */
import { AppError, DEMO_CARDS, type DemoConfirmResponse } from '@card-counter/shared';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/index.ts';
import type { PaymentIntentStatus } from '../tables.ts';
import {
  WebhookSignatureError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderIntent,
} from './provider.ts';

function token(bytes: number): string {
  // base64url without - and _: ids stay within PaymentIntentIdSchema's [A-Za-z0-9].
  return randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');
}

export function createDemoProvider(db: Database): PaymentProvider {
  return {
    name: 'demo',
    async createIntent(input: CreateIntentInput) {
      const id = `demo_pi_${token(18)}`;
      const clientSecret = `${id}_secret_${token(24)}`;
      await db.kysely
        .insertInto('demo_payment_intents')
        .values({
          id,
          client_secret: clientSecret,
          amount_cents: input.amount_cents,
          currency: input.currency,
          status: 'requires_payment_method',
          metadata: JSON.stringify(input.metadata),
        })
        .execute();
      return { id, clientSecret, status: 'requires_payment_method' as const };
    },
    async retrieveIntent(id: string): Promise<ProviderIntent | null> {
      const row = await db.kysely
        .selectFrom('demo_payment_intents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) return null;
      return {
        id: row.id,
        amount_cents: row.amount_cents,
        currency: row.currency,
        status: row.status,
        metadata: row.metadata,
        lastError: row.last_error,
      };
    },
    readWebhook() {
      // The demo provider confirms on our own server; nobody can send its events from outside.
      throw new WebhookSignatureError('the demo payment provider sends no webhooks');
    },
  };
}

/** What each test card does; any other number is refused as Stripe refuses it. */
const CARD_OUTCOMES: Readonly<Record<string, { status: PaymentIntentStatus } | { decline: string }>> = {
  [DEMO_CARDS.success]: { status: 'succeeded' },
  [DEMO_CARDS.requiresAction]: { status: 'requires_action' },
  [DEMO_CARDS.declined]: { decline: 'Your card was declined.' },
  [DEMO_CARDS.insufficientFunds]: { decline: 'Your card has insufficient funds.' },
};

/** A card the demo provider refused on the caller's own intent (the route records it there). */
export class DemoCardDeclined extends AppError {
  constructor(
    readonly intentId: string,
    message: string,
  ) {
    super('PAYMENT_FAILED', message);
  }
}

/**
 * The card confirmation: answers like Stripe.js (`{ paymentIntent: { id, status } }`), or
 * throws PAYMENT_FAILED carrying the provider's message. Only the intent's owner (the user its
 * metadata names, written by the server at creation) may confirm it: for anyone else, holding
 * the client secret, it answers like a missing intent and changes nothing. Only an intent
 * still waiting for a card can be confirmed; a succeeded one answers as it is (a retry).
 */
export async function confirmDemoPayment(
  db: Database,
  userId: string,
  input: { clientSecret: string; cardNumber: string; postalCode: string },
  now: Date,
): Promise<DemoConfirmResponse> {
  const intent = await db.kysely
    .selectFrom('demo_payment_intents')
    .select(['id', 'status', 'metadata'])
    .where('client_secret', '=', input.clientSecret)
    .executeTakeFirst();
  if (intent === undefined || intent.metadata.userId !== userId)
    throw new AppError('PAYMENT_FAILED', 'No such payment intent.');
  if (intent.status === 'succeeded' || intent.status === 'requires_action') {
    return { paymentIntent: { id: intent.id, status: intent.status } };
  }
  if (input.postalCode.trim() === '')
    throw new AppError('VALIDATION_FAILED', 'Your postal code is incomplete.');
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  const outcome = CARD_OUTCOMES[digits];
  const declineMessage =
    outcome === undefined ? 'Your card number is incorrect.' : 'decline' in outcome ? outcome.decline : null;
  if (declineMessage !== null || outcome === undefined || 'decline' in outcome) {
    await db.kysely
      .updateTable('demo_payment_intents')
      .set({ last_error: declineMessage, updated_at: now })
      .where('id', '=', intent.id)
      .execute();
    throw new DemoCardDeclined(intent.id, declineMessage ?? 'Payment failed');
  }
  await db.kysely
    .updateTable('demo_payment_intents')
    .set({ status: outcome.status, last_error: null, updated_at: now })
    .where('id', '=', intent.id)
    .where('status', 'not in', ['succeeded'])
    .execute();
  return { paymentIntent: { id: intent.id, status: outcome.status } };
}
