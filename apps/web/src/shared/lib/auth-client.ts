import { createAuthClient } from 'better-auth/react';
import { UNEXPECTED_ERROR_MESSAGE } from './api-error.ts';

// better-auth's client on the same origin as the page: the server mounts it at /api/auth
// and keeps the session in an httpOnly cookie. Outside a browser (tests) the base falls
// back to a fixed local address.
const baseURL =
  typeof window !== 'undefined' && window.location.origin.startsWith('http')
    ? window.location.origin
    : 'http://localhost:3000';

export const authClient = createAuthClient({
  baseURL,
  basePath: '/api/auth',
  // Looked up at call time, not captured at module load, so the page's fetch (and a test's
  // stand-in for it) is the one used.
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});

export class AuthError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(message: string, code?: string, status?: number) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
    this.status = status;
  }
}

function field(record: unknown, key: string): unknown {
  return typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[key] : undefined;
}

/**
 * better-auth answers `{ data, error }`; its error is the response body plus status. The
 * server may also answer in the app's own `{ error: { code, message } }` shape: both are read.
 */
function authErrorFrom(error: unknown, fallback: string = UNEXPECTED_ERROR_MESSAGE): AuthError {
  const nested = field(error, 'error');
  const message = field(nested, 'message') ?? field(error, 'message');
  const code = field(nested, 'code') ?? field(error, 'code');
  const status = field(error, 'status');
  return new AuthError(
    typeof message === 'string' && message !== '' ? message : fallback,
    typeof code === 'string' ? code : undefined,
    typeof status === 'number' ? status : undefined,
  );
}

/** Throws the result's error (if any) as an AuthError, else returns its data. */
export function unwrapAuth<T>(result: { data: T; error: unknown }, fallback?: string): T {
  if (result.error !== null && result.error !== undefined) throw authErrorFrom(result.error, fallback);
  return result.data;
}

/** Sends a new verification e-mail (the sign-up one) to the signed-in player's address. */
export async function sendVerificationEmail(email: string): Promise<void> {
  unwrapAuth(await authClient.sendVerificationEmail({ email }));
}
