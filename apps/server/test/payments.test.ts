/**
 * The payment calls against the real Stripe SDK pointed at a fake Stripe server, on PGlite
 * and PostgreSQL: pricing from the pack alone, ownership, verify/webhook/replays raced,
 * signatures, the first-purchase bonus once per account, and the catalogue's messages.
 */
import { ERRORS, INITIAL_CREDITS, REWARD_FIRST_PURCHASE } from '@card-counter/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { TEST_APP_URL, buildTestApp } from './support/app.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

const WEBHOOK_SECRET = 'whsec_test_card_counter';
const POPULAR = { amount: 399, creditAmount: 50_000, packageName: 'popular' };
const STARTER = { amount: 99, creditAmount: 10_000, packageName: 'starter' };
const signer = new Stripe('sk_test_signer');

function expectCode(res: LightMyRequestResponse, code: keyof typeof ERRORS, message?: string): void {
  const body = res.json() as { error: { code: string; message: string } };
  expect(body.error.code, res.body).toBe(code);
  expect(res.statusCode, res.body).toBe(ERRORS[code].status);
  expect(body.error.message).toBe(message ?? ERRORS[code].message);
}

function event(
  type: string,
  intent: object,
  secret = WEBHOOK_SECRET,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2025-08-27.basil',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** A signed event of any shape (the signature covers the bytes, whatever they say). */
function signedRaw(body: object, secret = WEBHOOK_SECRET): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2025-08-27.basil',
    created: Math.floor(Date.now() / 1000),
    ...body,
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function balance(p: Player): Promise<number> {
  return ((await p.call('GET', '/api/me')).json() as { credits: number }).credits;
}

forEachDatabase('payments with Stripe', (t) => {
  let app: FastifyInstance;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await buildTestApp(t.db, {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_card_counter',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_card_counter',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  const webhook = (payload: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });

  async function paid(p: Player, body = POPULAR): Promise<string> {
    const res = await p.call('POST', '/api/payments/create-payment-intent', { userId: p.id, ...body });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret, paymentIntentId, provider } = res.json() as Record<string, string>;
    expect(provider).toBe('stripe');
    expect((clientSecret ?? '').startsWith(`${paymentIntentId}_secret_`)).toBe(true);
    return paymentIntentId ?? '';
  }

  it("refuses an amount or credit amount that is not the pack's (400), creating nothing", async () => {
    const p = await signUpPlayer(app, 'pay-tamper');
    const before = stripe.requests.length;
    for (const body of [
      { ...POPULAR, amount: 1 },
      { ...POPULAR, creditAmount: 500_000 },
      { ...STARTER, packageName: 'whale' },
      { ...POPULAR, packageName: 'free' },
    ]) {
      const res = await p.call('POST', '/api/payments/create-payment-intent', { userId: p.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    expect(stripe.requests.length).toBe(before);
    expect((await p.call('GET', '/api/me/payments')).json()).toEqual({ items: [] });
  });

  it("refuses another user's id (403) and answers a caller without a session with the spec's message", async () => {
    const p = await signUpPlayer(app, 'pay-other');
    const other = await signUpPlayer(app, 'pay-other2');
    expectCode(
      await p.call('POST', '/api/payments/create-payment-intent', { userId: other.id, ...POPULAR }),
      'FORBIDDEN',
      'userId must be the signed-in user.',
    );
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { origin: TEST_APP_URL, 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: p.id, ...POPULAR }),
    });
    expectCode(anonymous, 'PURCHASE_NOT_AUTHENTICATED', 'User not authenticated');
  });

  it('answers "Failed to create payment intent" when the provider fails', async () => {
    const p = await signUpPlayer(app, 'pay-fail');
    // 400: a refusal the SDK does not retry (a 500 would be retried and then succeed).
    stripe.failNextCreate(400);
    expectCode(
      await p.call('POST', '/api/payments/create-payment-intent', { userId: p.id, ...POPULAR }),
      'PAYMENT_INTENT_FAILED',
      'Failed to create payment intent',
    );
  });

  it('verify, webhook and a replayed webhook raced 20 times credit the pack and the bonus once', async () => {
    const p = await signUpPlayer(app, 'pay-race');
    const id = await paid(p);
    // Not paid yet: 'Payment was not completed. Please try again.', nothing credited.
    stripe.setStatus(id, 'requires_action');
    expectCode(
      await p.call('POST', '/api/payments/verify', { paymentIntentId: id }),
      'PAYMENT_NOT_COMPLETED',
    );
    expect(await balance(p)).toBe(INITIAL_CREDITS);

    stripe.setStatus(id, 'succeeded');
    const intent = stripe.intents.get(id);
    const e = event('payment_intent.succeeded', intent ?? {});
    const calls: Promise<LightMyRequestResponse>[] = [];
    for (let i = 0; i < 20; i++) {
      calls.push(p.call('POST', '/api/payments/verify', { paymentIntentId: id }));
      calls.push(webhook(e.payload, e.signature));
      calls.push(webhook(e.payload, e.signature));
    }
    const answers = await Promise.all(calls);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const verified = answers.filter((_, i) => i % 3 === 0);
    expect(verified).toHaveLength(20);
    // Many callers, one fulfilment: whichever came first paid the bonus; all report the same.
    for (const v of verified) expect(v.json()).toMatchObject({ verified: true, credits: 50_000 });

    const expected = INITIAL_CREDITS + 50_000 + REWARD_FIRST_PURCHASE;
    expect(await balance(p)).toBe(expected);
    expect(await ledgerSum(t.db.kysely, p.id)).toEqual({ sum: expected, count: 3 });
    const tx = (await p.call('GET', '/api/me/transactions')).json() as {
      items: { type: string; amount: number; description: string; metadata: unknown }[];
    };
    expect(tx.items.map((i) => [i.type, i.amount])).toEqual([
      ['bonus', REWARD_FIRST_PURCHASE],
      ['purchase', 50_000],
      ['signup', INITIAL_CREDITS],
    ]);
    expect(tx.items[1]).toMatchObject({
      description: 'Purchased 50000 credits',
      metadata: { packageId: 'popular', paymentIntentId: id },
    });
    const me = (await p.call('GET', '/api/me')).json() as { hasReceivedFirstPurchaseBonus: boolean };
    expect(me.hasReceivedFirstPurchaseBonus).toBe(true);
    const payments = (await p.call('GET', '/api/me/payments')).json() as { items: Record<string, unknown>[] };
    expect(payments.items).toHaveLength(1);
    expect(payments.items[0]).toMatchObject({
      paymentIntentId: id,
      packId: 'popular',
      amountCents: 399,
      currency: 'usd',
      credits: 50_000,
      bonusCredits: REWARD_FIRST_PURCHASE,
      status: 'succeeded',
      provider: 'stripe',
    });
    expect(payments.items[0]?.fulfilledAt).not.toBeNull();
  });

  it('a webhook alone fulfils (the player closed the page before verify)', async () => {
    const p = await signUpPlayer(app, 'pay-hook-only');
    const id = await paid(p, STARTER);
    stripe.setStatus(id, 'succeeded');
    const e = event('payment_intent.succeeded', stripe.intents.get(id) ?? {});
    expect((await webhook(e.payload, e.signature)).statusCode).toBe(200);
    expect(await balance(p)).toBe(INITIAL_CREDITS + 10_000 + REWARD_FIRST_PURCHASE);
    // Verify afterwards answers the same result and credits nothing more.
    const v = await p.call('POST', '/api/payments/verify', { paymentIntentId: id });
    expect(v.json()).toMatchObject({ verified: true, bonusCredits: REWARD_FIRST_PURCHASE });
    expect(await balance(p)).toBe(INITIAL_CREDITS + 10_000 + REWARD_FIRST_PURCHASE);
  });

  it('a forged or unsigned webhook is refused with nothing changed', async () => {
    const p = await signUpPlayer(app, 'pay-forged');
    const id = await paid(p);
    stripe.setStatus(id, 'succeeded');
    const intent = stripe.intents.get(id) ?? {};
    const forged = event('payment_intent.succeeded', intent, 'whsec_not_ours');
    const genuine = event('payment_intent.succeeded', intent);
    for (const res of [
      await webhook(forged.payload, forged.signature),
      await webhook(genuine.payload),
      await webhook(genuine.payload, 't=1,v1=deadbeef'),
      // The signature of one body over another body.
      await webhook(genuine.payload.replace('"usd"', '"eur"'), genuine.signature),
    ]) {
      expectCode(res, 'WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await balance(p)).toBe(INITIAL_CREDITS);
    const payments = (await p.call('GET', '/api/me/payments')).json() as {
      items: { fulfilledAt: unknown }[];
    };
    expect(payments.items[0]?.fulfilledAt).toBeNull();
  });

  it('the first-purchase bonus is paid once even with two purchases at once', async () => {
    const p = await signUpPlayer(app, 'pay-two');
    const a = await paid(p, POPULAR);
    const b = await paid(p, STARTER);
    stripe.setStatus(a, 'succeeded');
    stripe.setStatus(b, 'succeeded');
    const ea = event('payment_intent.succeeded', stripe.intents.get(a) ?? {});
    const eb = event('payment_intent.succeeded', stripe.intents.get(b) ?? {});
    const answers = await Promise.all([
      p.call('POST', '/api/payments/verify', { paymentIntentId: a }),
      p.call('POST', '/api/payments/verify', { paymentIntentId: b }),
      webhook(ea.payload, ea.signature),
      webhook(eb.payload, eb.signature),
    ]);
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const bonuses = answers.slice(0, 2).map((r) => (r.json() as { bonusCredits: number }).bonusCredits);
    expect(bonuses.sort()).toEqual([0, REWARD_FIRST_PURCHASE]);
    expect(await balance(p)).toBe(INITIAL_CREDITS + 60_000 + REWARD_FIRST_PURCHASE);
    const rows = await t.db.kysely
      .selectFrom('credit_transactions')
      .select('type')
      .where('user_id', '=', p.id)
      .where('type', '=', 'bonus')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("verify refuses another player's intent and an intent whose amount was changed", async () => {
    const owner = await signUpPlayer(app, 'pay-owner');
    const thief = await signUpPlayer(app, 'pay-thief');
    const id = await paid(owner);
    stripe.setStatus(id, 'succeeded');
    expectCode(
      await thief.call('POST', '/api/payments/verify', { paymentIntentId: id }),
      'PAYMENT_VERIFICATION_FAILED',
    );
    expect(await balance(thief)).toBe(INITIAL_CREDITS);

    stripe.patch(id, { amount: 99 });
    expectCode(
      await owner.call('POST', '/api/payments/verify', { paymentIntentId: id }),
      'PAYMENT_VERIFICATION_FAILED',
    );
    // The same tampered intent by webhook: acknowledged, not credited.
    const e = event('payment_intent.succeeded', stripe.intents.get(id) ?? {});
    expect((await webhook(e.payload, e.signature)).statusCode).toBe(200);
    expect(await balance(owner)).toBe(INITIAL_CREDITS);
    // An intent Stripe does not know.
    expectCode(
      await owner.call('POST', '/api/payments/verify', { paymentIntentId: 'pi_doesnotexist' }),
      'PAYMENT_VERIFICATION_FAILED',
      'Payment verification failed',
    );
  });

  it('a signed event without data, with metadata: null or without an intent id is 400 and credits nothing', async () => {
    const p = await signUpPlayer(app, 'pay-shapes');
    const id = await paid(p);
    stripe.setStatus(id, 'succeeded');
    const intent = stripe.intents.get(id) ?? {};
    const got: string[] = [];
    for (const [what, body] of [
      ['no data', { type: 'payment_intent.succeeded' }],
      ['data null', { type: 'payment_intent.succeeded', data: null }],
      ['no object', { type: 'payment_intent.succeeded', data: {} }],
      ['metadata null', { type: 'payment_intent.succeeded', data: { object: { ...intent, metadata: null } } }],
      ['no id', { type: 'payment_intent.succeeded', data: { object: { ...intent, id: undefined } } }],
      ['failed, metadata null', { type: 'payment_intent.payment_failed', data: { object: { ...intent, metadata: null } } }],
    ] as const) {
      const e = signedRaw(body);
      const res = await webhook(e.payload, e.signature);
      got.push(`${what}: ${res.statusCode} ${(res.json() as { error?: { code: string } }).error?.code}`);
    }
    expect(got).toEqual([
      'no data: 400 VALIDATION_FAILED',
      'data null: 400 VALIDATION_FAILED',
      'no object: 400 VALIDATION_FAILED',
      'metadata null: 400 VALIDATION_FAILED',
      'no id: 400 VALIDATION_FAILED',
      'failed, metadata null: 400 VALIDATION_FAILED',
    ]);
    expect(await balance(p)).toBe(INITIAL_CREDITS);
    // An event type the app does not act on is acknowledged whatever its data.
    const other = signedRaw({ type: 'charge.refunded' });
    expect((await webhook(other.payload, other.signature)).statusCode).toBe(200);
  });

  it('the webhook credits only a payment the server created: an intent made on the provider alone credits nothing', async () => {
    const p = await signUpPlayer(app, 'pay-foreign');
    // Made straight on the provider's account (another product, a console), naming our player and pack.
    const id = 'pi_madeelsewhere0001';
    stripe.intents.set(id, {
      id,
      object: 'payment_intent',
      amount: 399,
      currency: 'usd',
      status: 'succeeded',
      client_secret: `${id}_secret_x`,
      metadata: { userId: p.id, packId: 'popular', credits: '50000' },
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    });
    const e = event('payment_intent.succeeded', stripe.intents.get(id) ?? {});
    const res = await webhook(e.payload, e.signature);
    // Acknowledged (the provider stops retrying), logged, and nothing credited or recorded.
    expect(res.statusCode, res.body).toBe(200);
    expectCode(await p.call('POST', '/api/payments/verify', { paymentIntentId: id }), 'PAYMENT_VERIFICATION_FAILED');
    expect(await balance(p)).toBe(INITIAL_CREDITS);
    expect((await p.call('GET', '/api/me/payments')).json()).toEqual({ items: [] });
  });

  it('the webhook reads the intent back before crediting: the event body alone is not believed', async () => {
    const p = await signUpPlayer(app, 'pay-readback');
    const id = await paid(p);
    const stale = { ...stripe.intents.get(id), status: 'succeeded' };
    // The provider says the intent is still waiting for a card, whatever the event says.
    const seen = stripe.requests.length;
    const e = event('payment_intent.succeeded', stale);
    expect((await webhook(e.payload, e.signature)).statusCode).toBe(200);
    expect(stripe.requests.slice(seen)).toContain(`GET /v1/payment_intents/${id}`);
    expect(await balance(p)).toBe(INITIAL_CREDITS);

    // The provider's intent names another player than our row: not credited to anyone.
    const other = await signUpPlayer(app, 'pay-readback-other');
    stripe.setStatus(id, 'succeeded');
    stripe.patch(id, { metadata: { userId: other.id, packId: 'popular', credits: '50000' } });
    expect((await webhook(e.payload, e.signature)).statusCode).toBe(200);
    expect(await balance(p)).toBe(INITIAL_CREDITS);
    expect(await balance(other)).toBe(INITIAL_CREDITS);

    // Once the provider's intent is succeeded and matches the row, the same event credits once.
    stripe.patch(id, { metadata: { userId: p.id, packId: 'popular', credits: '50000' } });
    expect((await webhook(e.payload, e.signature)).statusCode).toBe(200);
    expect((await webhook(e.payload, e.signature)).statusCode).toBe(200);
    expect(await balance(p)).toBe(INITIAL_CREDITS + 50_000 + REWARD_FIRST_PURCHASE);
  });

  it('a webhook the provider cannot be asked about is not acknowledged (500, retried), and credits on the retry', async () => {
    const p = await signUpPlayer(app, 'pay-provider-down');
    const id = await paid(p, STARTER);
    stripe.setStatus(id, 'succeeded');
    const e = event('payment_intent.succeeded', stripe.intents.get(id) ?? {});
    // 400: an answer the SDK does not retry itself.
    stripe.failNextRetrieve(400);
    const down = await webhook(e.payload, e.signature);
    expectCode(down, 'UNEXPECTED');
    expect(await balance(p)).toBe(INITIAL_CREDITS);
    expect((await webhook(e.payload, e.signature)).statusCode).toBe(200);
    expect(await balance(p)).toBe(INITIAL_CREDITS + 10_000 + REWARD_FIRST_PURCHASE);
  });

  it("a failed payment event records the provider's message and credits nothing", async () => {
    const p = await signUpPlayer(app, 'pay-failed-event');
    const id = await paid(p);
    stripe.setStatus(id, 'requires_payment_method', 'Your card was declined.');
    const e = event('payment_intent.payment_failed', stripe.intents.get(id) ?? {});
    expect((await webhook(e.payload, e.signature)).statusCode).toBe(200);
    const payments = (await p.call('GET', '/api/me/payments')).json() as { items: Record<string, unknown>[] };
    expect(payments.items[0]).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
    });
    expect(await balance(p)).toBe(INITIAL_CREDITS);
  });

  it('refuses a session token as a bearer on the payment calls (the cookie only, ADR 0046), and keeps CSRF for cookies', async () => {
    const p = await signUpPlayer(app, 'pay-bearer');
    const intentsBefore = stripe.intents.size;
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_APP_URL, 'content-type': 'application/json' },
      payload: JSON.stringify({
        email: (await p.call('GET', '/api/me')).json().email,
        password: 'correct-horse-9',
      }),
    });
    expect(signIn.statusCode).toBe(200);
    // No token to read from the answer; the cookie's own value is the signed token.
    expect(signIn.headers['set-auth-token']).toBeUndefined();
    const cookie = String(signIn.headers['set-cookie']).match(/better-auth\.session_token=([^;]+)/)?.[1];
    expect(cookie).toBeDefined();
    const bearer = { authorization: `Bearer ${decodeURIComponent(cookie!)}`, 'content-type': 'application/json' };
    const created = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: bearer,
      payload: JSON.stringify({ userId: p.id, ...POPULAR }),
    });
    expectCode(created, 'PURCHASE_NOT_AUTHENTICATED');
    expect(stripe.intents.size).toBe(intentsBefore);
    // The cookie from a foreign page: refused by the CSRF guard before anything runs.
    const csrf = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { origin: 'https://evil.example', cookie: p.cookie(), 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: p.id, ...POPULAR }),
    });
    expectCode(csrf, 'ORIGIN_NOT_TRUSTED');
  });
});

