import { ADMIN_CREDIT_AMOUNT_MAX } from '@card-counter/shared';
import { useState, type FormEvent } from 'react';
import { formatCreditsFull } from '@/shared/lib/format.ts';
import { useAdjustCredits } from '../api/admin-api.ts';

// The credit form's state (components/credit-form.tsx draws it): the change asked for, checked
// here before it is sent, removals confirmed first. One request id per intended change: a
// retry after a network failure sends the same id and the server applies it once; a success
// starts a new one.

export type Direction = 'grant' | 'remove';

function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * The amount typed, read exactly as typed: digits, optionally grouped by commas ("1,000").
 * Anything else ("-500", "0.5", "1e3") is not an amount, never a rewritten one: the field
 * once dropped what was not a digit, and "-500" granted +500 (issue 39).
 */
export function parseAmount(text: string): number | null {
  const t = text.trim();
  if (!/^(\d+|\d{1,3}(,\d{3})+)$/.test(t)) return null;
  return Number(t.replaceAll(',', ''));
}

/** Why the change cannot be sent as it stands, or null. */
function invalidity(amount: string, value: number | null, reason: string): string | null {
  if (/^\s*[-\u2212]/.test(amount)) return 'Enter the amount without a sign: choose Remove to take credits away.';
  if (value === null || !Number.isInteger(value) || value < 1 || value > ADMIN_CREDIT_AMOUNT_MAX) {
    return `Enter a whole number of credits from 1 to ${formatCreditsFull(ADMIN_CREDIT_AMOUNT_MAX)}.`;
  }
  if (reason.trim().length < 3) return 'Say why (at least 3 characters): the reason goes to the audit log and the player’s history.';
  return null;
}

export function useCreditForm(userId: string) {
  const mutation = useAdjustCredits(userId);
  const [direction, setDirection] = useState<Direction>('grant');
  const [amount, setAmountRaw] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const parsed = parseAmount(amount);
  const value = parsed ?? 0;
  const signed = direction === 'grant' ? value : -value;

  const send = () => {
    setDone(null);
    mutation.mutate(
      { requestId, amount: signed, reason: reason.trim() },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setDone(`${signed > 0 ? 'Granted' : 'Removed'} ${formatCreditsFull(Math.abs(signed))} credits. New balance ${formatCreditsFull(result.balance)}.`);
          setAmountRaw('');
          setReason('');
          setRequestId(newRequestId());
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const why = invalidity(amount, parsed, reason);
    setInvalid(why);
    if (why !== null) return;
    if (direction === 'remove') setConfirming(true);
    else send();
  };

  const cancel = () => {
    setConfirming(false);
    mutation.reset();
  };

  return {
    mutation,
    direction,
    setDirection,
    amount,
    /** Kept as typed: checked on submit, never rewritten. */
    setAmount: setAmountRaw,
    value,
    reason,
    setReason,
    confirming,
    done,
    invalid,
    submit,
    send,
    cancel,
  };
}
