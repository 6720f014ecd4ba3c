/** Payment attempts and the demo provider's intents (created by db/migrations/0007-payments-and-rewards.ts). */
import type { ColumnType } from 'kysely';
import type { Timestamp, TimestampNullable } from '../../db/column-types.ts';

/** The provider's payment intent statuses (Stripe's set; the demo provider uses the same). */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type PaymentProviderName = 'stripe' | 'demo';

/** One row per payment intent, whatever became of it (admin and support read every attempt). */
export interface PaymentsTable {
  /** The provider's intent id ('pi_...' for Stripe, 'demo_pi_...' for the demo provider). */
  payment_intent_id: string;
  user_id: string;
  /** The credit pack's id (packages/shared CREDIT_PACKS): 'starter' | 'popular' | 'pro' | 'whale'. */
  pack_id: string;
  amount_cents: number;
  /** ISO currency code, lower case as the provider writes it ('usd'). */
  currency: string;
  /** Credits of the pack (without the first-purchase bonus). */
  credits: number;
  /** Last status seen from the provider. */
  status: PaymentIntentStatus;
  provider: PaymentProviderName;
  /** The provider's last error message for this intent (e.g. a declined card), else null. */
  failure_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** First-purchase bonus credits granted with this payment: 0 or 5000. */
  bonus_credits: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set once, when the pack was credited; null until then. */
  fulfilled_at: TimestampNullable;
}

/** The demo provider's side of an intent (what Stripe keeps on its servers). */
export interface DemoPaymentIntentsTable {
  id: string;
  client_secret: string;
  amount_cents: number;
  currency: string;
  status: PaymentIntentStatus;
  metadata: ColumnType<Record<string, string>, string, string>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTables {
  payments: PaymentsTable;
  demo_payment_intents: DemoPaymentIntentsTable;
}
