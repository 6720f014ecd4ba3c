import { useState } from 'react';
import { errorMessage } from '../../../shared/lib/api-error.ts';
import { authClient, unwrapAuth } from '../../../shared/lib/auth-client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError, FormSuccess } from '../../../shared/ui/form-message.tsx';
import type { Profile } from '../api/profile-api.ts';
import { Section } from './section.tsx';

export function EmailSection({ profile }: { profile: Profile }) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const email = profile.email ?? '';

  const resend = async () => {
    setBusy(true);
    setError(null);
    try {
      unwrapAuth(await authClient.sendVerificationEmail({ email }));
      setSent(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Email">
      <p className="mb-2 font-mono">{email || 'No e-mail on this account.'}</p>
      {profile.emailVerified ? (
        <p className="text-sm text-emerald-300">Verified</p>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-amber-300">Not verified</p>
          <FormError message={error} />
          {sent ? <FormSuccess message={`A verification e-mail is on its way to ${email}.`} /> : null}
          <Button variant="secondary" className="self-start" disabled={busy || !email} onClick={() => void resend()}>
            {busy ? 'Sending...' : 'Resend verification email'}
          </Button>
        </div>
      )}
    </Section>
  );
}
