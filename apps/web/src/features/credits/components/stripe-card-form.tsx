import { useMemo, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The /pure entry adds Stripe.js to the page only when loadStripe is called (the main entry adds
// it as soon as the module is imported).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { ConfirmCard } from '../api/payments-api.ts';
import { PayButton, type CardFormProps } from './demo-card-form.tsx';

// Stripe Elements: Stripe.js loads from Stripe's host (the CSP allows it when keys are set).
// The card element collects number, expiry, CVC and the postal code.

const CARD_STYLE = {
  style: {
    base: {
      color: '#f1f5f9',
      fontSize: '16px',
      fontFamily: 'ui-monospace, monospace',
      '::placeholder': { color: '#64748b' },
    },
    invalid: { color: '#fda4af' },
  },
  hidePostalCode: false,
} as const;

function StripeForm({ onPay, payLabel, disabled }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    // Without the library and its card form the purchase does nothing (no half-made payment).
    if (!stripe || !card) return;
    const confirm: ConfirmCard = (clientSecret) =>
      stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
    onPay(confirm);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Card details">
      <div className="flex flex-col gap-1">
        <span className="text-xs font-medium text-slate-300">Card (number, expiry, CVC, postal code)</span>
        <div className="rounded-lg border border-slate-600 bg-slate-950 px-3 py-3" data-testid="stripe-card">
          <CardElement options={CARD_STYLE} />
        </div>
      </div>
      <PayButton label={payLabel} disabled={disabled || !stripe} />
    </form>
  );
}

export function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <StripeForm {...props} />
    </Elements>
  );
}
