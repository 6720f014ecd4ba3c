import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '@card-counter/shared';
import { AppProviders, createQueryClient } from '@/app/providers.tsx';
import { usePaymentStore } from '@/features/credits/hooks/payment-store.ts';
import { PurchaseModal } from '@/features/credits/components/purchase-modal.tsx';
import { appConfigQuery } from '@/shared/config/app-config.ts';
import { STORAGE_KEYS } from '@/shared/lib/storage.ts';
import { meQuery } from '@/shared/session/me-query.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { createGuestState } from '@/shared/session/user-state.ts';
import { json, stubFetch, type Handler } from '../../support/fetch.ts';
import { CONFIG, PROFILE } from '../../support/fixtures.ts';

// Stripe.js loads from Stripe's host, which tests cannot reach: a stand-in with the methods
// react-stripe-js checks for, whose confirmation the tests decide.
const confirmCardPayment = vi.fn();
const fakeElement = {
  mount: vi.fn(),
  destroy: vi.fn(),
  on: vi.fn(),
  off: vi.fn(),
  update: vi.fn(),
  unmount: vi.fn(),
};
const fakeStripe = {
  elements: () => ({ create: () => fakeElement, getElement: () => fakeElement, update: vi.fn() }),
  createToken: vi.fn(),
  createPaymentMethod: vi.fn(),
  confirmCardPayment,
  _registerWrapper: vi.fn(),
  registerAppInfo: vi.fn(),
};
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn(() => Promise.resolve(fakeStripe)) }));

const onClose = vi.fn();

