import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Link } from '@/shared/ui/link.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormError, FormSuccess } from '@/shared/ui/form-message.tsx';
import { PageCard } from '@/shared/ui/page-card.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { signUpWithEmail } from '../api/auth-actions.ts';
import { announceVerificationMail } from '../api/verification-mail.ts';

export function SignupPage() {
  const navigate = useNavigate();
  const status = useSessionStore((s) => s.status);
  const loadServerSession = useSessionStore((s) => s.loadServerSession);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const signUp = useMutation({
    mutationFn: async (account: { name: string; email: string; password: string }) => {
      await signUpWithEmail(account.name, account.email, account.password);
      await loadServerSession(queryClient);
      return { email: account.email, signedIn: useSessionStore.getState().status === 'signed-in' };
    },
    onSuccess: ({ email: address, signedIn }) => {
      if (!signedIn) return;
      announceVerificationMail(address);
      navigate('/', { replace: true });
    },
  });
  // A server that requires a verified e-mail before the first sign-in returns no session.
  const pendingVerification = signUp.isSuccess && !signUp.data.signedIn;

  if (status === 'signed-in') return <Navigate to="/" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signUp.mutate({ name: name.trim(), email: email.trim(), password });
  };

  return (
    <PageCard title="Create your account">
      {pendingVerification ? (
        <FormSuccess message="Account created. Check your e-mail for the verification link, then sign in." />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit}>
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
          <FormError error={signUp.error} />
          <Button type="submit" disabled={signUp.isPending}>
            {signUp.isPending ? 'Creating account...' : 'Create account'}
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
