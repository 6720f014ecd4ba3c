import { describe, expect, it } from 'vitest';
import {
  AppError,
  CLIENT_ERRORS,
  ERRORS,
  ERROR_CODES,
  ErrorBodySchema,
  errorBody,
  isErrorCode,
} from '../src/errors.ts';

// The product's error messages, copied verbatim: each must be in the catalogue (HTTP or
// client-only) exactly once.
const SPEC_MESSAGES = [
  'Unable to connect to authentication service.',
  'Unable to connect to the server. Please check your internet connection and try again.',
  'Google sign-in is not available. Please try again later.',
  'App configuration is incomplete. Please contact support if this issue persists.',
  'Unable to initialize app. Please refresh the page or try again later.',
  'Unable to start the app. Please refresh the page or try again later.',
  'An account with this email already exists. Please sign in instead.',
  'Insufficient credits.',
  'No user logged in.',
  'User not found.',
  'User document does not exist.',
  'User not authenticated',
  'Failed to create payment intent',
  'No client secret received from server',
  'Payment failed',
  'Payment was not completed. Please try again.',
  'Payment verification failed',
  'An unexpected error occurred',
];

describe('error catalogue', () => {
  const allMessages = () => [...Object.values(ERRORS), ...Object.values(CLIENT_ERRORS)].map((e) => e.message);

  it("holds every one of the product's messages exactly once", () => {
    const messages = allMessages();
    for (const m of SPEC_MESSAGES) {
      expect(
        messages.filter((x) => x === m),
        m,
      ).toHaveLength(1);
    }
  });

  it('has unique messages, upper-snake codes and error statuses', () => {
    const messages = allMessages();
    expect(new Set(messages).size).toBe(messages.length);
    for (const code of Object.keys(CLIENT_ERRORS)) expect(code).toMatch(/^[A-Z][A-Z_]+$/);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(ERRORS[code].status).toBeGreaterThanOrEqual(400);
      expect(ERRORS[code].status).toBeLessThan(600);
    }
  });

  it('maps the API rows to their statuses', () => {
    expect(ERRORS.VALIDATION_FAILED.status).toBe(400);
    expect(ERRORS.NOT_AUTHENTICATED.status).toBe(401);
    expect(ERRORS.FORBIDDEN.status).toBe(403);
    expect(ERRORS.NOT_FOUND.status).toBe(404);
    expect(ERRORS.DAILY_BONUS_NOT_READY.status).toBe(409);
    expect(ERRORS.RATE_LIMITED.status).toBe(429);
  });

  it('builds bodies and errors from codes', () => {
    expect(errorBody('INSUFFICIENT_CREDITS')).toEqual({
      error: { code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits.' },
    });
    expect(errorBody('VALIDATION_FAILED', 'limit: too big', [1])).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'limit: too big', details: [1] },
    });
    const e = new AppError('USER_DOC_MISSING');
    expect(e.status).toBe(404);
    expect(e.message).toBe('User document does not exist.');
    expect(isErrorCode('UNEXPECTED')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('keeps the client-only messages out of the HTTP codes', () => {
    for (const code of ['SERVER_UNREACHABLE', 'INIT_FAILED', 'START_FAILED', 'NO_CLIENT_SECRET']) {
      expect(code in CLIENT_ERRORS, code).toBe(true);
      expect(isErrorCode(code), code).toBe(false);
    }
  });

  it('parses only bodies with a catalogue code and declared fields', () => {
    expect(ErrorBodySchema.safeParse(errorBody('NOT_FOUND')).success).toBe(true);
    const bonus = new AppError('DAILY_BONUS_NOT_READY', undefined, undefined, {
      nextClaimAt: '2026-01-02T00:00:00.000Z',
    });
    expect(ErrorBodySchema.safeParse(bonus.toBody()).success).toBe(true);
    const bad = [
      { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' } },
      { error: { code: 'SERVER_UNREACHABLE', message: 'x' } },
      { error: { code: 'NOT_FOUND', message: '' } },
      { error: { code: 'NOT_FOUND', message: 'x', extra: 1 } },
      { error: { code: 'NOT_FOUND', message: 'x' }, other: 1 },
      { code: 'NOT_FOUND', message: 'x' },
    ];
    for (const body of bad) expect(ErrorBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
