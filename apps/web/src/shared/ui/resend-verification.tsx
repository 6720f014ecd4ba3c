import { useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { sendVerificationEmail } from '../lib/auth-client.ts';
import { Button, type ButtonProps } from './button.tsx';
import { FormError, FormSuccess } from './form-message.tsx';

/** 'Resend verification email' with its error and its confirmation (verify page, profile). */
export function ResendVerification({ email, variant, className }: { email: string } & Pick<ButtonProps, 'variant' | 'className'>) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    setBusy(true);
    setError(null);
    try {
      await sendVerificationEmail(email);
      setSent(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <FormError message={error} />
      {sent ? <FormSuccess message={`A new verification e-mail is on its way to ${email}.`} /> : null}
      <Button variant={variant} className={className} disabled={busy || !email} onClick={() => void resend()}>
        {busy ? 'Sending...' : 'Resend verification email'}
      </Button>
    </div>
  );
}
