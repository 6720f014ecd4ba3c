import type { AdminPayment } from '@card-counter/shared/api';
import { formatCreditsFull, formatDateTime } from '../../../shared/lib/format.ts';
import { formatMoney } from './format.ts';
import { Badge, TableBox, TD, TH } from './ui.tsx';

function statusTone(p: AdminPayment): 'green' | 'amber' | 'red' | 'slate' {
  if (p.fulfilledAt !== null) return 'green';
  if (p.status === 'succeeded') return 'amber'; // paid but not credited: look at it
  if (p.status === 'canceled' || p.failureMessage !== null) return 'red';
  return 'slate';
}

/** Payment attempts with their status; `onUser` opens the payer. */
export function PaymentsTable({ items, onUser }: { items: AdminPayment[]; onUser?: (id: string) => void }) {
  return (
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
          <tr key={p.paymentIntentId} className="border-t border-slate-800">
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
              <Badge tone={statusTone(p)}>{p.fulfilledAt !== null ? 'credited' : p.status.replaceAll('_', ' ')}</Badge>
              {p.failureMessage ? <div className="mt-0.5 text-xs text-rose-300">{p.failureMessage}</div> : null}
            </td>
            <td className={TD}>{p.provider}</td>
            <td className={`${TD} max-w-[10rem] truncate font-mono text-xs text-slate-400`} title={p.paymentIntentId}>
              {p.paymentIntentId}
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}
