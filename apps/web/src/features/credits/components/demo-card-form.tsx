import { useState, type FormEvent } from 'react';
import { DEMO_CARDS } from '@card-counter/shared';
import { demoConfirm, type ConfirmCard } from '../api/payments-api.ts';
import { LockIcon } from '@/shared/ui/icons.tsx';
import { CardField } from './card-field.tsx';

export interface CardFormProps {
  /** Called with the card confirmation when the player pays. */
  onPay: (confirm: ConfirmCard) => void;
  payLabel: string;
  disabled: boolean;
}

/** Groups of four digits as the player types: 4242 4242 4242 4242. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The demo provider's card form: the same fields as the real one, clearly labelled as a demo
 * that charges nothing, with the provider's test cards to try.
 */
export function DemoCardForm({ onPay, payLabel, disabled }: CardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPay(demoConfirm({ cardNumber, postalCode }));
  };
  const useTestCard = () => {
    setCardNumber(groupDigits(DEMO_CARDS.success));
    setExpiry('12/34');
    setCvc('123');
    if (postalCode === '') setPostalCode('10001');
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Card details">
      <DemoNotice onFill={useTestCard} disabled={disabled} />
      <CardField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={cardNumber}
        onChange={(e) => setCardNumber(groupDigits(e.target.value))}
        required
        disabled={disabled}
      />
      <div className="grid grid-cols-3 gap-3">
        <CardField
          label="Expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={expiry}
          onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          disabled={disabled}
        />
        <CardField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={cvc}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
          disabled={disabled}
        />
        <CardField
          label="Postal code"
          autoComplete="postal-code"
          placeholder="10001"
          maxLength={10}
          value={postalCode}
          onChange={(e) => setPostalCode(e.target.value)}
          required
          disabled={disabled}
        />
      </div>
      <PayButton label={payLabel} disabled={disabled} />
    </form>
  );
}

/** Says the form charges nothing and offers the provider's test card. */
function DemoNotice({ onFill, disabled }: { onFill: () => void; disabled: boolean }) {
  return (
    <div className="rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-xs text-amber-100">
      <p className="font-semibold text-amber-300">Demo payments — no real charge</p>
      <p className="mt-0.5">
        Test card 4242 4242 4242 4242, any future date and CVC. 4000 0000 0000 0002 is declined.{' '}
        <button
          type="button"
          className="font-semibold text-amber-300 underline"
          onClick={onFill}
          disabled={disabled}
        >
          Fill test card
        </button>
      </p>
    </div>
  );
}

export function PayButton({ label, disabled }: { label: string; disabled: boolean }) {
  return (
    <button
      type="submit"
      disabled={disabled}
      className="mt-1 flex w-full items-center justify-center gap-2 rounded-lg bg-emerald-500 px-4 py-3 text-base font-bold text-slate-950 shadow-lg shadow-emerald-900/40 transition hover:bg-emerald-400 disabled:cursor-not-allowed disabled:opacity-50"
    >
      <LockIcon />
      {label}
    </button>
  );
}
