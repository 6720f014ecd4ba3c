import { sendVerificationEmail } from '@/shared/lib/auth-client.ts';
import { showToast } from '@/shared/stores/toast-store.ts';

/** How long the confirmation of a resent mail stays; the first notice stays until closed. */
const RESENT_NOTICE_ms = 8000;

/**
 * Sign-up sends the verification mail by itself: say so where the new player lands, with a
 * way to send it again (it may sit in a spam folder or take a while).
 */
export function announceVerificationMail(email: string): void {
  showToast({
    kind: 'info',
    message: `Account created. We sent a verification e-mail to ${email}: open its link to confirm your address.`,
    action: {
      label: 'Resend email',
      pendingLabel: 'Sending...',
      run: async () => {
        await sendVerificationEmail(email);
        showToast({
          kind: 'info',
          message: `A new verification e-mail is on its way to ${email}.`,
          duration_ms: RESENT_NOTICE_ms,
        });
      },
    },
  });
}
