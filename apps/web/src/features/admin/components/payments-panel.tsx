import { useId, useState } from 'react';
import { formatCreditsFull } from '@/shared/lib/format.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { PAYMENTS_PAGE, usePayments, useTotals } from '../api/admin-api.ts';
import { formatMoney } from '../model/format.ts';
import { OffsetPager } from './list-paging.tsx';
import { PaymentsTable } from './payments-table.tsx';
import { Card, Empty, Loading, TableBox, TD, TH } from './ui.tsx';

function Revenue() {
  const q = useTotals();
  if (q.isPending) return <Loading what="revenue" />;
  if (q.isError) return <FormError error={q.error} />;
  const rows = q.data.revenue.rows;
  if (rows.length === 0) return <Empty>No fulfilled payments in the last {q.data.revenue.days} days.</Empty>;
  return (
    <TableBox label="Revenue by day and pack">
      <thead>
        <tr>
          <th className={TH}>Day (UTC)</th>
          <th className={TH}>Pack</th>
          <th className={`${TH} text-right`}>Payments</th>
          <th className={`${TH} text-right`}>Revenue</th>
          <th className={`${TH} text-right`}>Credits sold</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.day}-${r.packId}-${r.currency}`} className="border-t border-slate-800">
            <td className={`${TD} font-mono whitespace-nowrap`}>{r.day}</td>
            <td className={TD}>{r.packId}</td>
            <td className={`${TD} text-right font-mono`}>{r.payments}</td>
            <td className={`${TD} text-right font-mono whitespace-nowrap`}>
              {formatMoney(r.amountCents, r.currency)}
            </td>
            <td className={`${TD} text-right font-mono`}>{formatCreditsFull(r.credits)}</td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

/** Every payment attempt, filterable by status, and revenue by day and pack. */
export function PaymentsPanel({ onUser }: { onUser: (id: string) => void }) {
  const [status, setStatus] = useState('');
  const [offset, setOffset] = useState(0);
  const q = usePayments(status, undefined, offset);
  const selectId = useId();
  const statuses = q.data?.statuses ?? [];
  return (
    <div className="space-y-3">
      <Card
        title="Payment attempts"
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="text-xs text-slate-400">
              Status
            </label>
            <select
              id={selectId}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                setOffset(0);
              }}
              className="rounded-md border border-slate-600 bg-slate-950 px-2 py-1 text-sm"
            >
              <option value="">All</option>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {s.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          </div>
        }
      >
        {q.isPending ? <Loading what="payments" /> : null}
        <FormError error={q.error} />
        {q.data && q.data.items.length === 0 ? (
          <Empty>No payment attempts{status ? ` with status ${status.replaceAll('_', ' ')}` : ''}.</Empty>
        ) : null}
        {q.data && q.data.items.length > 0 ? (
          <>
            <PaymentsTable items={q.data.items} onUser={onUser} />
            <OffsetPager
              offset={offset}
              pageSize={PAYMENTS_PAGE}
              total={q.data.total}
              shown={q.data.items.length}
              onOffset={setOffset}
            />
          </>
        ) : null}
      </Card>
      <Card title="Revenue by day and pack (fulfilled, last 30 days)">
        <Revenue />
      </Card>
    </div>
  );
}
