// The web app has one error class. Whatever failed (an error body of the API, a refusal of
// the auth client, a server that did not answer, a retry that ran out of attempts), callers
// see an ApiError and decide by its `code`, never by its message or its class.

import { CLIENT_ERRORS, ERRORS, type ClientErrorCode, type ErrorCode } from '@card-counter/shared';

export const SERVER_UNREACHABLE_MESSAGE: string = CLIENT_ERRORS.SERVER_UNREACHABLE.message;
export const UNEXPECTED_ERROR_MESSAGE: string = ERRORS.UNEXPECTED.message;

/** The code the retry helper gives the error it stops with; lower-case, unlike the catalogue's. */
export const MAX_RETRIES_EXCEEDED = 'max-retries-exceeded';

/**
 * A catalogue code, `max-retries-exceeded`, or `HTTP_<status>` for an answer without a code
 * (a proxy's HTML page). `string & {}` keeps codes of an older server readable while the
 * editor still suggests the catalogue's.
 */
export type ApiErrorCode = ErrorCode | ClientErrorCode | typeof MAX_RETRIES_EXCEEDED | (string & {});

export interface ApiErrorOptions {
  /** Extra fields of the error body (e.g. nextClaimAt of a refused daily bonus). */
  details?: Record<string, unknown>;
  /** True when trying the same call again later may succeed (set by the retry helper). */
  retryable?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  /** HTTP status of the answer; 0 when no answer came (network failure, retries exhausted). */
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: Record<string, unknown>;
  readonly retryable: boolean;

  constructor(status: number, code: ApiErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = options.details ?? {};
    this.retryable = options.retryable ?? false;
  }
}

/** An error of the catalogue with its own status and message. */
/** An ApiError of the catalogue; a client-only code (no HTTP answer behind it) has status 0. */
export function catalogueError(code: ErrorCode | ClientErrorCode, cause?: unknown): ApiError {
  if (code in CLIENT_ERRORS) {
    const clientCode = code as ClientErrorCode;
    return new ApiError(0, clientCode, CLIENT_ERRORS[clientCode].message, { cause });
  }
  const httpCode = code as ErrorCode;
  return new ApiError(ERRORS[httpCode].status, httpCode, ERRORS[httpCode].message, { cause });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function omit(record: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

/**
 * Reads an error body of either shape the server sends: the app's `{ error: { code, message } }`
 * or a flat `{ code, message }` (the auth library's). Other fields become `details`.
 */
export function apiErrorFromBody(status: number, body: unknown, fallbackMessage = UNEXPECTED_ERROR_MESSAGE): ApiError {
  if (!isRecord(body)) return new ApiError(status, `HTTP_${status}`, fallbackMessage);
  const inner = isRecord(body.error) ? body.error : body;
  const code = typeof inner.code === 'string' && inner.code !== '' ? inner.code : `HTTP_${status}`;
  const message = typeof inner.message === 'string' && inner.message !== '' ? inner.message : fallbackMessage;
  const rest = omit(inner, 'code', 'message');
  const nested = isRecord(rest.details) ? rest.details : {};
  const details = isRecord(body.error) ? { ...nested, ...rest, ...omit(body, 'error') } : { ...nested, ...rest };
  return new ApiError(status, code, message, { details });
}

export function networkError(cause?: unknown): ApiError {
  return new ApiError(0, 'SERVER_UNREACHABLE', SERVER_UNREACHABLE_MESSAGE, { cause });
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}
