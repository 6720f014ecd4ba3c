import { useState } from 'react';
import { useAppConfig } from '../../../shared/config/app-config.ts';
import { errorMessage } from '../../../shared/lib/api-error.ts';
import { authClient, unwrapAuth } from '../../../shared/lib/auth-client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError, FormSuccess } from '../../../shared/ui/form-message.tsx';
import { linkGoogle, type Profile } from '../api/profile-api.ts';
import { Section } from './section.tsx';

/** Google and e-mail/password sign-in methods of the account, with the way to add the missing one. */
export function LinkedProviders({ profile }: { profile: Profile }) {
  const config = useAppConfig();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const google = profile.linkedProviders?.google === true;
  const emailPassword = profile.linkedProviders?.email === true;

  const addGoogle = async () => {
    setError(null);
    try {
      await linkGoogle();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  // A Google-only account sets its first password through the reset link sent to its
  // verified address: the link proves the mailbox, as the first password needs.
  const setPassword = async () => {
    setError(null);
    try {
      unwrapAuth(await authClient.requestPasswordReset({ email: profile.email ?? '', redirectTo: '/auth/reset-password' }));
      setNotice(`We sent a link to ${profile.email ?? 'your e-mail'} to set your password.`);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <Section title="Sign-in methods">
      <ul className="mb-4 flex flex-col gap-3">
        <li className="flex flex-wrap items-center justify-between gap-2">
          <span>Google: {google ? 'linked' : 'not linked'}</span>
          {!google && config.data?.googleSignIn ? (
            <Button variant="secondary" onClick={() => void addGoogle()}>
              Link Google
            </Button>
          ) : null}
        </li>
        <li className="flex flex-wrap items-center justify-between gap-2">
          <span>Email and password: {emailPassword ? 'linked' : 'not set'}</span>
          {!emailPassword && profile.email ? (
            <Button variant="secondary" onClick={() => void setPassword()}>
              Set a password
            </Button>
          ) : null}
        </li>
      </ul>
      <FormError message={error} />
      <FormSuccess message={notice} />
    </Section>
  );
}
