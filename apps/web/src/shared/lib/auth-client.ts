import type { createAuthClient as CreateAuthClient } from 'better-auth/client';
import { ApiError, UNEXPECTED_ERROR_MESSAGE, apiErrorFromBody, networkError } from './api-error.ts';

// better-auth's client on the same origin as the page: the server mounts it at /api/auth
// and keeps the session in an httpOnly cookie. Outside a browser (tests) the base falls
// back to a fixed local address.
//
// It is loaded at its first use (a sign-in, a sign-up, a sign-out), not with the app: about
// 12 KB gzipped that a visitor of /login or a returning player does not need to see the page.
// The framework-free entry: the app uses none of its React hooks.
type AuthClient = ReturnType<typeof CreateAuthClient>;

let client: Promise<AuthClient> | null = null;

function baseURL(): string {
  return typeof window !== 'undefined' && window.location.origin.startsWith('http') ? window.location.origin : 'http://localhost:3000';
}

export function authClient(): Promise<AuthClient> {
  client ??= import('better-auth/client')
    .then(({ createAuthClient }) =>
      createAuthClient({
        baseURL: baseURL(),
        basePath: '/api/auth',
        fetchOptions: {
          // Looked up at call time, not captured at module load, so the page's fetch (and a test's
          // stand-in for it) is the one used. A server that does not answer fails as it does for
          // the app's own calls.
          customFetchImpl: async (input, init) => {
            try {
              return await fetch(input, init);
            } catch (error) {
              if (error instanceof DOMException && error.name === 'AbortError') throw error;
              throw networkError(error);
            }
          },
        },
      }),
    )
    .catch((error: unknown) => {
      // A failed download is tried again at the next use, not remembered.
      client = null;
      throw networkError(error);
    });
  return client;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * better-auth answers `{ data, error }`; its error is the response body plus `status` and
 * `statusText`, so it reads as any other error body of the API.
 */
function authError(error: unknown, fallback: string = UNEXPECTED_ERROR_MESSAGE): ApiError {
  if (!isRecord(error)) return new ApiError(0, 'UNEXPECTED', fallback, { cause: error });
  const { status, statusText: _statusText, ...body } = error;
  return apiErrorFromBody(typeof status === 'number' ? status : 0, body, fallback);
}

/** Throws the result's error (if any) as an ApiError, else returns its data. */
export function unwrapAuth<T>(result: { data: T; error: unknown }, fallback?: string): T {
  if (result.error !== null && result.error !== undefined) throw authError(result.error, fallback);
  return result.data;
}

/** Sends a new verification e-mail (the sign-up one) to the signed-in player's address. */
export async function sendVerificationEmail(email: string): Promise<void> {
  unwrapAuth(await (await authClient()).sendVerificationEmail({ email }));
}
