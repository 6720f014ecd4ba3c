/**
 * The shoe report (decision record 0031): how a shoe, or the session, was played, computed by the
 * server from its graded record (play_record rows of source 'table', each tagged with the shoe it
 * was made in) and the table's own round tally. `GET /api/table/report?shoe=<commitment>` for a
 * shoe (the current one or one of the last TABLE_REPORT_SHOES_MAX), without `shoe` for the
 * session. Shown at each shuffle and on demand.
 */
import { z } from './zod.ts';
import { CountCheckAskedSchema } from './table-training.ts';
import { RecordDecisionSchema } from './api/record.ts';

/** Shoes whose round tally the table keeps for their reports (older shoes: 404). */
export const TABLE_REPORT_SHOES_MAX = 20;
/** Play errors listed in a report (the costliest first); the counts cover them all. */
export const TABLE_REPORT_ERRORS_MAX = 30;
/** A session ends after this long without a settled round; the next round starts a new one. */
export const TABLE_SESSION_GAP_ms = 30 * 60 * 1000;
/** A pause longer than this between rounds is a break: a round's time counts at most this much of it. */
export const TABLE_ROUND_TIME_MAX_ms = 60 * 1000;

const commitment = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hex digest'));

export const TableReportQuerySchema = z.strictObject({
  /** A shoe's commitment; absent: the session's report. */
  shoe: z.optional(commitment),
});
export type TableReportQuery = z.infer<typeof TableReportQuerySchema>;

const cardValue = z.int().check(z.gte(1), z.lte(10));

/** A play the coach would have made differently: its verdict, shown once the shoe is over. */
export const ReportErrorSchema = z.strictObject({
  at: z.iso.datetime({ offset: true }),
  hand: z.array(cardValue),
  upcard: cardValue,
  trueCount: z.number(),
  chosen: RecordDecisionSchema,
  best: RecordDecisionSchema,
  /** Credits given away in expectation. */
  evCost_credits: z.number().check(z.nonnegative()),
  bet_credits: z.int().check(z.nonnegative()),
});
export type ReportError = z.infer<typeof ReportErrorSchema>;

export const ReportCountCheckSchema = z.strictObject({
  at: z.iso.datetime({ offset: true }),
  asked: CountCheckAskedSchema,
  expected: z.number(),
  answered: z.number(),
  trueCount: z.optional(z.strictObject({ expected: z.number(), answered: z.number() })),
  correct: z.boolean(),
});
export type ReportCountCheck = z.infer<typeof ReportCountCheckSchema>;

export const TableReportSchema = z.strictObject({
  scope: z.enum(['shoe', 'session']),
  /** The shoe's commitment (scope 'shoe'). */
  shoe: z.nullable(commitment),
  /** The session's start (scope 'session'), or the shoe's first round. */
  since: z.nullable(z.iso.datetime({ offset: true })),
  /** The shoe is finished (replaced, or at its shuffle point with the round over). */
  finished: z.boolean(),
  /**
   * Test mode keeps the coach silent until the shoe ends: the current shoe's decisions (its play
   * errors and their cost) are left out of the report while it is unfinished.
   */
  withheld: z.boolean(),
  rounds: z.int().check(z.nonnegative()),
  /** Everything staked in those rounds: hands, doubles, splits, insurance. */
  bet_credits: z.number().check(z.nonnegative()),
  /** Mean time per round, the betting before it included (pauses over TABLE_ROUND_TIME_MAX_ms count as that); null before a round. */
  roundTime_ms: z.nullable(z.number().check(z.nonnegative())),
  countChecks: z.strictObject({
    asked: z.int().check(z.nonnegative()),
    correct: z.int().check(z.nonnegative()),
    items: z.array(ReportCountCheckSchema),
  }),
  decisions: z.strictObject({
    /** Graded so far. */
    graded: z.int().check(z.nonnegative()),
    /** Graded plays that were not the coach's. */
    errors: z.int().check(z.nonnegative()),
    /** Recorded but not graded yet (the grader runs a moment after the action): ask again. */
    pending: z.int().check(z.nonnegative()),
  }),
  /**
   * Credits given away in expectation by the play errors (the graded plays that were not the
   * coach's), and as a % of bet_credits (null when nothing was bet); a bet grade's cost is in betGrades.
   */
  edgeGiven: z.strictObject({
    credits: z.number().check(z.nonnegative()),
    percentOfBet: z.nullable(z.number().check(z.nonnegative())),
  }),
  /** The costliest play errors, up to TABLE_REPORT_ERRORS_MAX. */
  errors: z.array(ReportErrorSchema),
  /** Bets graded against the player's ramp, when the record holds bet grades (absent otherwise). */
  betGrades: z.optional(
    z.strictObject({
      graded: z.int().check(z.nonnegative()),
      right: z.int().check(z.nonnegative()),
      /**
       * Expectation the bets gave away against the ramp's bets, never negative (decision record
       * 0058: a bet over the ramp at an advantage, or under it at a disadvantage, gives none away).
       */
      cost_credits: z.number().check(z.nonnegative()),
    }),
  ),
});
export type TableReport = z.infer<typeof TableReportSchema>;
