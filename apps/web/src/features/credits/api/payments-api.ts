import { CLIENT_ERRORS, type CreatePaymentIntentRequest, CreatePaymentIntentResponseSchema, DemoConfirmResponseSchema, ERRORS, type VerifyPaymentResponse, VerifyPaymentResponseSchema } from '@card-counter/shared';
import { api } from '@/shared/lib/api-client.ts';
import { ApiError } from '@/shared/lib/api-error.ts';

// The purchase flow's calls and its error messages (the catalogue's, packages/shared/src/errors.ts), in
// the places the spec puts them. The browser sends its session cookie, the only credential the
// server accepts on these calls (docs/decisions/0046-names-and-session-tokens.md).

/** What the provider's card confirmation answers (Stripe.js's shape; the demo provider's too). */
export interface ConfirmResult {
  error?: { message?: string | undefined } | undefined;
  paymentIntent?: { id: string; status: string } | undefined;
}

/** Confirms the card for a client secret: Stripe.js or the demo provider. */
export type ConfirmCard = (clientSecret: string) => Promise<ConfirmResult>;

export class PurchaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PurchaseError';
  }
}

/** POST /api/payments/create-payment-intent: the server's message, else the catalogue's. */
export async function createPaymentIntent(
  body: CreatePaymentIntentRequest,
): Promise<{ clientSecret: string }> {
  let raw: unknown;
  try {
    raw = await api.post<unknown>('/api/payments/create-payment-intent', body);
  } catch (error) {
    // The server's own message when it sent one (a catalogue code), else the spec's.
    const fromServer =
      error instanceof ApiError && error.status !== 0 && !String(error.code).startsWith('HTTP_');
    const message = fromServer ? error.message : '';
    throw new PurchaseError(message !== '' ? message : ERRORS.PAYMENT_INTENT_FAILED.message);
  }
  const parsed = CreatePaymentIntentResponseSchema.safeParse(raw);
  if (!parsed.success) {
    const secret = (raw as { clientSecret?: unknown } | null)?.clientSecret;
    if (typeof secret !== 'string' || secret === '')
      throw new PurchaseError(CLIENT_ERRORS.NO_CLIENT_SECRET.message);
    return { clientSecret: secret };
  }
  return { clientSecret: parsed.data.clientSecret };
}

/** POST /api/payments/verify: anything but `verified: true` is 'Payment verification failed'. */
export async function verifyPayment(paymentIntentId: string): Promise<VerifyPaymentResponse> {
  try {
    const parsed = VerifyPaymentResponseSchema.safeParse(
      await api.post<unknown>('/api/payments/verify', { paymentIntentId }),
    );
    if (parsed.success) return parsed.data;
  } catch (error) {
    // Not completed on the provider's side: the spec's own message for it.
    if (error instanceof ApiError && error.code === 'PAYMENT_NOT_COMPLETED')
      throw new PurchaseError(error.message);
  }
  throw new PurchaseError(ERRORS.PAYMENT_VERIFICATION_FAILED.message);
}

/** The demo provider's card confirmation (POST /api/payments/demo/confirm), answering like Stripe.js. */
export function demoConfirm(card: { cardNumber: string; postalCode: string }): ConfirmCard {
  return async (clientSecret) => {
    try {
      const raw = await api.post<unknown>('/api/payments/demo/confirm', { clientSecret, ...card });
      return DemoConfirmResponseSchema.parse(raw);
    } catch (error) {
      return { error: { message: error instanceof ApiError ? error.message : undefined } };
    }
  };
}
