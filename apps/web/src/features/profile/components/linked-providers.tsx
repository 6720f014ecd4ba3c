import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAppConfig } from '../../../shared/config/app-config.ts';
import { errorMessage } from '../../../shared/lib/api-error.ts';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError, FormSuccess } from '../../../shared/ui/form-message.tsx';
import { ME_QUERY_KEY } from '../../../shared/lib/query-keys.ts';
import { linkGoogle, setFirstPassword, type Profile } from '../api/profile-api.ts';
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

  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  // A Google-only account adds an e-mail password (POST /api/auth/set-password).
  const setPassword = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await setFirstPassword(newPassword);
      setNewPassword('');
      setNotice('Your password is set. You can now also sign in with your e-mail and password.');
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Sign-in methods">
      <ul className="mb-4 flex flex-col gap-3">
        <li className="flex flex-wrap items-center justify-between gap-2">
          <span>Google: {google ? 'linked' : 'not linked'}</span>
          {!google && config.data?.auth.google ? (
            <Button variant="secondary" onClick={() => void addGoogle()}>
              Link Google
            </Button>
          ) : null}
        </li>
        <li className="flex flex-wrap items-center justify-between gap-2">
          <span>Email and password: {emailPassword ? 'linked' : 'not set'}</span>
        </li>
        {!emailPassword ? (
          <li>
            <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void setPassword(e)}>
              <TextField
                label="Choose a password"
                type="password"
                autoComplete="new-password"
                required
                minLength={8}
                value={newPassword}
                onChange={(e) => setNewPassword(e.target.value)}
              />
              <Button type="submit" variant="secondary" disabled={busy}>
                {busy ? 'Saving...' : 'Set password'}
              </Button>
            </form>
          </li>
        ) : null}
      </ul>
      <FormError message={error} />
      <FormSuccess message={notice} />
    </Section>
  );
}
