/**
 * The shoe report (decision record 0031): how a shoe, or the session, was played, computed by the
 * server from its graded record (play_record rows of source 'table', each tagged with the shoe it
 * was made in) and the table's own round tally. `GET /api/table/report?shoe=<commitment>` for a
 * shoe (the current one or one of the last TABLE_REPORT_SHOES_MAX), without `shoe` for the
 * session. Shown at each shuffle and on demand.
 */
import { z } from 'zod';
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

const commitment = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hex digest');

export const TableReportQuerySchema = z.strictObject({
  /** A shoe's commitment; absent: the session's report. */
  shoe: commitment.optional(),
});
export type TableReportQuery = z.infer<typeof TableReportQuerySchema>;

const cardValue = z.number().int().min(1).max(10);

/** A play the coach would have made differently: its verdict, shown once the shoe is over. */
export const ReportErrorSchema = z.strictObject({
  at: z.iso.datetime({ offset: true }),
  hand: z.array(cardValue),
  upcard: cardValue,
  trueCount: z.number(),
  chosen: RecordDecisionSchema,
  best: RecordDecisionSchema,
  /** Credits given away in expectation. */
  evCost_credits: z.number().nonnegative(),
  bet_credits: z.number().int().nonnegative(),
});
export type ReportError = z.infer<typeof ReportErrorSchema>;

export const ReportCountCheckSchema = z.strictObject({
  at: z.iso.datetime({ offset: true }),
  asked: CountCheckAskedSchema,
  expected: z.number(),
  answered: z.number(),
  trueCount: z.strictObject({ expected: z.number(), answered: z.number() }).optional(),
  correct: z.boolean(),
});
export type ReportCountCheck = z.infer<typeof ReportCountCheckSchema>;

export const TableReportSchema = z.strictObject({
  scope: z.enum(['shoe', 'session']),
  /** The shoe's commitment (scope 'shoe'). */
  shoe: commitment.nullable(),
  /** The session's start (scope 'session'), or the shoe's first round. */
  since: z.iso.datetime({ offset: true }).nullable(),
  /** The shoe is finished (replaced, or at its shuffle point with the round over). */
  finished: z.boolean(),
  /**
   * Test mode keeps the coach silent until the shoe ends: the current shoe's decisions (its play
   * errors and their cost) are left out of the report while it is unfinished.
   */
  withheld: z.boolean(),
  rounds: z.number().int().nonnegative(),
  /** Everything staked in those rounds: hands, doubles, splits, insurance. */
  bet_credits: z.number().nonnegative(),
  /** Mean time per round, the betting before it included (pauses over TABLE_ROUND_TIME_MAX_ms count as that); null before a round. */
  roundTime_ms: z.number().nonnegative().nullable(),
  countChecks: z.strictObject({
    asked: z.number().int().nonnegative(),
    correct: z.number().int().nonnegative(),
    items: z.array(ReportCountCheckSchema),
  }),
  decisions: z.strictObject({
    /** Graded so far. */
    graded: z.number().int().nonnegative(),
    /** Graded plays that were not the coach's. */
    errors: z.number().int().nonnegative(),
    /** Recorded but not graded yet (the grader runs a moment after the action): ask again. */
    pending: z.number().int().nonnegative(),
  }),
  /**
   * Credits given away in expectation by the play errors (the graded plays that were not the
   * coach's), and as a % of bet_credits (null when nothing was bet); a bet grade's cost is in betGrades.
   */
  edgeGiven: z.strictObject({ credits: z.number().nonnegative(), percentOfBet: z.number().nonnegative().nullable() }),
  /** The costliest play errors, up to TABLE_REPORT_ERRORS_MAX. */
  errors: z.array(ReportErrorSchema),
  /** Bets graded against the player's ramp, when the record holds bet grades (absent otherwise). */
  betGrades: z
    .strictObject({
      graded: z.number().int().nonnegative(),
      right: z.number().int().nonnegative(),
      cost_credits: z.number().nonnegative(),
    })
    .optional(),
});
export type TableReport = z.infer<typeof TableReportSchema>;
