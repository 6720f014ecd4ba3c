import { ERRORS } from '@card-counter/shared';
import { authClient, unwrapAuth } from '@/shared/lib/auth-client.ts';

// The auth calls of the public pages, each returning normally or throwing an ApiError
// whose message is the server's (e.g. 'An account with this email already exists.').

export const GOOGLE_UNAVAILABLE_MESSAGE = ERRORS.GOOGLE_UNAVAILABLE.message;

export async function signInWithEmail(email: string, password: string): Promise<void> {
  unwrapAuth(await (await authClient()).signIn.email({ email, password }), 'Unable to sign in.');
}

/** Starts Google's redirect flow; the browser leaves the page on success. */
export async function signInWithGoogle(callbackURL = '/'): Promise<void> {
  unwrapAuth(await (await authClient()).signIn.social({ provider: 'google', callbackURL }), GOOGLE_UNAVAILABLE_MESSAGE);
}

export async function signUpWithEmail(name: string, email: string, password: string): Promise<void> {
  unwrapAuth(
    await (await authClient()).signUp.email({ name, email, password }),
    'Unable to create the account.',
  );
}

export async function requestPasswordReset(email: string): Promise<void> {
  unwrapAuth(await (await authClient()).requestPasswordReset({ email, redirectTo: '/auth/reset-password' }));
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  unwrapAuth(await (await authClient()).resetPassword({ token, newPassword }), 'This reset link is invalid or has expired.');
}

export async function verifyEmail(token: string): Promise<void> {
  unwrapAuth(await (await authClient()).verifyEmail({ query: { token } }), 'This verification link is invalid or has expired.');
}
