import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { appConfigQuery } from '../../../shared/config/app-config.ts';
import { errorMessage } from '../../../shared/lib/api-error.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/form-message.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { GOOGLE_UNAVAILABLE_MESSAGE, signInWithEmail, signInWithGoogle } from '../api/auth-actions.ts';

/** better-auth sends failed OAuth sign-ins back to the login page with ?error=<code>. */
function oauthErrorMessage(code: string | null): string | null {
  if (!code) return null;
  if (code === 'account_not_linked') {
    return "This Google account's e-mail belongs to an existing account. Sign in with your password, then link Google from your profile.";
  }
  return `Sign-in with Google did not complete (${code}). Please try again.`;
}

export function LoginPage() {
  const navigate = useNavigate();
  const status = useSessionStore((s) => s.status);
  const loadServerSession = useSessionStore((s) => s.loadServerSession);
  const startGuest = useSessionStore((s) => s.startGuest);
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(() => oauthErrorMessage(params.get('error')));

  if (status === 'signed-in' || status === 'guest') return <Navigate to="/" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signInWithEmail(email.trim(), password);
      await loadServerSession(queryClient);
      navigate('/', { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const google = async () => {
    setError(null);
    try {
      // The config may still be loading (or failed) when the button is pressed: ask for it now.
      const config = await queryClient.ensureQueryData(appConfigQuery);
      if (!config.auth.google) {
        setError(GOOGLE_UNAVAILABLE_MESSAGE);
        return;
      }
      await signInWithGoogle('/');
    } catch {
      // Without an answer from the server Google sign-in cannot start either.
      setError(GOOGLE_UNAVAILABLE_MESSAGE);
    }
  };

  const playAsGuest = () => {
    startGuest();
    navigate('/', { replace: true });
  };

  return (
    <PageCard title="Sign in">
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
        <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormError message={error} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <div className="my-4 flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-700" /> or <span className="h-px flex-1 bg-slate-700" />
      </div>
      <div className="flex flex-col gap-3">
        <Button variant="secondary" onClick={() => void google()}>
          Sign in with Google
        </Button>
        <Button variant="ghost" onClick={playAsGuest}>
          Play as guest
        </Button>
      </div>
      <p className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link className="text-emerald-300 underline" to="/auth/signup">
          Create an account
        </Link>
        <Link className="text-emerald-300 underline" to="/auth/reset-password">
          Forgot your password?
        </Link>
      </p>
    </PageCard>
  );
}
