/**
 * Buying credit packs: the payment intent, its verification, the
 * provider's webhook, the demo provider's card confirmation and the player's payment history.
 * The server prices every intent from the pack id alone (the browser never names an amount it wants credited): `amount` and
 * `creditAmount` are what the client believes, and a mismatch is refused.
 */
import { z } from '../zod.ts';
import { CREDIT_PACKS } from '../constants.ts';
import { isoDate } from './iso-date.ts';

export const CreditPackIdSchema = z.enum(
  CREDIT_PACKS.map((p) => p.id) as ['starter', 'popular', 'pro', 'whale'],
);

/** Intent ids of both providers: Stripe's `pi_...` and the demo provider's `demo_pi_...`. */
export const PaymentIntentIdSchema = z
  .string()
  .check(z.regex(/^(pi|demo_pi)_[A-Za-z0-9]{1,100}$/, 'is not a payment intent id'));

/** `POST /api/payments/create-payment-intent` (the spec's body, verbatim). */
export const CreatePaymentIntentRequestSchema = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(200)),
  /** The pack's price in cents, rounded. Checked against the pack; never trusted. */
  amount: z.int().check(z.positive(), z.lte(100_000_00)),
  /** The pack's credits. Checked against the pack; never trusted. */
  creditAmount: z.int().check(z.positive(), z.lte(100_000_000)),
  /** The pack id. */
  packageName: z.string().check(z.minLength(1), z.maxLength(40)),
});
export type CreatePaymentIntentRequest = z.infer<typeof CreatePaymentIntentRequestSchema>;

export const PaymentProviderNameSchema = z.enum(['stripe', 'demo']);
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

export const CreatePaymentIntentResponseSchema = z.object({
  clientSecret: z.string().check(z.minLength(1)),
  paymentIntentId: PaymentIntentIdSchema,
  provider: PaymentProviderNameSchema,
});
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponseSchema>;

/** `POST /api/payments/verify`. */
export const VerifyPaymentRequestSchema = z.strictObject({ paymentIntentId: PaymentIntentIdSchema });
export type VerifyPaymentRequest = z.infer<typeof VerifyPaymentRequestSchema>;

export const VerifyPaymentResponseSchema = z.object({
  verified: z.literal(true),
  /** Credits of the pack. */
  credits: z.int().check(z.positive()),
  /** First-purchase bonus paid with this payment (0 when it had been paid before). */
  bonusCredits: z.int().check(z.nonnegative()),
  /** Balance after fulfilment. */
  balance: z.int().check(z.nonnegative()),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponseSchema>;

/** `POST /api/payments/webhook` 200 (the provider only reads the status). */
export const WebhookResponseSchema = z.object({ received: z.literal(true) });

/** The provider's payment intent statuses (Stripe's names). */
export const PaymentIntentStatusSchema = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);
export type PaymentIntentStatus = z.infer<typeof PaymentIntentStatusSchema>;

/**
 * `POST /api/payments/demo/confirm`: the demo provider's stand-in for Stripe.js's card
 * confirmation. Digits only are read from `cardNumber` (spaces allowed).
 */
export const DemoConfirmRequestSchema = z.strictObject({
  clientSecret: z.string().check(z.minLength(1), z.maxLength(300)),
  cardNumber: z.string().check(z.maxLength(40)),
  postalCode: z.string().check(z.maxLength(20)),
});
export type DemoConfirmRequest = z.infer<typeof DemoConfirmRequestSchema>;

/** 200: like Stripe.js's `{ paymentIntent }`; a refused card is an error body (402) with the provider's message. */
export const DemoConfirmResponseSchema = z.object({
  paymentIntent: z.object({ id: PaymentIntentIdSchema, status: PaymentIntentStatusSchema }),
});
export type DemoConfirmResponse = z.infer<typeof DemoConfirmResponseSchema>;

/** The demo provider's cards: the provider's own well-known test numbers. */
export const DEMO_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002500003155',
  insufficientFunds: '4000000000009995',
} as const;

/** One payment attempt as the player (and support) sees it. */
export const PaymentRecordSchema = z.object({
  paymentIntentId: PaymentIntentIdSchema,
  packId: z.string(),
  amountCents: z.int().check(z.positive()),
  currency: z.string(),
  credits: z.int().check(z.positive()),
  bonusCredits: z.int().check(z.nonnegative()),
  status: PaymentIntentStatusSchema,
  provider: PaymentProviderNameSchema,
  failureMessage: z.nullable(z.string()),
  createdAt: isoDate,
  fulfilledAt: z.nullable(isoDate),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

/** `GET /api/me/payments`: the newest 50 attempts, newest first. */
export const PaymentsPageSchema = z.object({ items: z.array(PaymentRecordSchema) });
export type PaymentsPage = z.infer<typeof PaymentsPageSchema>;
export const PAYMENTS_LIST_MAX = 50;
