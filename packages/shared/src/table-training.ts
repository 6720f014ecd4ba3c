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
});
export type TableTrainingSettings = z.infer<typeof TableTrainingSettingsSchema>;

export const DEFAULT_TRAINING_SETTINGS: TableTrainingSettings = { indexPlays: false, countChecks: 'random' };

/** A running count: whole, or in halves (Wong Halves), within ±1000. */
export const countAnswer = z.number().multipleOf(0.5).min(-1000).max(1000);

/** An open count check: what is asked, never the answer. */
export const CountCheckAskSchema = z.strictObject({
  id: z.uuid(),
  asked: z.literal('runningCount'),
});
export type CountCheckAsk = z.infer<typeof CountCheckAskSchema>;

/** The last answered check, graded by the server. */
export const CountCheckResultSchema = z.strictObject({
  id: z.uuid(),
  asked: z.literal('runningCount'),
  answered: countAnswer,
  expected: countAnswer,
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
