/**
 * Stripe through the official SDK (stripe 18.5.0, API version 2025-08-27.basil, pinned: ADR
 * 0010). `apiUrl` points the SDK elsewhere (tests run a fake Stripe HTTP server).
 */
import { PaymentIntentIdSchema, STRIPE_API_VERSION } from '@card-counter/shared';
import Stripe from 'stripe';
import { z } from 'zod';
import type { PaymentIntentStatus } from '../tables.ts';
import {
  WebhookEventInvalid,
  WebhookSignatureError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | undefined;
  apiUrl: string | undefined;
}

/** Answers slower than this fail the call (the player sees the catalogue's message). */
const STRIPE_TIMEOUT_ms = 20_000;

function hostOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (apiUrl === undefined) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port !== '' ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { host: url.hostname, port, protocol };
}

function toProviderIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  // Typed as always present; read defensively all the same (a null would be a 500 below).
  const metadata = (pi.metadata as Stripe.Metadata | null) ?? {};
  return {
    id: pi.id,
    amount_cents: pi.amount,
    currency: pi.currency,
    status: pi.status as PaymentIntentStatus,
    metadata: { userId: metadata.userId, packId: metadata.packId, credits: metadata.credits },
    lastError: pi.last_payment_error?.message ?? null,
  };
}

/**
 * What we read of a payment intent event of the pinned API version: its object is a
 * payment_intent with an id and a metadata object. Nothing else of the body is used.
 */
const IntentEventSchema = z.object({
  data: z.object({
    object: z.object({
      object: z.literal('payment_intent'),
      id: PaymentIntentIdSchema,
      metadata: z.record(z.string(), z.string()),
    }),
  }),
});

function intentIdOf(event: Stripe.Event): string {
  const parsed = IntentEventSchema.safeParse(event);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? 'event' : ['event', ...issue.path.map(String)].join('.');
    throw new WebhookEventInvalid(`${where}: ${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data.data.object.id;
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    // The SDK's own version, written out so an SDK upgrade cannot move it silently (ADR 0010).
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_ms,
    telemetry: false,
    ...hostOptions(settings.apiUrl),
  });
  return {
    name: 'stripe',
    async createIntent(input: CreateIntentInput) {
      const pi = await stripe.paymentIntents.create({
        amount: input.amount_cents,
        currency: input.currency,
        payment_method_types: ['card'],
        description: input.description,
        metadata: { ...input.metadata },
      });
      if (pi.client_secret === null) throw new Error(`Stripe intent ${pi.id} has no client secret`);
      return { id: pi.id, clientSecret: pi.client_secret, status: pi.status as PaymentIntentStatus };
    },
    async retrieveIntent(id: string) {
      try {
        return toProviderIntent(await stripe.paymentIntents.retrieve(id));
      } catch (e) {
        if (e instanceof Stripe.errors.StripeInvalidRequestError && e.statusCode === 404) return null;
        throw e;
      }
    },
    readWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      if (settings.webhookSecret === undefined)
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      if (signature === undefined || signature === '')
        throw new WebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (e) {
        throw new WebhookSignatureError(e instanceof Error ? e.message : String(e));
      }
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        return { type: event.type, intentId: intentIdOf(event) };
      }
      return { type: 'ignored', eventType: event.type };
    },
  };
}