function mount(config: AppConfig = CONFIG) {
  const client = createQueryClient();
  client.setQueryData(meQuery.queryKey, PROFILE);
  client.setQueryData(appConfigQuery.queryKey, config);
  const router = createMemoryRouter(
    [
      { path: '/', element: <PurchaseModal onClose={onClose} /> },
      { path: '/auth/signup', element: <h1>Sign up page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, dialog: screen.getByRole('dialog') };
}

/** The server's side of the flow; each step can be replaced. */
function server(overrides: Partial<Record<'create' | 'confirm' | 'verify', () => Response>> = {}) {
  const bodies: Record<string, unknown> = {};
  const handler: Handler = (url, init) => {
    if (init?.body) bodies[url.pathname] = JSON.parse(String(init.body));
    if (url.pathname === '/api/payments/create-payment-intent')
      return (
        overrides.create?.() ??
        json({ clientSecret: 'demo_pi_1_secret_x', paymentIntentId: 'demo_pi_1', provider: 'demo' })
      );
    if (url.pathname === '/api/payments/demo/confirm')
      return overrides.confirm?.() ?? json({ paymentIntent: { id: 'demo_pi_1', status: 'succeeded' } });
    if (url.pathname === '/api/payments/verify')
      return (
        overrides.verify?.() ??
        json({ verified: true, credits: 50_000, bonusCredits: 5_000, balance: 67_345 })
      );
    if (url.pathname === '/api/me') return json(PROFILE);
    if (url.pathname === '/api/me/transactions') return json({ items: [], nextCursor: null });
    return undefined;
  };
  return { bodies, ...stubFetch(handler) };
}

function fillCard(dialog: HTMLElement, number = '4242424242424242', zip = '10001') {
  fireEvent.change(within(dialog).getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(within(dialog).getByLabelText('Postal code'), { target: { value: zip } });
}

const enabled = (el: HTMLElement) => !(el as HTMLButtonElement).disabled;

const pay = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));

describe('credit purchase modal', () => {
  beforeEach(() => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    usePaymentStore.setState({ isProcessing: false, error: null, transactions: [], lastTransactionId: null });
    onClose.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('preselects the popular pack, shows prices, savings and the badge, and pays the selected price', () => {
    const { dialog } = mount();
    const popular = within(dialog).getByRole('radio', {
      name: /50,000 credits for \$3\.99, most popular, save 20%/,
    });
    expect((popular as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Most popular')).toBeTruthy();
    expect(enabled(within(dialog).getByRole('button', { name: 'Pay $3.99' }))).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /500,000 credits for \$24\.99/ }));
    expect(within(dialog).getByRole('button', { name: 'Pay $24.99' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Postal code')).toBeTruthy();
    expect(within(dialog).getByText('Demo payments — no real charge')).toBeTruthy();
  });

  it('buys with the demo card: the server prices it, the card is confirmed, verified, and the modal closes', async () => {
    const { bodies, calls } = server();
    const { dialog } = mount();
    fillCard(dialog);
    pay(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/payments/create-payment-intent',
      'POST /api/payments/demo/confirm',
      'POST /api/payments/verify',
    ]);
    expect(bodies['/api/payments/create-payment-intent']).toEqual({
      userId: 'user-1',
      amount: 399,
      creditAmount: 50_000,
      packageName: 'popular',
    });
    expect(bodies['/api/payments/demo/confirm']).toEqual({
      clientSecret: 'demo_pi_1_secret_x',
      cardNumber: '4242 4242 4242 4242',
      postalCode: '10001',
    });
    expect(usePaymentStore.getState()).toMatchObject({
      isProcessing: false,
      error: null,
      lastTransactionId: 'demo_pi_1',
    });
    expect(usePaymentStore.getState().transactions[0]).toMatchObject({ id: 'demo_pi_1', status: 'verified' });
  });

  it('shows Processing... and disables the button while busy', async () => {
    let release: (r: Response) => void = () => undefined;
    stubFetch((url) =>
      url.pathname === '/api/payments/create-payment-intent'
        ? new Promise<Response>((r) => (release = r))
        : undefined,
    );
    const { dialog } = mount();
    fillCard(dialog);
    pay(dialog);
    const busy = await within(dialog).findByRole('button', { name: 'Processing...' });
    expect(enabled(busy)).toBe(false);
    release(
      json({ error: { code: 'PAYMENT_INTENT_FAILED', message: 'Failed to create payment intent' } }, 502),
    );
    await within(dialog).findByRole('button', { name: 'Pay $3.99' });
  });

  it.each([
    [
      "a declined card shows the provider's message",
      { confirm: () => json({ error: { code: 'PAYMENT_FAILED', message: 'Your card was declined.' } }, 402) },
      'Your card was declined.',
    ],
    [
      'a payment not completed',
      { confirm: () => json({ paymentIntent: { id: 'demo_pi_1', status: 'requires_action' } }) },
      'Payment was not completed. Please try again.',
    ],
    [
      'an intent call failing without a message',
      { create: () => new Response('oops', { status: 502 }) },
      'Failed to create payment intent',
    ],
    [
      "an intent call failing with the server's message",
      {
        create: () =>
          json({ error: { code: 'VALIDATION_FAILED', message: "amount must be the pack's" } }, 400),
      },
      "amount must be the pack's",
    ],
    [
      'an answer without a client secret',
      { create: () => json({ paymentIntentId: 'demo_pi_1' }) },
      'No client secret received from server',
    ],
    [
      'a refused verification',
      {
        verify: () =>
          json(
            { error: { code: 'PAYMENT_VERIFICATION_FAILED', message: 'Payment verification failed' } },
            402,
          ),
      },
      'Payment verification failed',
    ],
    [
      'a verification without verified true',
      { verify: () => json({ verified: false }) },
      'Payment verification failed',
    ],
  ])('%s', async (_name, overrides, message) => {
    server(overrides);
    const { dialog } = mount();
    fillCard(dialog);
    pay(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(usePaymentStore.getState()).toMatchObject({ isProcessing: false, error: message });
    expect(enabled(within(dialog).getByRole('button', { name: 'Pay $3.99' }))).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('with Stripe keys, confirms through Stripe.js (stubbed) with the card element', async () => {
    confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    server({
      create: () => json({ clientSecret: 'pi_123_secret_y', paymentIntentId: 'pi_123', provider: 'stripe' }),
    });
    const { dialog } = mount({ ...CONFIG, payments: { mode: 'stripe', publishableKey: 'pk_test_x' } });
    await waitFor(() => expect(fakeElement.mount).toHaveBeenCalled());
    const payButton = await within(dialog).findByRole('button', { name: 'Pay $3.99' });
    await waitFor(() => expect(enabled(payButton)).toBe(true));
    fireEvent.click(payButton);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_y', {
      payment_method: { card: fakeElement },
    });
  });

  it('Stripe\'s own card error message is shown; without one, "Payment failed"', async () => {
    server({
      create: () => json({ clientSecret: 'pi_1_secret_y', paymentIntentId: 'pi_1', provider: 'stripe' }),
    });
    confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Your card has expired.' } });
    confirmCardPayment.mockResolvedValueOnce({ error: {} });
    const { dialog } = mount({ ...CONFIG, payments: { mode: 'stripe', publishableKey: 'pk_test_x' } });
    const payButton = await within(dialog).findByRole('button', { name: 'Pay $3.99' });
    await waitFor(() => expect(enabled(payButton)).toBe(true));
    fireEvent.click(payButton);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your card has expired.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $3.99' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Payment failed'));
  });

  it('a guest sees the sign-in-required view; Create Account signs the guest out, keeps their progress and goes to sign-up', async () => {
    const guest = createGuestState();
    useSessionStore.setState({ status: 'guest', guest });
    const { router } = mount();
    const dialog = screen.getByRole('dialog', { name: 'Sign in to buy credits' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Sign up page' });
    expect(router.state.location.pathname).toBe('/auth/signup');
    expect(useSessionStore.getState().status).toBe('signed-out');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.keptGuestProgress) ?? '{}')).toMatchObject({
      userId: guest.userId,
    });
  });

  it('a guest- id is treated as a guest; Sign In goes to /login', async () => {
    useSessionStore.setState({ status: 'guest', guest: createGuestState() });
    const { router } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'Login page' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
