import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Link } from '@/shared/ui/link.tsx';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';
import { PageCard } from '@/shared/ui/page-card.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { useSignIn } from '../hooks/use-sign-in.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const status = useSessionStore((s) => s.status);
  const startGuest = useSessionStore((s) => s.startGuest);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();

  if (status === 'signed-in' || status === 'guest') return <Navigate to="/" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.withPassword(email, password);
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
        <FormError message={signIn.oauthError} error={signIn.password.error ?? signIn.google.error} />
        <Button type="submit" disabled={signIn.password.isPending}>
          {signIn.password.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <div className="my-4 flex items-center gap-3 text-xs text-slate-400">
        <span className="h-px flex-1 bg-slate-700" /> or <span className="h-px flex-1 bg-slate-700" />
      </div>
      <div className="flex flex-col gap-3">
        <Button variant="secondary" disabled={signIn.google.isPending} onClick={signIn.withGoogle}>
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
