import { formatCreditsFull, formatCreditsSigned, formatDateTime } from '@/shared/lib/format.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useUserLedger } from '../api/admin-api.ts';
import { LoadMore } from './list-paging.tsx';
import { Empty, Loading, TableBox, TD, TH } from './ui.tsx';

/** Every ledger row of the user, newest first, a page at a time. */
export function UserLedger({ userId }: { userId: string }) {
  const query = useUserLedger(userId);
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) return <Loading what="the ledger" />;
  return (
    <div>
      <FormError error={query.error} />
      {rows.length === 0 && !query.isError ? <Empty>No ledger rows.</Empty> : null}
      {rows.length > 0 ? (
        <ul aria-label="Ledger rows" className="divide-y divide-slate-800 sm:hidden">
          {rows.map((row) => (
            <li key={row.id} className="py-1.5 text-sm">
              <div className="flex justify-between gap-2">
                <span className="text-xs text-slate-400">{formatDateTime(row.createdAt)}</span>
                <span className={`font-mono ${row.amount < 0 ? 'text-rose-300' : 'text-emerald-300'}`}>
                  {formatCreditsSigned(row.amount)}
                </span>
              </div>
              <div className="flex justify-between gap-2">
                <span className="min-w-0 break-words">{row.description}</span>
                <span className="shrink-0 font-mono text-xs text-slate-400">
                  = {formatCreditsFull(row.balance)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <div className="hidden sm:block">
          <TableBox label="Ledger">
            <thead>
              <tr>
                <th className={TH}>Date</th>
                <th className={TH}>Type</th>
                <th className={TH}>Description</th>
                <th className={`${TH} text-right`}>Amount</th>
                <th className={`${TH} text-right`}>Balance</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-800">
                  <td className={`${TD} whitespace-nowrap text-slate-400`}>
                    {formatDateTime(row.createdAt)}
                  </td>
                  <td className={`${TD} font-mono text-xs`}>{row.type}</td>
                  <td className={`${TD} min-w-[12rem] break-words`}>{row.description}</td>
                  <td
                    className={`${TD} text-right font-mono whitespace-nowrap ${row.amount < 0 ? 'text-rose-300' : 'text-emerald-300'}`}
                  >
                    {formatCreditsSigned(row.amount)}
                  </td>
                  <td className={`${TD} text-right font-mono whitespace-nowrap`}>
                    {formatCreditsFull(row.balance)}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        </div>
      ) : null}
      <LoadMore query={query} />
    </div>
  );
}
