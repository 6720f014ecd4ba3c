import { type CreditPack, ERRORS, priceInCents, type VerifyPaymentResponse } from '@card-counter/shared';
import { createPaymentIntent, PurchaseError, verifyPayment, type ConfirmCard } from './payments-api.ts';
import type { PaymentState } from '../hooks/payment-store.ts';

export interface PurchaseInput {
  pack: CreditPack | undefined;
  userId: string | null | undefined;
  /** Null until the payment library and its card form are ready. */
  confirm: ConfirmCard | null;
  store: Pick<
    PaymentState,
    'startProcessing' | 'setError' | 'addTransaction' | 'updateTransactionStatus' | 'finishProcessing'
  >;
}

/**
 * The purchase flow of the spec (section 4): processing, payment intent created, card
 * confirmed, server verification (which records the credits and the first-purchase bonus on
 * the server), done. Any failure clears processing and stores the message of the catalogue
 * (section 8) in its place. Answers the verification, or null when it failed or did nothing.
 */
export async function runPurchase({
  pack,
  userId,
  confirm,
  store,
}: PurchaseInput): Promise<VerifyPaymentResponse | null> {
  // Nothing happens without the library, the card form and a pack (no half-made payment).
  if (confirm === null || pack === undefined) return null;
  if (!userId) {
    store.setError(ERRORS.PURCHASE_NOT_AUTHENTICATED.message);
    return null;
  }
  store.startProcessing();
  try {
    const { clientSecret } = await createPaymentIntent({
      userId,
      amount: priceInCents(pack.price),
      creditAmount: pack.credits,
      packageName: pack.id,
    });
    const result = await confirm(clientSecret);
    if (result.error) throw new PurchaseError(result.error.message || ERRORS.PAYMENT_FAILED.message);
    const intent = result.paymentIntent;
    if (!intent) throw new PurchaseError(ERRORS.PAYMENT_FAILED.message);
    store.addTransaction({
      id: intent.id,
      status: intent.status,
      packId: pack.id,
      credits: pack.credits,
      amountCents: priceInCents(pack.price),
    });
    if (intent.status !== 'succeeded') throw new PurchaseError(ERRORS.PAYMENT_NOT_COMPLETED.message);
    const verified = await verifyPayment(intent.id);
    store.updateTransactionStatus(intent.id, 'verified');
    store.finishProcessing();
    return verified;
  } catch (error) {
    store.setError(error instanceof PurchaseError ? error.message : ERRORS.UNEXPECTED.message);
    return null;
  }
}
