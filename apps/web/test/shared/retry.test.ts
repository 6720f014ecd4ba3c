import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/lib/api-error.ts';
import { backoffDelay_ms, retryCategory, withRetry } from '@/shared/lib/retry.ts';

describe('withRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 1000 ms then 2000 ms between the three attempts, then marks the error', async () => {
    const operation = vi.fn(() => Promise.reject(new ApiError(503, 'SERVER_UNREACHABLE', 'down')));
    const result = withRetry(operation).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(operation).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(operation).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(operation).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(operation).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(operation).toHaveBeenCalledTimes(3);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('max-retries-exceeded');
    expect((error as ApiError).retryable).toBe(true);
    expect((error as ApiError).message).toBe('down');
    // No fourth attempt, however long we wait.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(operation).toHaveBeenCalledTimes(3);
  });

  it('returns the first success', async () => {
    const operation = vi.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValueOnce('ok');
    const result = withRetry(operation);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('ok');
    expect(operation).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['permission-denied', new ApiError(403, 'FORBIDDEN', 'no')],
    ['permission-denied', new ApiError(401, 'NOT_AUTHENTICATED', 'No user logged in.')],
    ['invalid-argument', new ApiError(400, 'VALIDATION_FAILED', 'bad')],
    ['insufficient-credits', new ApiError(409, 'INSUFFICIENT_CREDITS', 'Insufficient credits.')],
    ['insufficient-credits', new ApiError(409, 'INSUFFICIENT_CREDITS', 'A reworded message')],
  ])('does not retry %s', async (category, thrown) => {
    expect(retryCategory(thrown)).toBe(category);
    const operation = vi.fn(() => Promise.reject(thrown));
    await expect(withRetry(operation)).rejects.toBe(thrown);
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('classifies by code, not by message: an error without a code is retried', () => {
    expect(retryCategory(new Error('Insufficient credits.'))).toBe('retryable');
    expect(retryCategory(new ApiError(0, 'SERVER_UNREACHABLE', 'Insufficient credits.'))).toBe('retryable');
  });

  it('doubles the delay from the base', () => {
    expect([1, 2, 3].map((n) => backoffDelay_ms(n))).toEqual([1000, 2000, 4000]);
  });

  it('rejects a non-positive attempt count', async () => {
    await expect(withRetry(() => Promise.resolve(1), { attempts: 0 })).rejects.toThrow(RangeError);
  });
});
