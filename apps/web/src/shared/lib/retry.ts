import { RETRY_ATTEMPTS, RETRY_BASE_DELAY_ms } from '@card-counter/shared/constants';
import { ERRORS } from '@card-counter/shared/errors';
import { ApiError } from './api-error.ts';

// Spec section 7: 3 attempts, exponential backoff from 1000 ms; permission-denied,
// invalid-argument and 'Insufficient credits.' are never retried; after the last attempt
// the error is marked with code 'max-retries-exceeded' and retryable true.


export type RetryCategory = 'permission-denied' | 'invalid-argument' | 'insufficient-credits' | 'retryable';

const PERMISSION_CODES = new Set(['FORBIDDEN', 'NOT_AUTHENTICATED', 'UNAUTHORIZED', 'permission-denied']);
const INVALID_ARGUMENT_CODES = new Set(['VALIDATION_FAILED', 'invalid-argument']);

function codeOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.code;
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function retryCategory(error: unknown): RetryCategory {
  const code = codeOf(error);
  if (code !== undefined && PERMISSION_CODES.has(code)) return 'permission-denied';
  if (code !== undefined && INVALID_ARGUMENT_CODES.has(code)) return 'invalid-argument';
  if (code === 'INSUFFICIENT_CREDITS') return 'insufficient-credits';
  if (error instanceof Error && error.message === ERRORS.INSUFFICIENT_CREDITS.message) return 'insufficient-credits';
  return 'retryable';
}

export class MaxRetriesExceededError extends Error {
  readonly code = 'max-retries-exceeded';
  readonly retryable = true;
  readonly attempts: number;

  constructor(lastError: unknown, attempts: number) {
    super(lastError instanceof Error ? lastError.message : String(lastError), { cause: lastError });
    this.name = 'MaxRetriesExceededError';
    this.attempts = attempts;
  }
}

export interface RetryOptions {
  attempts?: number;
  baseDelay_ms?: number;
  /** Injected in tests; defaults to setTimeout. */
  sleep?: (delay_ms: number) => Promise<void>;
}

const defaultSleep = (delay_ms: number) => new Promise<void>((resolve) => setTimeout(resolve, delay_ms));

/** Delay before attempt n+1 (n counted from 1): base, 2·base, 4·base, ... */
export function backoffDelay_ms(failedAttempt: number, baseDelay_ms = RETRY_BASE_DELAY_ms): number {
  return baseDelay_ms * 2 ** (failedAttempt - 1);
}

export async function withRetry<T>(operation: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? RETRY_ATTEMPTS;
  const baseDelay_ms = options.baseDelay_ms ?? RETRY_BASE_DELAY_ms;
  const sleep = options.sleep ?? defaultSleep;
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError('attempts must be a positive integer');
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (retryCategory(error) !== 'retryable') throw error;
      lastError = error;
      if (attempt < attempts) await sleep(backoffDelay_ms(attempt, baseDelay_ms));
    }
  }
  throw new MaxRetriesExceededError(lastError, attempts);
}
