import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appConfigQuery } from '@/shared/config/app-config.ts';
import { catalogueError } from '@/shared/lib/api-error.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';
import { PageCard } from '@/shared/ui/page-card.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { signInWithEmail, signInWithGoogle } from '../api/auth-actions.ts';

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
  const [params] = useSearchParams();
  const [oauthError, setOauthError] = useState(() => oauthErrorMessage(params.get('error')));

  const signIn = useMutation({
    mutationFn: async (credentials: { email: string; password: string }) => {
      await signInWithEmail(credentials.email, credentials.password);
      await loadServerSession(queryClient);
    },
    onSuccess: () => navigate('/', { replace: true }),
  });
  const google = useMutation({
    mutationFn: async () => {
      // The config may still be loading (or failed) when the button is pressed: ask for it
      // now. Without an answer from the server Google sign-in cannot start either.
      const config = await queryClient.ensureQueryData(appConfigQuery).catch(() => null);
      if (!config?.auth.google) throw catalogueError('GOOGLE_UNAVAILABLE');
      await signInWithGoogle('/').catch((error: unknown) => {
        throw catalogueError('GOOGLE_UNAVAILABLE', error);
      });
    },
  });

  if (status === 'signed-in' || status === 'guest') return <Navigate to="/" replace />;

  // One message at a time: starting one way of signing in clears what the other said.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOauthError(null);
    google.reset();
    signIn.mutate({ email: email.trim(), password });
  };
  const startGoogle = () => {
    setOauthError(null);
    signIn.reset();
    google.mutate();
  };
  const playAsGuest = () => {
    startGuest();
    navigate('/', { replace: true });
  };

  return (
    <PageCard title="Sign in">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormError message={oauthError} error={signIn.error ?? google.error} />
        <Button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <div className="my-4 flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-700" /> or <span className="h-px flex-1 bg-slate-700" />
      </div>
      <div className="flex flex-col gap-3">
        <Button variant="secondary" disabled={google.isPending} onClick={startGoogle}>
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
