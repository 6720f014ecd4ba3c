/**
 * The trainer's drill answers and the progress read back from them. Every answer a signed-in
 * player gives in a drill is posted here in batches (a guest keeps them in the browser and
 * posts them on sign-up); `GET /api/me/drills` summarises them per drill for the progress view.
 * Bounded per player (DRILL_ANSWERS_PER_USER_MAX, oldest dropped first). Posted answers are the
 * browser's word: they feed progress and spaced repetition and pay nothing. A drill that pays
 * is dealt, graded and timed by the server: the deals below (docs/decisions/0027-server-dealt-drills.md).
 */
import { z } from '../zod.ts';
import { CardSchema, CountSystemSchema, customGoesWithSystem } from '../table.ts';
import { CustomCountSchema } from '../custom-count.ts';
import { isoDate } from './iso-date.ts';
import { PracticeReasonSchema } from './rewards.ts';

export const DRILL_IDS = [
  'runningCount',
  'trueCount',
  'deckEstimation',
  'basicStrategy',
  'deviations',
  // Issue 39's drills, dealt by the server (speed-drills.ts).
  'pairs',
  'flash',
  'tableRound',
  'betSizing',
] as const;
export const DrillIdSchema = z.enum(DRILL_IDS);
export type DrillId = z.infer<typeof DrillIdSchema>;

/** Answers kept per player; the oldest go first. */
export const DRILL_ANSWERS_PER_USER_MAX = 10_000;
/** Answers one POST may carry. */
export const DRILL_ANSWERS_PER_POST_MAX = 200;
/** Longest answer time stored (an answer left open over lunch is not a speed figure). */
export const DRILL_ANSWER_TIME_MAX_ms = 3_600_000;
/** Items listed as due next, per drill. */
export const DRILL_DUE_ITEMS_MAX = 20;
/** Days of history per drill in the summary. */
export const DRILL_HISTORY_DAYS_MAX = 90;
/** Sessions per drill in the summary (the speed drills' chart), newest kept. */
export const DRILL_SESSIONS_MAX = 60;
/** A pause longer than this between two answers of a drill starts a new session. */
export const DRILL_SESSION_GAP_ms = 30 * 60_000;
/** Most cards one answer counts (a countdown of eight decks). */
export const DRILL_ANSWER_CARDS_MAX = 416;

/**
 * An item key names what was asked, not the dealt cards: 'hard:16:10' (basic strategy cell),
 * 'I18-16v10' (deviation), 'rc:1d:2c' (a countdown of 1 deck, 2 cards at a time), 'tc:2.5'.
 */
export const DrillItemSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9:,.+_-]+$/, 'letters, digits and : , . + _ - only'),
  );

export const DrillAnswerSchema = z.strictObject({
  /** Client-generated (crypto.randomUUID()); the same id is stored once. */
  answerId: z.uuid(),
  drill: DrillIdSchema,
  item: DrillItemSchema,
  correct: z.boolean(),
  time_ms: z.int().check(z.gte(0), z.lte(DRILL_ANSWER_TIME_MAX_ms)),
  answeredAt: isoDate,
  /** Cards the answer counted, for a speed drill's time per card (absent for the other drills). */
  cards: z.optional(z.int().check(z.gte(1), z.lte(DRILL_ANSWER_CARDS_MAX))),
});
export type DrillAnswer = z.infer<typeof DrillAnswerSchema>;

/** `POST /api/me/drills/answers`: a batch; answers already stored (same answerId) are skipped. Stored for progress only: pays nothing. */
export const DrillAnswersPostBodySchema = z.strictObject({
  answers: z.array(DrillAnswerSchema).check(z.minLength(1), z.maxLength(DRILL_ANSWERS_PER_POST_MAX)),
});
export type DrillAnswersPostBody = z.infer<typeof DrillAnswersPostBodySchema>;
export const DrillAnswersPostResponseSchema = z.strictObject({ stored: z.int().check(z.nonnegative()) });
export type DrillAnswersPostResponse = z.infer<typeof DrillAnswersPostResponseSchema>;

const count = z.int().check(z.nonnegative());
const rate = z.nullable(z.number().check(z.gte(0), z.lte(1)));
const median = z.nullable(z.number().check(z.nonnegative()));

export const DrillDaySchema = z.strictObject({
  /** UTC day, 'YYYY-MM-DD'. */
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  answers: count,
  correct: count,
  medianTime_ms: median,
});
export type DrillDay = z.infer<typeof DrillDaySchema>;

export const DrillItemStatSchema = z.strictObject({
  item: DrillItemSchema,
  answers: count,
  correct: count,
  lastAnsweredAt: isoDate,
  /** When spaced repetition (FSRS) next asks for it. */
  due: isoDate,
});
export type DrillItemStat = z.infer<typeof DrillItemStatSchema>;

/** One session of a drill's answers that carry their cards (a pause of DRILL_SESSION_GAP_ms starts the next). */
export const DrillSessionSchema = z.strictObject({
  startedAt: isoDate,
  answers: count,
  correct: count,
  /** Cards counted and the time taken over the session's answers: time per card = time_ms / cards. */
  cards: count,
  time_ms: count,
});
export type DrillSessionStat = z.infer<typeof DrillSessionSchema>;

