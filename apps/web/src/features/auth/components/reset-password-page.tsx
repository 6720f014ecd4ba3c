import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/shared/ui/link.tsx';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/shared/ui/button.tsx';
import { FormError, FormSuccess } from '@/shared/ui/form-message.tsx';
import { PageCard } from '@/shared/ui/page-card.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { requestPasswordReset, resetPassword } from '../api/auth-actions.ts';

const INVALID_LINK_MESSAGE = 'This reset link is invalid or has expired. Request a new one below.';
const MISMATCH_MESSAGE = 'The passwords do not match.';

function RequestResetForm({ linkError }: { linkError: boolean }) {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: requestPasswordReset });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };

  if (request.isSuccess) {
    return <FormSuccess message="If an account exists for that e-mail, a password reset link is on its way." />;
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={submit}>
      <p className="text-sm text-slate-300">Enter your account's e-mail and we will send you a link to choose a new password.</p>
      <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      {/* The broken link is mentioned until the player asks for a new one. */}
      <FormError message={linkError && request.isIdle ? INVALID_LINK_MESSAGE : null} error={request.error} />
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const reset = useMutation({ mutationFn: (newPassword: string) => resetPassword(token, newPassword) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password !== confirm) {
      reset.reset();
      return;
    }
    reset.mutate(password);
  };

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <FormSuccess message="Your password has been reset. You can now sign in with it." />
        <Link className="text-emerald-300 underline" to="/login">
          Go to sign in
        </Link>
      </div>
    );
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={submit}>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormError message={mismatch ? MISMATCH_MESSAGE : null} error={reset.error} />
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <PageCard title="Reset your password">
      {token ? <NewPasswordForm token={token} /> : <RequestResetForm linkError={params.has('error')} />}
      <p className="mt-6 text-sm">
        <Link className="text-emerald-300 underline" to="/login">
          Back to sign in
        </Link>
      </p>
    </PageCard>
  );
}
