import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/lib/api-error.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError, FormSuccess } from '../../../shared/ui/form-message.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { requestPasswordReset, resetPassword } from '../api/auth-actions.ts';

const INVALID_LINK_MESSAGE = 'This reset link is invalid or has expired. Request a new one below.';

function RequestResetForm({ linkError }: { linkError: boolean }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(linkError ? INVALID_LINK_MESSAGE : null);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return <FormSuccess message="If an account exists for that e-mail, a password reset link is on its way." />;
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <p className="text-sm text-slate-300">Enter your account's e-mail and we will send you a link to choose a new password.</p>
      <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setError('The passwords do not match.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
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
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
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
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Set new password'}
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
