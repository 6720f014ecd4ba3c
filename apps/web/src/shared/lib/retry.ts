import { type ErrorCode, RETRY_ATTEMPTS, RETRY_BASE_DELAY_ms } from '@card-counter/shared';
import { ApiError, MAX_RETRIES_EXCEEDED } from './api-error.ts';

// 3 attempts, exponential backoff from 1000 ms. A refusal that a second try cannot change
// (no permission, an invalid request, too few credits) is never retried; after the last
// attempt the error is marked with code 'max-retries-exceeded' and retryable true.

export type RetryCategory = 'permission-denied' | 'invalid-argument' | 'insufficient-credits' | 'retryable';

/** Decided by the error's code alone: messages are for players and may be reworded. */
const NOT_RETRIED: Partial<Record<ErrorCode, Exclude<RetryCategory, 'retryable'>>> = {
  FORBIDDEN: 'permission-denied',
  NOT_AUTHENTICATED: 'permission-denied',
  PURCHASE_NOT_AUTHENTICATED: 'permission-denied',
  VALIDATION_FAILED: 'invalid-argument',
  INSUFFICIENT_CREDITS: 'insufficient-credits',
};

export function retryCategory(error: unknown): RetryCategory {
  if (!(error instanceof ApiError)) return 'retryable';
  return NOT_RETRIED[error.code as ErrorCode] ?? 'retryable';
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

/** The last failure, kept as the cause, with the message the player saw for it. */
function exhausted(lastError: unknown, attempts: number): ApiError {
  const message = lastError instanceof Error ? lastError.message : String(lastError);
  const status = lastError instanceof ApiError ? lastError.status : 0;
  return new ApiError(status, MAX_RETRIES_EXCEEDED, message, { retryable: true, cause: lastError, details: { attempts } });
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
  throw exhausted(lastError, attempts);
}
