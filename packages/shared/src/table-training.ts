/**
 * What the signed-in player's table trains besides the game: the coach's standard (index plays
 * on or off) and count checks. Both are the server's (ADR 0028): a count check is asked by the
 * server at a moment it picks, answered through `POST /api/table/actions` (`countCheck`) and
 * graded against the count of the cards it dealt; decisions are graded from the table's own
 * actions. The expected count of an open check never leaves the server.
 */
import { z } from 'zod';

/** When the table asks for the running count: after a round now and then (one in COUNT_CHECK_EVERY_ROUNDS), only when the shoe is about to be shuffled, or never. */
export const COUNT_CHECK_MODES = ['random', 'shoeEnd', 'off'] as const;
export const CountCheckModeSchema = z.enum(COUNT_CHECK_MODES);
export type CountCheckMode = z.infer<typeof CountCheckModeSchema>;

/** In 'random' mode, on average one settled round in this many is followed by a check (always at the shuffle point). */
export const COUNT_CHECK_EVERY_ROUNDS = 5;

export const TableTrainingSettingsSchema = z.strictObject({
  /** The coach recommends (and the record grades against) the index plays of the player's count. */
  indexPlays: z.boolean(),
  countChecks: CountCheckModeSchema,
  /**
   * Test mode: the table keeps the count to itself (every answer withholds the running and true
   * counts and the cards seen: they read 0), the coach is silent until the shoe's report, and
   * count checks ask the running AND the true count now and then and always at the shuffle,
   * whatever `countChecks` says (decision record 0031).
   */
  testMode: z.boolean(),
});
export type TableTrainingSettings = z.infer<typeof TableTrainingSettingsSchema>;

export const DEFAULT_TRAINING_SETTINGS: TableTrainingSettings = { indexPlays: false, countChecks: 'random', testMode: false };

/** A running count: whole, or in halves (Wong Halves), within ±1000. */
export const countAnswer = z.number().multipleOf(0.5).min(-1000).max(1000);

/**
 * A true count as answered: whole or in halves, within ±100. Graded under the table's convention
 * (`counting.resolution` and `rounding`); with rounding 'none' an answer within half a point of
 * the exact quotient is right.
 */
export const trueCountAnswer = z.number().multipleOf(0.5).min(-100).max(100);

/**
 * What a check asks: the running count, or (test mode, a balanced count) the running count and
 * the true count in one check. Unbalanced systems (KO, Red 7) decide on the running count, so
 * they are asked the running count only.
 */
export const COUNT_CHECK_ASKS = ['runningCount', 'runningAndTrueCount'] as const;
export const CountCheckAskedSchema = z.enum(COUNT_CHECK_ASKS);
export type CountCheckAsked = z.infer<typeof CountCheckAskedSchema>;

/** An open count check: what is asked, never the answer. */
export const CountCheckAskSchema = z.strictObject({
  id: z.uuid(),
  asked: CountCheckAskedSchema,
});
export type CountCheckAsk = z.infer<typeof CountCheckAskSchema>;

/** The true-count half of a 'runningAndTrueCount' check's verdict. */
export const TrueCountVerdictSchema = z.strictObject({
  answered: trueCountAnswer,
  /** The true count under the table's convention (exact, not rounded, with rounding 'none'). */
  expected: z.number().finite().min(-1000).max(1000),
  correct: z.boolean(),
});
export type TrueCountVerdict = z.infer<typeof TrueCountVerdictSchema>;

/** The last answered check, graded by the server. */
export const CountCheckResultSchema = z.strictObject({
  id: z.uuid(),
  asked: CountCheckAskedSchema,
  /** The running count answered and expected. */
  answered: countAnswer,
  expected: countAnswer,
  /** Present when the true count was asked. */
  trueCount: TrueCountVerdictSchema.optional(),
  /** Everything asked was right. */
  correct: z.boolean(),
});
export type CountCheckResult = z.infer<typeof CountCheckResultSchema>;

export const TableTrainingSchema = z.strictObject({
  settings: TableTrainingSettingsSchema,
  /** The check waiting for an answer; it lapses when the next round is dealt. */
  countCheck: CountCheckAskSchema.nullable(),
  lastCountCheck: CountCheckResultSchema.nullable(),
});
export type TableTraining = z.infer<typeof TableTrainingSchema>;
