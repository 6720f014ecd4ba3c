import type { AdminAuditEntry } from '@card-counter/shared';
import { formatCreditsSigned, formatDateTime } from '@/shared/lib/format.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useAudit } from '../api/admin-api.ts';
import { ACTION_LABELS } from '../model/format.ts';
import { LoadMore } from './list-paging.tsx';
import { Badge, Empty, Loading, TableBox, TD, TH } from './ui.tsx';

function what(action: string, details: Record<string, unknown>): string {
  if (typeof details.amount === 'number') {
    const after =
      typeof details.balanceAfter === 'number' ? ` → ${details.balanceAfter.toLocaleString('en-US')}` : '';
    return `${formatCreditsSigned(details.amount)}${after}`;
  }
  if (typeof details.sessionsRevoked === 'number') return `${details.sessionsRevoked} session(s) ended`;
  return action === 'account.unblock' ? 'sign-in allowed' : '';
}

/** The append-only audit log, newest first: who, when, what, why. */
export function AuditList({ targetUserId, showTarget = true }: { targetUserId?: string; showTarget?: boolean }) {
  const query = useAudit(targetUserId);
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) return <Loading what="the audit log" />;
  return (
    <div>
      <FormError error={query.error} />
      {rows.length === 0 && !query.isError ? <Empty>No admin actions yet.</Empty> : null}
      {rows.length > 0 ? (
        <>
          <AuditCards rows={rows} showTarget={showTarget} />
          <AuditTable rows={rows} showTarget={showTarget} />
        </>
      ) : null}
      <LoadMore query={query} />
    </div>
  );
}

function ActionBadge({ action }: { action: AdminAuditEntry['action'] }) {
  const tone = action === 'credits.grant' ? 'green' : action === 'account.unblock' ? 'slate' : action === 'sessions.revoke' ? 'amber' : 'red';
  return <Badge tone={tone}>{ACTION_LABELS[action] ?? action}</Badge>;
}

/** On a phone: one card per entry. */
function AuditCards({ rows, showTarget }: { rows: AdminAuditEntry[]; showTarget: boolean }) {
  return (
    <ul aria-label="Audit entries" className="divide-y divide-slate-800 sm:hidden">
      {rows.map((e) => (
        <li key={e.id} className="space-y-0.5 py-2 text-sm">
          <div className="flex items-center justify-between gap-2">
            <ActionBadge action={e.action} />
            <span className="font-mono text-xs">{what(e.action, e.details)}</span>
          </div>
          <p className="break-words">{e.reason}</p>
          <p className="truncate text-xs text-slate-400">
            {formatDateTime(e.createdAt)} · by {e.adminEmail ?? e.adminUserId}
            {showTarget ? ` · ${e.targetEmail ?? e.targetUserId ?? ''}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** On a wider screen: one row per entry. */
function AuditTable({ rows, showTarget }: { rows: AdminAuditEntry[]; showTarget: boolean }) {
  return (
    <div className="hidden sm:block">
      <TableBox label="Audit log">
        <thead>
          <tr>
            <th className={TH}>When</th>
            <th className={TH}>Admin</th>
            <th className={TH}>Action</th>
            {showTarget ? <th className={TH}>User</th> : null}
            <th className={TH}>Change</th>
            <th className={TH}>Reason</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id} className="border-t border-slate-800">
              <td className={`${TD} whitespace-nowrap text-slate-400`}>{formatDateTime(e.createdAt)}</td>
              <td className={`${TD} max-w-[12rem] truncate`} title={e.adminUserId}>
                {e.adminEmail ?? e.adminUserId}
              </td>
              <td className={`${TD} whitespace-nowrap`}>
                <ActionBadge action={e.action} />
              </td>
              {showTarget ? (
                <td className={`${TD} max-w-[12rem] truncate`} title={e.targetUserId ?? ''}>
                  {e.targetEmail ?? e.targetUserId ?? '–'}
                </td>
              ) : null}
              <td className={`${TD} font-mono whitespace-nowrap`}>{what(e.action, e.details)}</td>
              <td className={`${TD} min-w-[10rem] break-words text-slate-300`}>{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
    </div>
  );
}
