import { ERRORS, errorBody, type ErrorBody } from '@card-counter/shared';

/**
 * Turns better-auth's error bodies (`{ code, message }`) into the app's error shape
 * (`{ error: { code, message } }`) with the catalogue's codes and messages where it has
 * one. better-auth's own code is kept in `details.reason` (e.g. PASSWORD_TOO_SHORT,
 * INVALID_TOKEN) so the web app can tell validation failures apart.
 */
export const AUTH_MESSAGES = {
  EMAIL_EXISTS: ERRORS.EMAIL_EXISTS.message,
  NOT_AUTHENTICATED: ERRORS.NOT_AUTHENTICATED.message,
  GOOGLE_UNAVAILABLE: ERRORS.GOOGLE_UNAVAILABLE.message,
  INVALID_CREDENTIALS: 'Invalid email or password.',
} as const;

export interface MappedError {
  status: number;
  body: ErrorBody;
}

/** A string field of a parsed JSON body, or undefined when the body or the field is not one. */
export function readBodyString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

function catalogue(code: keyof typeof ERRORS, reason?: string, message?: string): MappedError {
  const details = reason !== undefined && reason !== '' ? { reason } : undefined;
  return { status: ERRORS[code].status, body: errorBody(code, message, details) };
}

export function mapAuthError(status: number, raw: unknown): MappedError {
  const reason = readBodyString(raw, 'code') ?? '';
  const message = readBodyString(raw, 'message');
  if (status === 429) return catalogue('RATE_LIMITED');
  if (reason === 'EMAIL_EXISTS' || reason.startsWith('USER_ALREADY_EXISTS')) return catalogue('EMAIL_EXISTS');
  if (reason === 'GOOGLE_UNAVAILABLE') return catalogue('GOOGLE_UNAVAILABLE');
  if (reason === 'INVALID_EMAIL_OR_PASSWORD') {
    return { status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: AUTH_MESSAGES.INVALID_CREDENTIALS } } };
  }
  if (status === 401) return catalogue('NOT_AUTHENTICATED', reason);
  if (status === 400 || status === 422) return catalogue('VALIDATION_FAILED', reason, message);
  if (status === 403) return catalogue('FORBIDDEN', reason, message);
  if (status === 404) return catalogue('NOT_FOUND', reason, message);
  return {
    status,
    body: { error: { code: reason === '' ? 'UNEXPECTED' : reason, message: message ?? ERRORS.UNEXPECTED.message } },
  };
}
