import { useId } from 'react';
import { formatCreditsFull } from '@/shared/lib/format.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormError, FormSuccess } from '@/shared/ui/form-message.tsx';
import { useCreditForm, type Direction } from '../hooks/use-credit-form.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Card } from './ui.tsx';

type Form = ReturnType<typeof useCreditForm>;

/** Grant or remove credits with a reason; removals ask for confirmation (hooks/use-credit-form.ts). */
export function CreditForm({ userId, label, balance }: { userId: string; label: string; balance: number | null }) {
  const form = useCreditForm(userId);
  const { mutation, direction } = form;
  return (
    <Card title="Adjust credits">
      <form onSubmit={form.submit} className="space-y-3" noValidate>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Grant or remove</legend>
          <DirectionPill form={form} name={`direction-${userId}`} value="grant" text="Grant" />
          <DirectionPill form={form} name={`direction-${userId}`} value="remove" text="Remove" />
        </fieldset>
        <AmountAndReason form={form} />
        <FormError message={form.invalid} error={form.confirming ? null : mutation.error} />
        <FormSuccess message={form.done} />
        <Button type="submit" variant={direction === 'grant' ? 'primary' : 'danger'} disabled={mutation.isPending} className="w-full">
          {mutation.isPending ? 'Saving...' : direction === 'grant' ? 'Grant credits' : 'Remove credits'}
        </Button>
      </form>
      {form.confirming ? <ConfirmRemoval form={form} label={label} balance={balance} /> : null}
    </Card>
  );
}

function DirectionPill({ form, name, value, text }: { form: Form; name: string; value: Direction; text: string }) {
  const on = form.direction === value;
  const tone = value === 'grant' ? 'bg-emerald-500/15 text-emerald-200 ring-emerald-600' : 'bg-rose-500/15 text-rose-200 ring-rose-600';
  return (
    <label
      className={`flex-1 cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium ring-1 ring-inset has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-400 ${
        on ? tone : 'text-slate-300 ring-slate-700 hover:bg-slate-800'
      }`}
    >
      <input type="radio" name={name} value={value} checked={on} onChange={() => form.setDirection(value)} className="sr-only" />
      {text}
    </label>
  );
}

function AmountAndReason({ form }: { form: Form }) {
  const amountId = useId();
  const reasonId = useId();
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={amountId} className="text-sm font-medium text-slate-200">
          Amount (credits)
        </label>
        <input
          id={amountId}
          inputMode="numeric"
          value={form.amount}
          onChange={(e) => form.setAmount(e.target.value)}
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
          value={form.reason}
          onChange={(e) => form.setReason(e.target.value)}
          maxLength={200}
          rows={2}
          className="resize-y rounded-md border border-slate-600 bg-slate-950 px-3 py-1.5 text-sm text-slate-100 focus:border-emerald-400 focus:outline-none"
          placeholder="Shown in the audit log and the player’s history"
        />
      </div>
    </>
  );
}

function ConfirmRemoval({ form, label, balance }: { form: Form; label: string; balance: number | null }) {
  return (
    <ConfirmDialog
      title="Remove credits?"
      confirmLabel={`Remove ${formatCreditsFull(form.value)} credits`}
      busy={form.mutation.isPending}
      error={form.mutation.error}
      onConfirm={form.send}
      onCancel={form.cancel}
    >
      <p>
        Remove <strong className="font-mono text-rose-200">{formatCreditsFull(form.value)}</strong> credits
        from <strong>{label}</strong>
        {balance === null ? '' : ` (balance ${formatCreditsFull(balance)})`}?
      </p>
      <p>Reason: “{form.reason.trim()}”</p>
      <p className="text-slate-400">A balance never goes below zero: a larger removal is refused.</p>
    </ConfirmDialog>
  );
}
