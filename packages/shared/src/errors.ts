/**
 * The error catalogue: one stable code per failure the API can answer with, its HTTP status
 * and the message the player sees. The product's own messages are copied verbatim (a test
 * checks each one); the rows after them are the API's own (validation, not found, rate limit,
 * daily bonus, admin, sign-in). `ErrorCode` is closed: a body with any other code is a bug
 * (the server's error-contract test parses every kind of error against `ErrorBodySchema`).
 * Messages the web app shows without any HTTP answer (no server, a failed start, a payment
 * answer without a client secret) are `CLIENT_ERRORS`, apart from these.
 */
import { z } from './zod.ts';

export const ERRORS = {
  AUTH_UNAVAILABLE: { status: 503, message: 'Unable to connect to authentication service.' },
  GOOGLE_UNAVAILABLE: { status: 503, message: 'Google sign-in is not available. Please try again later.' },
  CONFIG_INCOMPLETE: {
    status: 503,
    message: 'App configuration is incomplete. Please contact support if this issue persists.',
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
  PAYMENT_FAILED: { status: 402, message: 'Payment failed' },
  PAYMENT_NOT_COMPLETED: { status: 402, message: 'Payment was not completed. Please try again.' },
  PAYMENT_VERIFICATION_FAILED: { status: 402, message: 'Payment verification failed' },
  UNEXPECTED: { status: 500, message: 'An unexpected error occurred' },
  // The API's own rows (the product names no message for these).
  VALIDATION_FAILED: { status: 400, message: 'The request is invalid.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  MISTAKE_NOT_FOUND: { status: 404, message: 'This mistake is not in your record.' },
  /** A replay asked of the round still in play (decision record 0061). */
  ROUND_NOT_OVER: { status: 409, message: 'This round is still in play: it can be replayed once it is over.' },
  /** A round dealt before rounds were logged card by card, or one not in your record. */
  ROUND_NOT_REPLAYABLE: { status: 404, message: 'This round cannot be replayed: it was dealt before rounds were logged card by card.' },
  SIM_RUN_ID_TAKEN: { status: 409, message: 'This simulation run id is already used. Start a new run.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  DAILY_BONUS_NOT_READY: {
    status: 409,
    message: 'The daily bonus has already been claimed. Come back later.',
  },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  /** A wrong email or password at sign-in (one message for both, so it reveals neither). */
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body has an unsupported content type.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large. Clear this site\'s cookies and try again.' },
  MALFORMED_URL: { status: 400, message: 'The address is malformed.' },
  LIVE_UPDATES_FULL: {
    status: 503,
    message: 'Live updates are unavailable: the server has reached its limit of live connections. The page still works; reload later for live updates.',
  },
  /** PATCH /api/me: another player holds this username (compared regardless of case). */
  USERNAME_TAKEN: { status: 409, message: 'That username is taken.' },
  /**
   * A display name or username holding a character that does not show or that reorders the
   * text (bidi controls, zero-width and other default-ignorable characters): ADR 0046.
   * details: `{ field, character }` (the first such character as "U+202E").
   */
  NAME_CHARACTERS_NOT_ALLOWED: {
    status: 400,
    message: 'Names may not contain invisible or text-direction characters (such as zero-width spaces or right-to-left marks).',
  },
  /** A display name or username that is, or looks like, a reserved name (admin, support, the product's name...): ADR 0046. */
  NAME_RESERVED: { status: 400, message: 'That name is reserved. Please choose another.' },
  /** PATCH /api/me: the username looks the same as another player's (Unicode confusables, ADR 0046). */
  USERNAME_CONFUSABLE: {
    status: 409,
    message: "That username looks the same as another player's. Please choose another.",
  },
  /** POST /api/auth/revoke-session(-by-id): no session of the caller's has this token or id; nothing was revoked (ADR 0046). */
  SESSION_NOT_FOUND: { status: 404, message: 'No such session of yours: it may have ended already.' },
  /** POST /api/table/actions with a version that is not the table's: details carry the table as it stands. */
  TABLE_VERSION_CONFLICT: {
    status: 409,
    message: 'The table changed in another tab or device. It now shows the current table.',
  },
  /** POST /api/table/actions refused by the rules of the game: details carry the reason code and the table. */
  TABLE_ACTION_REFUSED: { status: 409, message: 'That move is not allowed now.' },
  /**
   * POST /api/table/actions: a bet the table's rules cannot pay exactly in whole credits (a 3:2
   * natural on an odd bet; engine bet-step.ts, decision record 0045). The message names the step
   * ("At this table bets go in steps of 2 credits so every payout is exact."); `details` are
   * those of TABLE_ACTION_REFUSED (reason BET_NOT_PAYABLE and the table). Nothing changed.
   */
  BET_NOT_PAYABLE: { status: 400, message: 'This table cannot pay that bet exactly: bets go in steps that make every payout a whole number of credits.' },
  /** GET /api/table/patterns in test mode: the patterns are kept by the running count at each bet, which test mode withholds (ADR 0031). */
  TEST_MODE_COUNTS_WITHHELD: { status: 409, message: 'Test mode keeps the counts hidden: the betting patterns by count show when test mode is off.' },
  /** POST /api/payments/webhook: missing or wrong provider signature (nothing is read or changed). */
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature is invalid.' },
  ORIGIN_NOT_TRUSTED: {
    status: 403,
    message: 'This request did not come from the app. Reload the page and try again.',
  },
  /** Sign-in refused, or a session ended: an operator blocked this account (admin tools). */
  ACCOUNT_BLOCKED: {
    status: 403,
    message: 'This account has been blocked. Contact support if you think this is a mistake.',
  },
  /** An admin request id already used for a different change (user, amount or action). */
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'This request id was already used for a different change.',
  },
  /** A server-dealt drill answered after DRILL_ANSWER_TIME_MAX_ms (docs/decisions/0027-server-dealt-drills.md). */
  DRILL_DEAL_EXPIRED: { status: 410, message: 'This drill has expired. Start a new one.' },
  /** A server-dealt drill already answered with another answer: the first answer stands. */
  DRILL_DEAL_ANSWERED: { status: 409, message: 'This drill was already answered. Start a new one.' },
  /** The bet-sizing drill graded against the player's ramp, with no ramp set at their table. */
  DRILL_NO_RAMP: { status: 409, message: 'Set a bet ramp in the table settings to drill it, or drill the Kelly bet.' },
  /**
   * A count of the player's own that breaks a rule of custom-count.ts: the message says which,
   * `details` carry `{ reason, field }` (reason: one of CUSTOM_COUNT_REASONS, stable).
   */
  INVALID_CUSTOM_COUNT: { status: 400, message: 'This custom count is not valid.' },
  /** A tournament id that names no tournament (api/tournaments.ts). */
  TOURNAMENT_NOT_FOUND: { status: 404, message: 'There is no such tournament.' },
  /** POST /api/tournaments/:id/entries by a player already in it (another request id): nothing charged. */
  TOURNAMENT_ALREADY_ENTERED: { status: 409, message: 'You have already entered this tournament.' },
  /** Entering or playing a tournament at or after its end: nothing charged, nothing changed. */
  TOURNAMENT_ENDED: { status: 409, message: 'This tournament has ended.' },
  /** Playing a tournament before its start (entering is open from its creation). */
  TOURNAMENT_NOT_STARTED: { status: 409, message: 'This tournament has not started yet.' },
  /** The tournament's table or record asked by a player who has not entered it. */
  TOURNAMENT_NOT_ENTERED: { status: 409, message: 'Enter this tournament to play at its table.' },
  /** An entrant's record of a tournament, asked before its end (it carries the counts and cards). */
  TOURNAMENT_NOT_OVER: { status: 409, message: 'The records are shown once the tournament is over.' },
  /** POST /api/admin/tournaments: rules a duplicate-shoe tournament cannot deal (details: { field }). */
  TOURNAMENT_RULES_INVALID: { status: 400, message: 'These rules cannot be used for a tournament.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

/**
 * Messages the web app shows on its own, never in an HTTP error body: the server cannot be
 * reached, the app failed to start, or a payment answer lacked its client secret.
 */
export const CLIENT_ERRORS = {
  SERVER_UNREACHABLE: {
    message: 'Unable to connect to the server. Please check your internet connection and try again.',
  },
  INIT_FAILED: { message: 'Unable to initialize app. Please refresh the page or try again later.' },
  START_FAILED: { message: 'Unable to start the app. Please refresh the page or try again later.' },
  NO_CLIENT_SECRET: { message: 'No client secret received from server' },
} as const satisfies Record<string, { message: string }>;

export type ClientErrorCode = keyof typeof CLIENT_ERRORS;

/** Fields some codes add beside code and message; each is declared here, nothing else passes. */
export interface ErrorFields {
  /** DAILY_BONUS_NOT_READY: when the next claim is possible (ISO 8601). */
  nextClaimAt?: string;
}

/** Every error response of the API has this body. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown } & ErrorFields;
}

/** The strict form of `ErrorBody`: a closed code, a message, and only the declared fields. */
export const ErrorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string().check(z.minLength(1)),
    details: z.optional(z.unknown()),
    nextClaimAt: z.optional(z.iso.datetime({ offset: true })),
  }),
});

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
  readonly fields: Readonly<ErrorFields>;

  constructor(code: ErrorCode, message?: string, details?: unknown, fields: ErrorFields = {}) {
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
