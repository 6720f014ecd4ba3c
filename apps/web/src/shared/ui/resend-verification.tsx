import { useMutation } from '@tanstack/react-query';
import { sendVerificationEmail } from '../lib/auth-client.ts';
import { Button, type ButtonProps } from './button.tsx';
import { FormError, FormSuccess } from './form-message.tsx';

/** 'Resend verification email' with its error and its confirmation (verify page, profile). */
export function ResendVerification({ email, variant, className }: { email: string } & Pick<ButtonProps, 'variant' | 'className'>) {
  const resend = useMutation({ mutationFn: () => sendVerificationEmail(email) });
  return (
    <div className="flex flex-col gap-3">
      <FormError error={resend.error} />
      {resend.isSuccess ? <FormSuccess message={`A new verification e-mail is on its way to ${email}.`} /> : null}
      <Button variant={variant} className={className} disabled={resend.isPending || !email} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending...' : 'Resend verification email'}
      </Button>
    </div>
  );
}
