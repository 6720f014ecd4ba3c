import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appConfigQuery } from '@/shared/config/app-config.ts';
import { catalogueError } from '@/shared/lib/api-error.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { signInWithEmail, signInWithGoogle } from '../api/auth-actions.ts';

// The sign-in page's two ways in (components/login-page.tsx): e-mail and password, and Google.
// One message at a time: starting one way of signing in clears what the other said.

/** better-auth sends failed OAuth sign-ins back to the login page with ?error=<code>. */
function oauthErrorMessage(code: string | null): string | null {
  if (!code) return null;
  if (code === 'account_not_linked') {
    return "This Google account's e-mail belongs to an existing account. Sign in with your password, then link Google from your profile.";
  }
  return `Sign-in with Google did not complete (${code}). Please try again.`;
}

export function useSignIn() {
  const navigate = useNavigate();
  const loadServerSession = useSessionStore((s) => s.loadServerSession);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [oauthError, setOauthError] = useState(() => oauthErrorMessage(params.get('error')));

  const password = useMutation({
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

  return {
    password,
    google,
    oauthError,
    withPassword: (email: string, secret: string) => {
      setOauthError(null);
      google.reset();
      password.mutate({ email: email.trim(), password: secret });
    },
    withGoogle: () => {
      setOauthError(null);
      password.reset();
      google.mutate();
    },
  };
}
