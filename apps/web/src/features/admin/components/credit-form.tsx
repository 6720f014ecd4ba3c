import { ADMIN_CREDIT_AMOUNT_MAX } from '@card-counter/shared';
import { useId, useState, type FormEvent } from 'react';
import { formatCreditsFull } from '@/shared/lib/format.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormError, FormSuccess } from '@/shared/ui/form-message.tsx';
import { useAdjustCredits } from '../api/admin-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Card } from './ui.tsx';

function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * Grant or remove credits with a reason. One request id per intended change: a retry after a
 * network failure sends the same id and the server applies it once; a success starts a new one.
 * Removals ask for confirmation.
 */
export function CreditForm({
  userId,
  label,
  balance,
}: {
  userId: string;
  label: string;
  balance: number | null;
}) {
  const mutation = useAdjustCredits(userId);
  const [direction, setDirection] = useState<'grant' | 'remove'>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const amountId = useId();
  const reasonId = useId();

  const value = Number(amount);
  const signed = direction === 'grant' ? value : -value;

  const submit = () => {
    setDone(null);
    mutation.mutate(
      { requestId, amount: signed, reason: reason.trim() },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setDone(
            `${signed > 0 ? 'Granted' : 'Removed'} ${formatCreditsFull(Math.abs(signed))} credits. New balance ${formatCreditsFull(result.balance)}.`,
          );
          setAmount('');
          setReason('');
          setRequestId(newRequestId());
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!Number.isInteger(value) || value < 1 || value > ADMIN_CREDIT_AMOUNT_MAX) {
      setInvalid(`Enter a whole number of credits from 1 to ${formatCreditsFull(ADMIN_CREDIT_AMOUNT_MAX)}.`);
      return;
    }
    if (reason.trim().length < 3) {
      setInvalid(
        'Say why (at least 3 characters): the reason goes to the audit log and the player’s history.',
      );
      return;
    }
    setInvalid(null);
    if (direction === 'remove') setConfirming(true);
    else submit();
  };

  const pill = (d: 'grant' | 'remove', text: string) => (
    <label
      className={`flex-1 cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium ring-1 ring-inset has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-400 ${
        direction === d
          ? d === 'grant'
            ? 'bg-emerald-500/15 text-emerald-200 ring-emerald-600'
            : 'bg-rose-500/15 text-rose-200 ring-rose-600'
          : 'text-slate-300 ring-slate-700 hover:bg-slate-800'
      }`}
    >
      <input
        type="radio"
        name={`direction-${userId}`}
        value={d}
        checked={direction === d}
        onChange={() => setDirection(d)}
        className="sr-only"
      />
      {text}
    </label>
  );

  return (
    <Card title="Adjust credits">
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Grant or remove</legend>
          {pill('grant', 'Grant')}
          {pill('remove', 'Remove')}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={amountId} className="text-sm font-medium text-slate-200">
            Amount (credits)
          </label>
          <input
            id={amountId}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, ''))}
            className="rounded-md border border-slate-600 bg-slate-950 px-3 py-1.5 font-mono text-slate-100 focus:border-emerald-400 focus:outline-none"
            placeholder="e.g. 500"
            autoComplete="off"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="text-sm font-medium text-slate-200">
            Reason
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={200}
            rows={2}
            className="resize-y rounded-md border border-slate-600 bg-slate-950 px-3 py-1.5 text-sm text-slate-100 focus:border-emerald-400 focus:outline-none"
            placeholder="Shown in the audit log and the player’s history"
          />
        </div>
        <FormError message={invalid} error={confirming ? null : mutation.error} />
        <FormSuccess message={done} />
        <Button
          type="submit"
          variant={direction === 'grant' ? 'primary' : 'danger'}
          disabled={mutation.isPending}
          className="w-full"
        >
          {mutation.isPending ? 'Saving...' : direction === 'grant' ? 'Grant credits' : 'Remove credits'}
        </Button>
      </form>
      {confirming ? (
        <ConfirmDialog
          title="Remove credits?"
          confirmLabel={`Remove ${formatCreditsFull(value)} credits`}
          busy={mutation.isPending}
          error={mutation.error}
          onConfirm={submit}
          onCancel={() => {
            setConfirming(false);
            mutation.reset();
          }}
        >
          <p>
            Remove <strong className="font-mono text-rose-200">{formatCreditsFull(value)}</strong> credits
            from <strong>{label}</strong>
            {balance === null ? '' : ` (balance ${formatCreditsFull(balance)})`}?
          </p>
          <p>Reason: “{reason.trim()}”</p>
          <p className="text-slate-400">A balance never goes below zero: a larger removal is refused.</p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
