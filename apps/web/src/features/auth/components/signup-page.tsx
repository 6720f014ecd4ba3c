import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/lib/api-error.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError, FormSuccess } from '../../../shared/ui/form-message.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { signUpWithEmail } from '../api/auth-actions.ts';

export function SignupPage() {
  const navigate = useNavigate();
  const status = useSessionStore((s) => s.status);
  const loadServerSession = useSessionStore((s) => s.loadServerSession);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pendingVerification, setPendingVerification] = useState(false);

  if (status === 'signed-in') return <Navigate to="/" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signUpWithEmail(name.trim(), email.trim(), password);
      await loadServerSession(queryClient);
      // A server that requires a verified e-mail before the first sign-in returns no session.
      if (useSessionStore.getState().status === 'signed-in') navigate('/', { replace: true });
      else setPendingVerification(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageCard title="Create your account">
      {pendingVerification ? (
        <FormSuccess message="Account created. Check your e-mail for the verification link, then sign in." />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
          <TextField label="Name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
          <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint="At least 8 characters."
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormError message={error} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating account...' : 'Create account'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-sm">
        Already have an account?{' '}
        <Link className="text-emerald-300 underline" to="/login">
          Sign in
        </Link>
      </p>
    </PageCard>
  );
}
