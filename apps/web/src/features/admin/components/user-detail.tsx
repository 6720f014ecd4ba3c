import type { AdminUserDetail } from '@card-counter/shared';
import { formatCreditsFull, formatDateTime } from '@/shared/lib/format.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { usePayments, useUserDetail } from '../api/admin-api.ts';
import { AccountActions } from './account-actions.tsx';
import { AuditList } from './audit-list.tsx';
import { CreditForm } from './credit-form.tsx';
import { formatPercent, shortUserAgent } from '../model/format.ts';
import { PaymentsTable } from './payments-table.tsx';
import { UserLedger } from './user-ledger.tsx';
import { Badge, Card, Empty, Figure, Loading } from './ui.tsx';

function Header({ d }: { d: AdminUserDetail }) {
  const u = d.user;
  return (
    <section aria-label="User" className="rounded-lg border border-slate-800 bg-slate-900 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-xl font-bold">{d.profile?.displayName ?? u.name}</h2>
          <p className="truncate text-sm text-slate-300">{u.email}</p>
          <p className="truncate font-mono text-xs text-slate-400" title="User id">
            {u.id}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {u.blocked ? <Badge tone="red">Blocked</Badge> : <Badge tone="green">Active</Badge>}
          {u.isAdmin ? <Badge tone="amber">Admin</Badge> : null}
          <Badge tone={u.emailVerified ? 'green' : 'slate'}>
            {u.emailVerified ? 'E-mail verified' : 'E-mail not verified'}
          </Badge>
          {d.linkedProviders.email ? <Badge tone="slate">Password</Badge> : null}
          {d.linkedProviders.google ? <Badge tone="slate">Google</Badge> : null}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Credits" value={u.credits === null ? '–' : formatCreditsFull(u.credits)} />
        <Figure label="Username" value={u.username ?? '–'} />
        <Figure
          label="Joined"
          value={
            <span className="font-sans text-sm font-normal whitespace-normal">
              {formatDateTime(u.createdAt)}
            </span>
          }
        />
        <Figure
          label="Last sign-in"
          value={
            <span className="font-sans text-sm font-normal whitespace-normal">
              {u.lastLogin ? formatDateTime(u.lastLogin) : '–'}
            </span>
          }
        />
      </dl>
    </section>
  );
}

function Statistics({ d }: { d: AdminUserDetail }) {
  const p = d.profile;
  const r = d.record;
  return (
    <Card title="Statistics">
      <h3 className="mb-1 text-xs text-slate-400">Table</h3>
      <dl className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure label="Hands played" value={p ? formatCreditsFull(p.totalHandsPlayed) : '–'} />
        <Figure label="Win rate" value={p ? formatPercent(p.totalHandsWon, p.totalHandsPlayed) : '–'} />
        <Figure
          label="Net winnings"
          value={p ? formatCreditsFull(p.totalWinnings) : '–'}
          tone={p && p.totalWinnings < 0 ? 'bad' : 'plain'}
        />
        <Figure label="Best streak" value={p ? p.bestStreak : '–'} />
        <Figure label="Biggest win" value={p ? formatCreditsFull(p.biggestWin) : '–'} />
        <Figure
          label="Decisions correct"
          value={`${formatPercent(r.decisionsCorrect, r.decisions)}`}
          hint={`${r.decisionsCorrect} of ${r.decisions}`}
        />
      </dl>
      <h3 className="mb-1 text-xs text-slate-400">Record and drills</h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure label="Decisions" value={formatCreditsFull(r.decisions)} />
        <Figure
          label="Count checks right"
          value={formatPercent(r.countChecksCorrect, r.countChecks)}
          hint={`${r.countChecksCorrect} of ${r.countChecks}`}
        />
        <Figure label="EV given away" value={r.evCostCredits.toFixed(1)} />
      </dl>
      <p className="mt-2 text-xs text-slate-400">
        {r.lastAt ? `Last recorded ${formatDateTime(r.lastAt)}. ` : 'Nothing recorded yet. '}
        {d.drills.available ? `Drills: ${d.drills.cards} cards, ${d.drills.due} due.` : d.drills.note}
      </p>
    </Card>
  );
}

function Sessions({ d }: { d: AdminUserDetail }) {
  return (
    <Card title={`Sessions (${d.sessions.length})`}>
      {d.sessions.length === 0 ? <Empty>No open sessions.</Empty> : null}
      <ul className="space-y-1.5 text-sm">
        {d.sessions.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap justify-between gap-x-3 border-t border-slate-800 pt-1.5 first:border-0 first:pt-0"
          >
            <span>{shortUserAgent(s.userAgent)}</span>
            <span className="font-mono text-xs text-slate-400">{s.ipAddress ?? 'no address'}</span>
            <span className="w-full text-xs text-slate-400">
              since {formatDateTime(s.createdAt)} · expires {formatDateTime(s.expiresAt)}
            </span>
          </li>
        ))}
      </ul>
      <h3 className="mt-3 mb-1 text-xs text-slate-400">Linked sign-in methods</h3>
      <ul className="text-sm">
        {d.accounts.map((a) => (
          <li key={`${a.providerId}-${a.createdAt}`}>
            {a.providerId === 'credential' ? 'E-mail and password' : a.providerId}{' '}
            <span className="text-xs text-slate-400">since {formatDateTime(a.createdAt)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function UserPayments({ userId }: { userId: string }) {
  const q = usePayments('', userId, 0);
  if (q.isPending) return <Loading what="payments" />;
  if (q.isError) return <FormError error={q.error} />;
  if (q.data.items.length === 0) return <Empty>No payment attempts.</Empty>;
  return (
    <>
      <PaymentsTable items={q.data.items} />
      {q.data.total > q.data.items.length ? (
        <p className="mt-2 text-xs text-slate-400">
          Newest {q.data.items.length} of {q.data.total}; see Payments for all.
        </p>
      ) : null}
    </>
  );
}

/** Everything about one user, and the actions on them. */
export function UserDetail({ userId }: { userId: string }) {
  const q = useUserDetail(userId);
  if (q.isPending) return <Loading what="the user" />;
  if (q.isError) return <FormError error={q.error} />;
  const d = q.data;
  const label = d.user.email;
  return (
    <div className="space-y-3">
      <Header d={d} />
      <div className="grid gap-3 md:grid-cols-2">
        <CreditForm userId={d.user.id} label={label} balance={d.user.credits} />
        <AccountActions detail={d} label={label} />
      </div>
      <Card title="Ledger">
        <UserLedger userId={d.user.id} />
      </Card>
      <div className="grid gap-3 xl:grid-cols-2">
        <Statistics d={d} />
        <Sessions d={d} />
      </div>
      <Card title="Payments">
        <UserPayments userId={d.user.id} />
      </Card>
      <Card title="Admin actions on this user">
        <AuditList targetUserId={d.user.id} showTarget={false} />
      </Card>
    </div>
  );
}
