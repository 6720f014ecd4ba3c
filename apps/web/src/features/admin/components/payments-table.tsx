import type { AdminPayment } from '@card-counter/shared';
import { formatCreditsFull, formatDateTime } from '@/shared/lib/format.ts';
import { formatMoney } from '../model/format.ts';
import { Badge, TableBox, TD, TH } from './ui.tsx';

function statusTone(p: AdminPayment): 'green' | 'amber' | 'red' | 'slate' {
  if (p.fulfilledAt !== null) return 'green';
  if (p.status === 'succeeded') return 'amber'; // paid but not credited: look at it
  if (p.status === 'canceled' || p.failureMessage !== null) return 'red';
  return 'slate';
}

function StatusBadge({ p }: { p: AdminPayment }) {
  return <Badge tone={statusTone(p)}>{p.fulfilledAt !== null ? 'credited' : p.status.replaceAll('_', ' ')}</Badge>;
}

/** Payment attempts with their status; `onUser` opens the payer. */
export function PaymentsTable({ items, onUser }: { items: AdminPayment[]; onUser?: (id: string) => void }) {
  return (
    <>
      <PaymentCards items={items} onUser={onUser} />
      <div className="hidden sm:block">
        <TableBox label="Payments">
          <thead>
            <tr>
              <th className={TH}>Created</th>
              {onUser ? <th className={TH}>User</th> : null}
              <th className={TH}>Pack</th>
              <th className={`${TH} text-right`}>Amount</th>
              <th className={`${TH} text-right`}>Credits</th>
              <th className={TH}>Status</th>
              <th className={TH}>Provider</th>
              <th className={TH}>Intent</th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <PaymentRow key={p.paymentIntentId} p={p} onUser={onUser} />
            ))}
          </tbody>
        </TableBox>
      </div>
    </>
  );
}

/** On a phone: one card per attempt. */
function PaymentCards({ items, onUser }: { items: AdminPayment[]; onUser?: (id: string) => void }) {
  return (
    <ul aria-label="Payment attempts" className="divide-y divide-slate-800 sm:hidden">
      {items.map((p) => (
        <li key={p.paymentIntentId} className="space-y-0.5 py-2 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span>
              {p.packId} · <span className="font-mono">{formatMoney(p.amountCents, p.currency)}</span>
            </span>
            <StatusBadge p={p} />
          </div>
          {p.failureMessage ? <p className="text-xs text-rose-300">{p.failureMessage}</p> : null}
          <p className="truncate text-xs text-slate-400">
            {formatDateTime(p.createdAt)} · {p.provider} · {formatCreditsFull(p.credits + p.bonusCredits)} credits
          </p>
          {onUser ? (
            <button type="button" className="max-w-full truncate text-xs text-emerald-300" onClick={() => onUser(p.userId)}>
              {p.email ?? p.userId}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** On a wider screen: one row per attempt. */
function PaymentRow({ p, onUser }: { p: AdminPayment; onUser?: (id: string) => void }) {
  return (
    <tr className="border-t border-slate-800">
      <td className={`${TD} whitespace-nowrap text-slate-400`}>{formatDateTime(p.createdAt)}</td>
      {onUser ? (
        <td className={`${TD} max-w-[14rem] truncate`}>
          <button type="button" className="text-emerald-300 underline-offset-2 hover:underline" onClick={() => onUser(p.userId)}>
            {p.email ?? p.userId}
          </button>
        </td>
      ) : null}
      <td className={TD}>{p.packId}</td>
      <td className={`${TD} text-right font-mono whitespace-nowrap`}>{formatMoney(p.amountCents, p.currency)}</td>
      <td className={`${TD} text-right font-mono whitespace-nowrap`}>
        {formatCreditsFull(p.credits)}
        {p.bonusCredits > 0 ? <span className="text-emerald-300"> +{formatCreditsFull(p.bonusCredits)}</span> : null}
      </td>
      <td className={TD}>
        <StatusBadge p={p} />
        {p.failureMessage ? <div className="mt-0.5 text-xs text-rose-300">{p.failureMessage}</div> : null}
      </td>
      <td className={TD}>{p.provider}</td>
      <td className={`${TD} max-w-[10rem] truncate font-mono text-xs text-slate-400`} title={p.paymentIntentId}>
        {p.paymentIntentId}
      </td>
    </tr>
  );
}