export const DrillSummarySchema = z.strictObject({
  drill: DrillIdSchema,
  answers: count,
  correct: count,
  accuracy: rate,
  medianTime_ms: median,
  /** Correct answers in a row, ending with the latest answer; and the longest such run. */
  streak: count,
  bestStreak: count,
  /** Oldest first, days with answers only. */
  days: z.array(DrillDaySchema).check(z.maxLength(DRILL_HISTORY_DAYS_MAX)),
  /** Every item answered, with its record (the heat map reads basic strategy's). */
  items: z.array(DrillItemStatSchema),
  /** Items whose due time is earliest, soonest first (at most DRILL_DUE_ITEMS_MAX). */
  dueNext: z.array(DrillItemSchema).check(z.maxLength(DRILL_DUE_ITEMS_MAX)),
  /** Oldest first, the latest DRILL_SESSIONS_MAX: only answers that carry their cards (the speed drills). */
  sessions: z.array(DrillSessionSchema).check(z.maxLength(DRILL_SESSIONS_MAX)),
});
export type DrillSummary = z.infer<typeof DrillSummarySchema>;

/** `GET /api/me/drills`: one summary per drill, in DRILL_IDS order (a drill never answered has zeros). */
export const DrillsProgressSchema = z.strictObject({ drills: z.array(DrillSummarySchema) });
export type DrillsProgress = z.infer<typeof DrillsProgressSchema>;

// ----- Server-dealt drills (docs/decisions/0027-server-dealt-drills.md) ----------------------

/** Deals a player holds (open, answered or expired); a new deal drops the oldest past this. */
export const DRILL_DEALS_PER_USER_MAX = 5;
/** Decks and cards at a time a countdown offers. */
export const COUNTDOWN_DECKS_MAX = 8;
export const COUNTDOWN_PER_FLASH_MAX = 3;
/** Cards kept back at the end of a countdown (1 to this), so its count is not the full decks' sum. */
export const COUNTDOWN_HELD_BACK_MAX = 5;
/** The published benchmark of a deck counted down: under 45 s a deck is casino ready. */
export const COUNTDOWN_TARGET_PER_DECK_ms = 45_000;
/** Largest running count a player may answer (a countdown of 8 decks stays far inside it). */
export const COUNTDOWN_ANSWER_ABS_MAX = 1000;
const CARDS_PER_DECK = 52;

/** 'rc:2d:1c': the item of a countdown of 2 decks, 1 card at a time. */
export function countdownItem(decks: number, perFlash: number): string {
  return `rc:${decks}d:${perFlash}c`;
}

/** `POST /api/me/drills/deals`: deal a countdown with the player's options and counting system. */
export const DrillDealPostBodySchema = z
  .strictObject({
    drill: z.literal('runningCount'),
    decks: z.int().check(z.gte(1), z.lte(COUNTDOWN_DECKS_MAX)),
    /** Cards shown at a time: the item names it; the server deals the same cards either way. */
    perFlash: z.int().check(z.gte(1), z.lte(COUNTDOWN_PER_FLASH_MAX)),
    system: CountSystemSchema,
    /** The definition of the count 'custom' (and only then). */
    custom: z.optional(CustomCountSchema),
  })
  .check(z.superRefine(customGoesWithSystem));
export type DrillDealPostBody = z.infer<typeof DrillDealPostBodySchema>;

/** A deal as the player gets it: the cards to count, in order, and never their count. */
export const DrillDealSchema = z.strictObject({
  dealId: z.uuid(),
  drill: z.literal('runningCount'),
  item: DrillItemSchema,
  decks: z.int().check(z.gte(1), z.lte(COUNTDOWN_DECKS_MAX)),
  perFlash: z.int().check(z.gte(1), z.lte(COUNTDOWN_PER_FLASH_MAX)),
  system: CountSystemSchema,
  custom: z.optional(CustomCountSchema),
  cards: z
    .array(CardSchema)
    .check(
      z.minLength(CARDS_PER_DECK - COUNTDOWN_HELD_BACK_MAX),
      z.maxLength(COUNTDOWN_DECKS_MAX * CARDS_PER_DECK - 1),
    ),
  dealtAt: isoDate,
  /** Past this the deal is refused (DRILL_DEAL_EXPIRED): dealtAt + DRILL_ANSWER_TIME_MAX_ms. */
  expiresAt: isoDate,
});
export type DrillDeal = z.infer<typeof DrillDealSchema>;

export const DrillDealParamsSchema = z.strictObject({ dealId: z.uuid() });

/** `POST /api/me/drills/deals/:dealId/answer`: the running count after the last card dealt. */
export const DrillDealAnswerBodySchema = z.strictObject({
  runningCount: z.number().check(z.gte(-COUNTDOWN_ANSWER_ABS_MAX), z.lte(COUNTDOWN_ANSWER_ABS_MAX)),
});
export type DrillDealAnswerBody = z.infer<typeof DrillDealAnswerBodySchema>;

/** The server's verdict: graded against the cards it dealt, timed by its own clock. A retry of the same answer gets the same verdict. */
export const DrillDealVerdictSchema = z.strictObject({
  dealId: z.uuid(),
  item: DrillItemSchema,
  correct: z.boolean(),
  /** The count of the dealt cards (shown only once answered). */
  expected: z.number(),
  answered: z.number(),
  /** From the deal to the answer's arrival, on the server's clock. */
  time_ms: z.int().check(z.gte(0), z.lte(DRILL_ANSWER_TIME_MAX_ms)),
  /** Correct within this counts for drill_under_target: decks x COUNTDOWN_TARGET_PER_DECK_ms. */
  target_ms: z.int().check(z.positive()),
  answeredAt: isoDate,
  /** Present when the drill paid nothing, and why (ADR 0044): too fast, today's bound reached, or a count that needs no counting. */
  practice: z.optional(PracticeReasonSchema),
});
export type DrillDealVerdict = z.infer<typeof DrillDealVerdictSchema>;
