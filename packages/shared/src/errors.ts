/**
 * The error catalogue: one stable code per failure, its HTTP status and the message the
 * player sees. The messages of spec section 8 are copied verbatim (a test checks each one);
 * the last rows are the API's own (validation, not found, rate limit, daily bonus, admin).
 */
export const ERRORS = {
  AUTH_UNAVAILABLE: { status: 503, message: 'Unable to connect to authentication service.' },
  SERVER_UNREACHABLE: {
    status: 503,
    message: 'Unable to connect to the server. Please check your internet connection and try again.',
  },
  GOOGLE_UNAVAILABLE: { status: 503, message: 'Google sign-in is not available. Please try again later.' },
  CONFIG_INCOMPLETE: {
    status: 503,
    message: 'App configuration is incomplete. Please contact support if this issue persists.',
  },
  INIT_FAILED: {
    status: 500,
    message: 'Unable to initialize app. Please refresh the page or try again later.',
  },
  START_FAILED: {
    status: 500,
    message: 'Unable to start the app. Please refresh the page or try again later.',
  },
  EMAIL_EXISTS: {
    status: 409,
    message: 'An account with this email already exists. Please sign in instead.',
  },
  INSUFFICIENT_CREDITS: { status: 409, message: 'Insufficient credits.' },
  NOT_AUTHENTICATED: { status: 401, message: 'No user logged in.' },
  USER_NOT_FOUND: { status: 404, message: 'User not found.' },
  USER_DOC_MISSING: { status: 404, message: 'User document does not exist.' },
  PURCHASE_NOT_AUTHENTICATED: { status: 401, message: 'User not authenticated' },
  PAYMENT_INTENT_FAILED: { status: 502, message: 'Failed to create payment intent' },
  NO_CLIENT_SECRET: { status: 502, message: 'No client secret received from server' },
  PAYMENT_FAILED: { status: 402, message: 'Payment failed' },
  PAYMENT_NOT_COMPLETED: { status: 402, message: 'Payment was not completed. Please try again.' },
  PAYMENT_VERIFICATION_FAILED: { status: 402, message: 'Payment verification failed' },
  UNEXPECTED: { status: 500, message: 'An unexpected error occurred' },
  // The API's own rows (not in spec section 8).
  VALIDATION_FAILED: { status: 400, message: 'The request is invalid.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  DAILY_BONUS_NOT_READY: {
    status: 409,
    message: 'The daily bonus has already been claimed. Come back later.',
  },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large. Clear this site\'s cookies and try again.' },
  MALFORMED_URL: { status: 400, message: 'The address is malformed.' },
  LIVE_UPDATES_FULL: {
    status: 503,
    message: 'Live updates are unavailable: the server has reached its limit of live connections. The page still works; reload later for live updates.',
  },
  ORIGIN_NOT_TRUSTED: {
    status: 403,
    message: 'This request did not come from the app. Reload the page and try again.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** Every error response of the API has this body. */
export interface ErrorBody {
  /** Some codes add fields, e.g. DAILY_BONUS_NOT_READY carries `nextClaimAt`. */
  error: { code: ErrorCode | (string & {}); message: string; details?: unknown; [field: string]: unknown };
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, code);
}

/** The body for a catalogue code; `message` overrides the default (e.g. a validation detail). */
export function errorBody(code: ErrorCode, message?: string, details?: unknown): ErrorBody {
  const body: ErrorBody = { error: { code, message: message ?? ERRORS[code].message } };
  if (details !== undefined) body.error.details = details;
  return body;
}

/** Thrown by server code; the app's error handler turns it into an ErrorBody with its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  /** Extra fields of the error object in the body (e.g. `{ nextClaimAt }`). */
  readonly fields: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, message?: string, details?: unknown, fields: Record<string, unknown> = {}) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.details = details;
    this.fields = fields;
  }

  toBody(): ErrorBody {
    const body = errorBody(this.code, this.message, this.details);
    return { error: { ...this.fields, ...body.error } };
  }
}
