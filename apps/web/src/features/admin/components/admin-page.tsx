import { useSearchParams } from 'react-router';
import { AuditList } from './audit-list.tsx';
import { HealthPanel } from './health-panel.tsx';
import { PaymentsPanel } from './payments-panel.tsx';
import { TotalsStrip } from './totals-strip.tsx';
import { TournamentForm } from './tournament-form.tsx';
import { Card } from './ui.tsx';
import { UserDetail } from './user-detail.tsx';
import { UsersPanel } from './users-panel.tsx';

const TABS = [
  { id: 'users', label: 'Users' },
  { id: 'payments', label: 'Payments' },
  { id: 'audit', label: 'Audit log' },
  { id: 'health', label: 'Health' },
  { id: 'tournaments', label: 'Tournaments' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function parseTab(value: string | null): Tab {
  return TABS.find((t) => t.id === value)?.id ?? 'users';
}

/**
 * The operator's page (an admin sees Admin in the navigation, issue 39). The section and the open user live in the address
 * (?tab=…&user=…), so a view can be reloaded or shared with another operator. Every call is
 * checked by the server: this page only shows what /api/admin answers.
 */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const user = params.get('user');
  const go = (next: { tab?: Tab; user?: string | null }) => {
    const p = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t !== 'users') p.set('tab', t);
    const u = next.user === undefined ? user : next.user;
    if (u) p.set('user', u);
    setParams(p);
  };

  return (
    <div className="mx-auto max-w-7xl space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Admin</h1>
          <p className="text-sm text-slate-400">Every action here is recorded in the audit log with your account and reason.</p>
        </div>
        <nav aria-label="Admin sections" className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-900 p-1">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              aria-pressed={tab === t.id}
              onClick={() => go({ tab: t.id, user: t.id === 'users' ? user : null })}
              className={`rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap ${tab === t.id ? 'bg-slate-700 text-white' : 'text-slate-300 hover:text-white'}`}
            >
              {t.label}
            </button>
          ))}
        </nav>
      </div>
      <TotalsStrip />
      {tab === 'users' ? <UsersTab user={user} onUser={(id) => go({ user: id })} /> : null}
      {tab === 'payments' ? <PaymentsPanel onUser={(id) => go({ tab: 'users', user: id })} /> : null}
      {tab === 'audit' ? (
        <Card title="Audit log">
          <AuditList />
        </Card>
      ) : null}
      {tab === 'health' ? <HealthPanel /> : null}
      {tab === 'tournaments' ? <TournamentForm /> : null}
    </div>
  );
}

/** The search beside the open user; on a phone one at a time, with a way back to the search. */
function UsersTab({ user, onUser }: { user: string | null; onUser: (id: string | null) => void }) {
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div className={user ? 'hidden min-w-0 lg:block' : 'min-w-0'}>
        <UsersPanel selected={user} onSelect={onUser} />
      </div>
      <div className="min-w-0">
        {user ? (
          <>
            <button type="button" onClick={() => onUser(null)} className="mb-2 rounded-md px-2 py-1 text-sm text-emerald-300 hover:bg-slate-800 lg:hidden">
              ← Back to users
            </button>
            <UserDetail key={user} userId={user} />
          </>
        ) : (
          <div className="hidden rounded-lg border border-dashed border-slate-700 p-8 text-center text-sm text-slate-400 lg:block">
            Pick a user to see their profile, ledger, payments and sessions.
          </div>
        )}
      </div>
    </div>
  );
}
