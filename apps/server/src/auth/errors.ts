/**
 * Turns better-auth's error bodies (`{ code, message }`) into the app's error shape
 * (`{ error: { code, message } }`) with the spec's messages where the spec has one.
 * Codes the spec does not name keep better-auth's code and message (they are clear enough:
 * PASSWORD_TOO_SHORT, INVALID_TOKEN, ...).
 */
export const AUTH_MESSAGES = {
  EMAIL_EXISTS: 'An account with this email already exists. Please sign in instead.',
  NOT_AUTHENTICATED: 'No user logged in.',
  GOOGLE_UNAVAILABLE: 'Google sign-in is not available. Please try again later.',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  INVALID_CREDENTIALS: 'Invalid email or password.',
  VALIDATION_ERROR: 'Invalid request.',
} as const;

export interface AppError {
  status: number;
  code: string;
  message: string;
}

function readString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

export function mapAuthError(status: number, body: unknown): AppError {
  const code = readString(body, 'code') ?? '';
  const message = readString(body, 'message') ?? AUTH_MESSAGES.VALIDATION_ERROR;
  if (status === 429) return { status, code: 'RATE_LIMITED', message: AUTH_MESSAGES.RATE_LIMITED };
  if (code === 'EMAIL_EXISTS' || code.startsWith('USER_ALREADY_EXISTS')) {
    return { status: 409, code: 'EMAIL_EXISTS', message: AUTH_MESSAGES.EMAIL_EXISTS };
  }
  if (code === 'INVALID_EMAIL_OR_PASSWORD') {
    return { status, code: 'INVALID_CREDENTIALS', message: AUTH_MESSAGES.INVALID_CREDENTIALS };
  }
  if (code === 'GOOGLE_UNAVAILABLE') return { status, code, message: AUTH_MESSAGES.GOOGLE_UNAVAILABLE };
  if (status === 401) return { status, code: 'NOT_AUTHENTICATED', message: AUTH_MESSAGES.NOT_AUTHENTICATED };
  return { status, code: code === '' ? 'AUTH_ERROR' : code, message };
}

export function errorBody(error: AppError): { error: { code: string; message: string } } {
  return { error: { code: error.code, message: error.message } };
}
