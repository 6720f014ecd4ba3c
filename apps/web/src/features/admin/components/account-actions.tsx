import type { AdminUserDetail } from '@card-counter/shared';
import { useId, useState } from 'react';
import { formatDateTime } from '@/shared/lib/format.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormSuccess } from '@/shared/ui/form-message.tsx';
import { useAccountAction, type AccountAction } from '../api/admin-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Card } from './ui.tsx';

const COPY: Record<AccountAction, { title: string; confirm: string; what: string }> = {
  'revoke-sessions': {
    title: 'End all sessions?',
    confirm: 'End sessions',
    what: 'They are signed out on every device and can sign in again.',
  },
  block: {
    title: 'Block sign-in?',
    confirm: 'Block account',
    what: 'Their sessions end now and they cannot sign in until unblocked. Their credits and history are kept.',
  },
  unblock: { title: 'Unblock sign-in?', confirm: 'Unblock account', what: 'They can sign in again.' },
};

/** End sessions, block and unblock; each asks for a reason and a confirmation. */
export function AccountActions({ detail, label }: { detail: AdminUserDetail; label: string }) {
  const mutation = useAccountAction(detail.user.id);
  const [pending, setPending] = useState<AccountAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const blocked = detail.block !== null;

  const open = (action: AccountAction) => {
    setDone(null);
    mutation.reset();
    setPending(action);
  };
  const confirm = (action: AccountAction, reason: string) => {
    mutation.mutate(
      { action, reason },
      {
        onSuccess: (r) => {
          setPending(null);
          setDone(
            action === 'unblock'
              ? 'Sign-in unblocked.'
              : `${action === 'block' ? 'Account blocked. ' : ''}${r.sessionsRevoked} session${r.sessionsRevoked === 1 ? '' : 's'} ended.`,
          );
        },
      },
    );
  };

  return (
    <Card title="Account">
      <AccountStatus detail={detail} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="flex-1 whitespace-nowrap" onClick={() => open('revoke-sessions')} disabled={detail.sessions.length === 0}>
          End sessions
        </Button>
        {blocked ? (
          <Button variant="secondary" className="flex-1 whitespace-nowrap" onClick={() => open('unblock')}>
            Unblock sign-in
          </Button>
        ) : (
          <Button variant="danger" className="flex-1 whitespace-nowrap" onClick={() => open('block')} disabled={detail.user.isAdmin}>
            Block sign-in
          </Button>
        )}
      </div>
      {detail.user.isAdmin && !blocked ? <p className="mt-2 text-xs text-slate-400">Admins cannot be blocked from here.</p> : null}
      <div className="mt-2">
        <FormSuccess message={done} />
      </div>
      {pending !== null ? (
        <ReasonDialog key={pending} action={pending} label={label} busy={mutation.isPending} error={mutation.error} onConfirm={(reason) => confirm(pending, reason)} onCancel={() => setPending(null)} />
      ) : null}
    </Card>
  );
}

/** Whether the account may sign in (and why not), and its open sessions. */
function AccountStatus({ detail }: { detail: AdminUserDetail }) {
  const blocked = detail.block !== null;
  return (
    <dl className="mb-3 space-y-1 text-sm">
      <div className="flex justify-between gap-2">
        <dt className="text-slate-400">Sign-in</dt>
        <dd className={blocked ? 'font-semibold text-rose-300' : 'text-emerald-300'}>{blocked ? 'Blocked' : 'Allowed'}</dd>
      </div>
      {detail.block ? (
        <div className="rounded-md bg-rose-950/60 px-2 py-1.5 text-xs text-rose-100">
          “{detail.block.reason}” — {formatDateTime(detail.block.blockedAt)}
        </div>
      ) : null}
      <div className="flex justify-between gap-2">
        <dt className="text-slate-400">Open sessions</dt>
        <dd className="font-mono">{detail.sessions.length}</dd>
      </div>
    </dl>
  );
}

/** The confirmation of an account action, with its reason (at least 3 characters, kept in the audit log). */
function ReasonDialog(props: { action: AccountAction; label: string; busy: boolean; error: unknown; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { action, label } = props;
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const short = reason.trim().length < 3;
  return (
    <ConfirmDialog
      title={COPY[action].title}
      confirmLabel={COPY[action].confirm}
      busy={props.busy}
      confirmDisabled={short}
      error={props.error}
      onConfirm={() => props.onConfirm(reason.trim())}
      onCancel={props.onCancel}
    >
      <p>
        <strong>{label}</strong>: {COPY[action].what}
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={reasonId} className="font-medium text-slate-200">
          Reason (required, kept in the audit log)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={200}
          rows={2}
          onChange={(e) => setReason(e.target.value)}
          className="rounded-md border border-slate-600 bg-slate-950 px-3 py-1.5 text-slate-100 focus:border-emerald-400 focus:outline-none"
        />
        {short ? <span className="text-xs text-slate-400">At least 3 characters.</span> : null}
      </div>
    </ConfirmDialog>
  );
}
