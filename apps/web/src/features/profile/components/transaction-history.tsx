import { formatCreditsFull, formatCreditsSigned, formatDateTime } from '@/shared/lib/format.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useTransactions } from '../api/profile-api.ts';
import { Section } from './section.tsx';

/** The credit ledger, newest first, a page of 20 at a time. */
export function TransactionHistory() {
  const query = useTransactions();
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Section id="credits" title="Transaction history">
      {query.isPending ? <p role="status">Loading transactions...</p> : null}
      <FormError error={query.error} />
      {!query.isPending && rows.length === 0 && !query.isError ? <p className="text-sm text-slate-400">No transactions yet.</p> : null}
      {rows.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-400">
              <tr>
                <th className="py-2 pr-3 font-medium">Date</th>
                <th className="py-2 pr-3 font-medium">Description</th>
                <th className="py-2 pr-3 text-right font-medium">Amount</th>
                <th className="py-2 text-right font-medium">Balance</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-800">
                  <td className="py-2 pr-3 sm:whitespace-nowrap">{formatDateTime(row.createdAt)}</td>
                  <td className="py-2 pr-3">{row.description || row.type}</td>
                  <td className={`py-2 pr-3 text-right font-mono ${row.amount < 0 ? 'text-rose-300' : 'text-emerald-300'}`}>
                    {formatCreditsSigned(row.amount)}
                  </td>
                  <td className="py-2 text-right font-mono">{formatCreditsFull(row.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="secondary" className="mt-4" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </Section>
  );
}
