import { ERRORS, errorBody, type ErrorBody, type ErrorCode } from '@card-counter/shared';

/**
 * Turns better-auth's error bodies (`{ code, message }`) into the app's error shape
 * (`{ error: { code, message } }`), always with a catalogue code and that code's status.
 * better-auth's own code is kept in `details.reason` (e.g. PASSWORD_TOO_SHORT,
 * INVALID_TOKEN) so the web app can tell validation failures apart; it is never the code.
 */
export const AUTH_MESSAGES = {
  EMAIL_EXISTS: ERRORS.EMAIL_EXISTS.message,
  NOT_AUTHENTICATED: ERRORS.NOT_AUTHENTICATED.message,
  GOOGLE_UNAVAILABLE: ERRORS.GOOGLE_UNAVAILABLE.message,
  ACCOUNT_BLOCKED: ERRORS.ACCOUNT_BLOCKED.message,
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

function catalogue(code: ErrorCode, reason?: string, message?: string): MappedError {
  const details = reason !== undefined && reason !== '' ? { reason } : undefined;
  return { status: ERRORS[code].status, body: errorBody(code, message, details) };
}

/** The catalogue code for a status better-auth answers with when its code names nothing we map. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'NOT_AUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'AUTH_UNAVAILABLE';
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED';
  return 'UNEXPECTED';
}

/** Codes whose better-auth message is safe and clearer than the catalogue's generic one. */
const PASS_MESSAGE: ReadonlySet<ErrorCode> = new Set(['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND']);

export function mapAuthError(status: number, raw: unknown): MappedError {
  const reason = readBodyString(raw, 'code') ?? '';
  const message = readBodyString(raw, 'message');
  if (status === 429) return catalogue('RATE_LIMITED');
  if (reason === 'EMAIL_EXISTS' || reason.startsWith('USER_ALREADY_EXISTS')) return catalogue('EMAIL_EXISTS');
  if (reason === 'GOOGLE_UNAVAILABLE') return catalogue('GOOGLE_UNAVAILABLE');
  if (reason === 'ACCOUNT_BLOCKED') return catalogue('ACCOUNT_BLOCKED');
  if (reason === 'SESSION_NOT_FOUND') return catalogue('SESSION_NOT_FOUND');
  if (reason === 'INVALID_EMAIL_OR_PASSWORD') return catalogue('INVALID_CREDENTIALS');
  const code = codeForStatus(status);
  return catalogue(code, reason, PASS_MESSAGE.has(code) ? message : undefined);
}
