import { formatCreditsFull } from '@/shared/lib/format.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useTotals } from '../api/admin-api.ts';
import { formatMoney } from '../model/format.ts';
import { Figure } from './ui.tsx';

/** A correction total with its direction; none yet reads a plain 0, not a red −0. */
function signed(sign: '+' | '−', credits: number): string {
  return credits > 0 ? `${sign}${formatCreditsFull(credits)}` : formatCreditsFull(credits);
}

/** The economy at a glance: circulation, admin corrections, revenue of the last 30 days. */
export function TotalsStrip() {
  const q = useTotals();
  if (q.isError) return <FormError error={q.error} />;
  const t = q.data;
  const byCurrency = new Map<string, number>();
  for (const r of t?.revenue.rows ?? [])
    byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0) + r.amountCents);
  const revenue =
    [...byCurrency].map(([c, cents]) => formatMoney(cents, c)).join(' + ') || formatMoney(0, 'usd');
  return (
    <section aria-label="Totals" className="rounded-lg border border-slate-800 bg-slate-900 px-4 py-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Figure label="Credits in circulation" value={t ? formatCreditsFull(t.creditsInCirculation) : '…'} />
        <Figure
          label="Granted by admins"
          value={t ? signed('+', t.creditsGrantedByAdmins) : '…'}
          tone={t && t.creditsGrantedByAdmins > 0 ? 'good' : 'plain'}
        />
        <Figure
          label="Removed by admins"
          value={t ? signed('−', t.creditsRemovedByAdmins) : '…'}
          tone={t && t.creditsRemovedByAdmins > 0 ? 'bad' : 'plain'}
        />
        <Figure label="Accounts" value={t ? formatCreditsFull(t.users) : '…'} />
        <Figure label={`Revenue, ${t?.revenue.days ?? 30} days`} value={t ? revenue : '…'} />
      </dl>
    </section>
  );
}
