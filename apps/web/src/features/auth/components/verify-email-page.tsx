import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/shared/ui/link.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { FormError, FormSuccess } from '@/shared/ui/form-message.tsx';
import { PageCard } from '@/shared/ui/page-card.tsx';
import { ResendVerification } from '@/shared/ui/resend-verification.tsx';
import { verifyEmail } from '../api/auth-actions.ts';

type Result = { kind: 'pending' } | { kind: 'verified' } | { kind: 'failed'; message: string };

function VerifyToken({ token }: { token: string }) {
  const loadSession = useSessionStore((s) => s.loadSession);
  const queryClient = useQueryClient();
  const [result, setResult] = useState<Result>({ kind: 'pending' });
  const started = useRef(false);

  useEffect(() => {
    // A token is single-use: StrictMode's second effect run must not spend it twice.
    if (started.current) return;
    started.current = true;
    verifyEmail(token)
      .then(async () => {
        setResult({ kind: 'verified' });
        await loadSession(queryClient);
      })
      .catch((error: unknown) => setResult({ kind: 'failed', message: errorMessage(error) }));
  }, [token, loadSession, queryClient]);

  if (result.kind === 'pending') return <p role="status">Verifying your e-mail...</p>;
  if (result.kind === 'failed') return <FormError message={result.message} />;
  return <FormSuccess message="Your email has been verified." />;
}

function ResendForSession() {
  const user = useUserState();
  const status = useSessionStore((s) => s.status);

  if (status !== 'signed-in' || !user?.email) {
    return (
      <p className="text-sm text-slate-300">
        <Link className="text-emerald-300 underline" to="/login">
          Sign in
        </Link>{' '}
        to send a new verification e-mail.
      </p>
    );
  }
  if (user.emailVerified) return <FormSuccess message="Your email is already verified." />;
  return <ResendVerification email={user.email} />;
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  return (
    <PageCard title="Verify your email">
      {token ? (
        <VerifyToken token={token} />
      ) : params.get('verified') === 'true' && !linkError ? (
        <FormSuccess message="Your email has been verified." />
      ) : (
        <div className="flex flex-col gap-4">
          {linkError ? <FormError message="This verification link is invalid or has expired." /> : null}
          <p className="text-sm text-slate-300">
            We send a verification link to your e-mail address when you sign up. Open it to confirm the address is
            yours; it keeps your account recoverable.
          </p>
          <ResendForSession />
        </div>
      )}
      <p className="mt-6 text-sm">
        <Link className="text-emerald-300 underline" to="/">
          Continue to Card Counter
        </Link>
      </p>
    </PageCard>
  );
}
