// Every server error body is `{ error: { code, message } }` (packages/shared error catalogue).
// The web app turns it, and network failures, into one typed error.

import { CLIENT_ERRORS, ERRORS } from '@card-counter/shared/errors';

export const SERVER_UNREACHABLE_MESSAGE: string = CLIENT_ERRORS.SERVER_UNREACHABLE.message;
export const UNEXPECTED_ERROR_MESSAGE: string = ERRORS.UNEXPECTED.message;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra fields of the error body (e.g. nextClaimAt of a refused daily bonus). */
  readonly details: Record<string, unknown>;

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an error body of any shape the server or better-auth may send. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    const inner = isRecord(body.error) ? body.error : body;
    const code = typeof inner.code === 'string' ? inner.code : `HTTP_${status}`;
    const message =
      typeof inner.message === 'string' && inner.message !== '' ? inner.message : UNEXPECTED_ERROR_MESSAGE;
    const { code: _code, message: _message, ...rest } = inner;
    const nested = isRecord(rest.details) ? rest.details : {};
    const details = isRecord(body.error) ? { ...nested, ...rest, ...omit(body, 'error') } : { ...nested, ...rest };
    return new ApiError(status, code, message, details);
  }
  return new ApiError(status, `HTTP_${status}`, UNEXPECTED_ERROR_MESSAGE);
}

function omit(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

export function networkError(): ApiError {
  return new ApiError(0, 'SERVER_UNREACHABLE', SERVER_UNREACHABLE_MESSAGE);
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}
