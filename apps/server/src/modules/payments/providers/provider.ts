/**
 * One interface for the card payment providers (ADR 0017): Stripe when its keys are set, the
 * demo provider otherwise (never in production). The payments module speaks only to this
 * interface; nothing else knows which provider is in use.
 */
import type { PaymentIntentStatus, PaymentProviderName } from '../tables.ts';

/** What our server writes on every intent and reads back: who pays for which pack. */
export interface IntentMetadata {
  userId: string;
  packId: string;
  credits: string;
}

/** A payment intent as the provider reports it. */
export interface ProviderIntent {
  id: string;
  amount_cents: number;
  /** Lower case, as providers write it ('usd'). */
  currency: string;
  status: PaymentIntentStatus;
  metadata: Partial<IntentMetadata>;
  /** The provider's last error message (a declined card), else null. */
  lastError: string | null;
}

export interface CreateIntentInput {
  amount_cents: number;
  currency: string;
  metadata: IntentMetadata;
  /** Label for reconciliation (the pack's stripePriceId); not used for pricing. */
  description: string;
}

/**
 * A verified provider event the payments module acts on; others are acknowledged and ignored.
 * It names the intent only: an event is a notice to ask the provider again (retrieveIntent),
 * never a statement of what to credit (ADR 0026).
 */
export type ProviderEvent =
  | { type: 'payment_intent.succeeded' | 'payment_intent.payment_failed'; intentId: string }
  | { type: 'ignored'; eventType: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates an intent; throws on a provider failure (the caller answers PAYMENT_INTENT_FAILED). */
  createIntent(
    input: CreateIntentInput,
  ): Promise<{ id: string; clientSecret: string; status: PaymentIntentStatus }>;
  /** The intent as the provider knows it now; null when it has no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Checks the signature over the raw body and reads the event; throws WebhookSignatureError
   * when it does not verify (or the provider sends no webhooks), WebhookEventInvalid when a
   * verified event the module acts on is not shaped like one (no data, no intent id, ...).
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A correctly signed event of a type we act on whose body is not shaped as that type's is. */
export class WebhookEventInvalid extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookEventInvalid';
  }
}
