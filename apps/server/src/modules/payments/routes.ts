/**
 * The payment calls: create-payment-intent and verify (the session cookie only: ADR 0046),
 * the provider's webhook (signature over the raw body, no session), the demo
 * provider's card confirmation, and the player's payment history.
 */
import {
  AppError,
  CreatePaymentIntentRequestSchema,
  CreatePaymentIntentResponseSchema,
  DemoConfirmRequestSchema,
  DemoConfirmResponseSchema,
  PaymentsPageSchema,
  VerifyPaymentRequestSchema,
  VerifyPaymentResponseSchema,
  WebhookResponseSchema,
} from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module.ts';
import { FulfilRefused, fulfilPayment, recordIntentStatus, refreshIntentStatus } from './fulfil.ts';
import { createPaymentIntent, listPayments, verifyPayment } from './payments.ts';
import { DemoCardDeclined, confirmDemoPayment, createDemoProvider } from './providers/demo-provider.ts';
import { WebhookEventInvalid, WebhookSignatureError, type PaymentProvider } from './providers/provider.ts';
import { createStripeProvider } from './providers/stripe-provider.ts';

/**
 * Stripe when its keys are set; the demo provider outside production; none in production
 * without keys (GET /api/config lists the missing settings, and these calls answer
 * CONFIG_INCOMPLETE instead of selling anything).
 */
export function choosePaymentProvider(deps: Pick<ModuleDeps, 'config' | 'db'>): PaymentProvider | null {
  const { config, db } = deps;
  if (config.stripe !== undefined) return createStripeProvider(config.stripe);
  if (config.env === 'production') return null;
  return createDemoProvider(db);
}

/** The webhook's own scope: its body stays the raw bytes the signature was computed over. */
async function webhookRoute(app: FastifyInstance, deps: ModuleDeps, provider: PaymentProvider | null) {
  app.removeAllContentTypeParsers();
  // Providers post JSON; the bytes are kept as they came (the signature covers them), after
  // a well-formedness check so a malformed body is a 400 like on every other route.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      JSON.parse(body.toString('utf8'));
    } catch {
      done(new AppError('VALIDATION_FAILED', 'body: malformed JSON'), undefined);
      return;
    }
    done(null, body);
  });
  app.post(
    '/api/payments/webhook',
    { schema: { response: { 200: WebhookResponseSchema } } },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      if (provider === null) throw new AppError('CONFIG_INCOMPLETE');
      let event: ReturnType<PaymentProvider['readWebhook']>;
      try {
        event = provider.readWebhook(raw, typeof signature === 'string' ? signature : undefined);
      } catch (e) {
        if (e instanceof WebhookEventInvalid) {
          // Signed, so the provider sent it: 400 keeps it failing in its dashboard until looked at.
          request.log.warn({ reason: e.message }, 'webhook refused: a signed event we cannot read');
          throw new AppError('VALIDATION_FAILED', e.message);
        }
        if (!(e instanceof WebhookSignatureError)) throw e;
        request.log.warn({ reason: e.message }, 'webhook refused: signature does not verify');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const now = deps.clock();
      // The event only says which intent to look at: fulfilment asks the provider (ADR 0026).
      if (event.type === 'payment_intent.succeeded') {
        try {
          await fulfilPayment(deps.db, provider, event.intentId, now, request.log);
        } catch (e) {
          // Not ours to fulfil (no payment of ours, another product's intent on the same
          // account, a mismatch, not paid after all): acknowledged so the provider stops
          // retrying; logged for support. A provider that cannot be asked is a 500: retried.
          if (!(e instanceof FulfilRefused)) throw e;
          request.log.warn({ reason: e.reason, paymentIntentId: event.intentId }, 'webhook intent not fulfilled');
        }
      } else if (event.type === 'payment_intent.payment_failed') {
        await refreshIntentStatus(deps.db, provider, event.intentId, now);
      }
      return { received: true as const };
    },
  );
}

export const paymentsRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const provider = choosePaymentProvider(deps);
  const needProvider = (): PaymentProvider => {
    if (provider === null) throw new AppError('CONFIG_INCOMPLETE');
    return provider;
  };
  // The session cookie only: a bearer token is refused here as everywhere (ADR 0046, money
  // moves only for the browser's httpOnly cookie, under the CSRF guard).
  // Without a session: 'User not authenticated', the spec's message for a purchase.
  const payer = {
    onRequest: app.requireUser,
    config: { unauthenticatedCode: 'PURCHASE_NOT_AUTHENTICATED' as const },
  };

  r.post(
    '/api/payments/create-payment-intent',
    {
      ...payer,
      schema: {
        body: CreatePaymentIntentRequestSchema,
        response: { 200: CreatePaymentIntentResponseSchema },
      },
    },
    async (request) =>
      createPaymentIntent(db, needProvider(), request.userId(), request.body, clock(), request.log),
  );

  r.post(
    '/api/payments/verify',
    {
      ...payer,
      schema: { body: VerifyPaymentRequestSchema, response: { 200: VerifyPaymentResponseSchema } },
    },
    async (request) =>
      verifyPayment(db, needProvider(), request.userId(), request.body.paymentIntentId, clock(), request.log),
  );

  r.post(
    '/api/payments/demo/confirm',
    { ...payer, schema: { body: DemoConfirmRequestSchema, response: { 200: DemoConfirmResponseSchema } } },
    async (request) => {
      if (provider?.name !== 'demo')
        throw new AppError('NOT_FOUND', 'The demo payment provider is not in use.');
      const now = clock();
      try {
        const result = await confirmDemoPayment(db, request.userId(), request.body, now);
        await recordIntentStatus(db, result.paymentIntent.id, result.paymentIntent.status, null, now);
        return result;
      } catch (e) {
        // Only a refusal of the caller's own intent is recorded on it.
        if (e instanceof DemoCardDeclined)
          await recordIntentStatus(db, e.intentId, 'requires_payment_method', e.message, now);
        throw e;
      }
    },
  );

  r.get(
    '/api/me/payments',
    { onRequest: app.requireUser, schema: { response: { 200: PaymentsPageSchema } } },
    async (request) => ({ items: await listPayments(db, request.userId()) }),
  );

  await app.register(async (child) => webhookRoute(child, deps, provider));
};
