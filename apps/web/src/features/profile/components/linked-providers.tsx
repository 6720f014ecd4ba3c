import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAppConfig } from '@/shared/config/use-app-config.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { FormError, FormSuccess } from '@/shared/ui/form-message.tsx';
import { ME_QUERY_KEY } from '@/shared/lib/query-keys.ts';
import { linkGoogle, setFirstPassword, type Profile } from '../api/profile-api.ts';
import { Section } from './section.tsx';

/** Google and e-mail/password sign-in methods of the account, with the way to add the missing one. */
export function LinkedProviders({ profile }: { profile: Profile }) {
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const [newPassword, setNewPassword] = useState('');
  const google = profile.linkedProviders?.google === true;
  const emailPassword = profile.linkedProviders?.email === true;

  const addGoogle = useMutation({ mutationFn: linkGoogle });
  // A Google-only account adds an e-mail password (POST /api/auth/set-password).
  const addPassword = useMutation({
    mutationFn: setFirstPassword,
    onSuccess: async () => {
      setNewPassword('');
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });

  const startGoogle = () => {
    addPassword.reset();
    addGoogle.mutate();
  };
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    addGoogle.reset();
    addPassword.mutate(newPassword);
  };

  return (
    <Section title="Sign-in methods">
      <ul className="mb-4 flex flex-col gap-3">
        <li className="flex flex-wrap items-center justify-between gap-2">
          <span>Google: {google ? 'linked' : 'not linked'}</span>
          {!google && config.data?.auth.google ? (
            <Button variant="secondary" disabled={addGoogle.isPending} onClick={startGoogle}>
              Link Google
            </Button>
          ) : null}
        </li>
        <li className="flex flex-wrap items-center justify-between gap-2">
          <span>Email and password: {emailPassword ? 'linked' : 'not set'}</span>
        </li>
        {!emailPassword ? (
          <li>
            <form className="flex flex-wrap items-end gap-2" onSubmit={submitPassword}>
              <TextField
                label="Choose a password"
                type="password"
                autoComplete="new-password"
                required
                minLength={8}
                value={newPassword}
                onChange={(e) => setNewPassword(e.target.value)}
              />
              <Button type="submit" variant="secondary" disabled={addPassword.isPending}>
                {addPassword.isPending ? 'Saving...' : 'Set password'}
              </Button>
            </form>
          </li>
        ) : null}
      </ul>
      <FormError error={addGoogle.error ?? addPassword.error} />
      {addPassword.isSuccess ? (
        <FormSuccess message="Your password is set. You can now also sign in with your e-mail and password." />
      ) : null}
    </Section>
  );
}
