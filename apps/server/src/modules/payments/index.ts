/**
 * Payments: credit packs bought by card through Stripe or the demo provider (ADR 0010, 0017).
 * `fulfilPayment` is the only code that credits a purchase.
 */
export { paymentsRoutes as paymentsModule, choosePaymentProvider } from './routes.ts';
export { fulfilPayment, FulfilRefused, packOfIntent, type FulfilResult } from './fulfil.ts';
export { createPaymentIntent, verifyPayment, listPayments } from './payments.ts';
export type { PaymentProvider, ProviderIntent, ProviderEvent } from './providers/provider.ts';
export type { PaymentsTables, PaymentsTable, DemoPaymentIntentsTable } from './tables.ts';