forEachDatabase('payments with the demo provider', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  async function intent(p: Player): Promise<{ clientSecret: string; paymentIntentId: string }> {
    const res = await p.call('POST', '/api/payments/create-payment-intent', { userId: p.id, ...POPULAR });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'demo' });
    return res.json() as { clientSecret: string; paymentIntentId: string };
  }
  const confirm = (p: Player, clientSecret: string, cardNumber: string, postalCode = '10001') =>
    p.call('POST', '/api/payments/demo/confirm', { clientSecret, cardNumber, postalCode });

  it("a declined card shows the provider's message and changes nothing", async () => {
    const p = await signUpPlayer(app, 'demo-decline');
    const { clientSecret, paymentIntentId } = await intent(p);
    expectCode(
      await confirm(p, clientSecret, '4000 0000 0000 0002'),
      'PAYMENT_FAILED',
      'Your card was declined.',
    );
    expectCode(
      await confirm(p, clientSecret, '4000 0000 0000 9995'),
      'PAYMENT_FAILED',
      'Your card has insufficient funds.',
    );
    expectCode(
      await confirm(p, clientSecret, '1234 5678 9012 3456'),
      'PAYMENT_FAILED',
      'Your card number is incorrect.',
    );
    expectCode(await p.call('POST', '/api/payments/verify', { paymentIntentId }), 'PAYMENT_NOT_COMPLETED');
    expect(await balance(p)).toBe(INITIAL_CREDITS);
    const payments = (await p.call('GET', '/api/me/payments')).json() as { items: Record<string, unknown>[] };
    expect(payments.items[0]).toMatchObject({
      provider: 'demo',
      failureMessage: 'Your card number is incorrect.',
      fulfilledAt: null,
    });
  });

  it('a payment needing authentication ends not completed, and a missing postal code is refused', async () => {
    const p = await signUpPlayer(app, 'demo-action');
    const { clientSecret, paymentIntentId } = await intent(p);
    const noZip = await confirm(p, clientSecret, '4242424242424242', ' ');
    expectCode(noZip, 'VALIDATION_FAILED', 'Your postal code is incomplete.');
    const r = await confirm(p, clientSecret, '4000 0025 0000 3155');
    expect(r.json()).toEqual({ paymentIntent: { id: paymentIntentId, status: 'requires_action' } });
    expectCode(
      await p.call('POST', '/api/payments/verify', { paymentIntentId }),
      'PAYMENT_NOT_COMPLETED',
      'Payment was not completed. Please try again.',
    );
    expect(await balance(p)).toBe(INITIAL_CREDITS);
  });

  it('the test card succeeds and verify credits 50,000 + 5,000 once', async () => {
    const p = await signUpPlayer(app, 'demo-ok');
    const { clientSecret, paymentIntentId } = await intent(p);
    const r = await confirm(p, clientSecret, '4242 4242 4242 4242');
    expect(r.json()).toEqual({ paymentIntent: { id: paymentIntentId, status: 'succeeded' } });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => p.call('POST', '/api/payments/verify', { paymentIntentId })),
    );
    for (const a of answers) expect(a.json()).toMatchObject({ verified: true, credits: 50_000 });
    expect(await balance(p)).toBe(INITIAL_CREDITS + 50_000 + REWARD_FIRST_PURCHASE);
    // A second purchase: no second bonus.
    const second = await intent(p);
    await confirm(p, second.clientSecret, '4242424242424242');
    const v = await p.call('POST', '/api/payments/verify', { paymentIntentId: second.paymentIntentId });
    expect(v.json()).toMatchObject({
      verified: true,
      bonusCredits: 0,
      balance: INITIAL_CREDITS + 100_000 + REWARD_FIRST_PURCHASE,
    });
  });

  it("only the intent's owner may confirm it: another player with its client secret changes nothing", async () => {
    const owner = await signUpPlayer(app, 'demo-owner');
    const thief = await signUpPlayer(app, 'demo-thief');
    const { clientSecret, paymentIntentId } = await intent(owner);
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002']) {
      expectCode(await confirm(thief, clientSecret, card), 'PAYMENT_FAILED', 'No such payment intent.');
    }
    const row = await t.db.kysely
      .selectFrom('demo_payment_intents')
      .select(['status', 'last_error'])
      .where('id', '=', paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'requires_payment_method', last_error: null });
    const payments = (await owner.call('GET', '/api/me/payments')).json() as { items: Record<string, unknown>[] };
    expect(payments.items[0]).toMatchObject({ status: 'requires_payment_method', failureMessage: null });
    // The owner confirms it as usual.
    const r = await confirm(owner, clientSecret, '4242 4242 4242 4242');
    expect(r.json()).toEqual({ paymentIntent: { id: paymentIntentId, status: 'succeeded' } });
  });

  it('the demo provider takes no webhooks', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expectCode(res, 'WEBHOOK_SIGNATURE_INVALID');
  });

  it('in production without keys nothing is sold: CONFIG_INCOMPLETE', async () => {
    const prod = await buildTestApp(t.db, {
      env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40) },
    });
    try {
      const p = await signUpPlayer(prod, 'demo-prod');
      expectCode(
        await p.call('POST', '/api/payments/create-payment-intent', { userId: p.id, ...POPULAR }),
        'CONFIG_INCOMPLETE',
      );
    } finally {
      await prod.close();
    }
  });
});
