import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '@/shared/lib/api-error.ts';

/** The player's words for a failed request: the catalogue's message, or the generic one. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

/** An answer lost on the way (no answer, or a server failure) may be sent again; a refusal may not. */
export function canResend(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.code === 'RATE_LIMITED');
}
