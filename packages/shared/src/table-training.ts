/**
 * What the signed-in player's table trains besides the game: the coach's standard (index plays
 * on or off) and count checks. Both are the server's (ADR 0028): a count check is asked by the
 * server at a moment it picks, answered through `POST /api/table/actions` (`countCheck`) and
 * graded against the count of the cards it dealt; decisions are graded from the table's own
 * actions. The expected count of an open check never leaves the server.
 */
import { z } from './zod.ts';
import { TABLE_LIMITS } from './table-limits.ts';
import { PracticeReasonSchema } from './api/rewards.ts';

/** When the table asks for the running count: after a round now and then (one in COUNT_CHECK_EVERY_ROUNDS), only when the shoe is about to be shuffled, or never. */
export const COUNT_CHECK_MODES = ['random', 'shoeEnd', 'off'] as const;
export const CountCheckModeSchema = z.enum(COUNT_CHECK_MODES);
export type CountCheckMode = z.infer<typeof CountCheckModeSchema>;

/** In 'random' mode, on average one settled round in this many is followed by a check (always at the shuffle point). */
export const COUNT_CHECK_EVERY_ROUNDS = 5;

/**
 * Bounds of a bet ramp (the engine's BET_RAMP_LIMITS, checked equal in test/table.test.ts) and
 * the stable codes its refusals name: a refused ramp is 400 VALIDATION_FAILED whose message
 * names the field and starts with one of BET_RAMP_PROBLEMS (decision record 0030).
 */
export const BET_RAMP_BOUNDS = { steps_max: 30, tc_min: -20, tc_max: 20, units_max: 200, unitCredits_min: TABLE_LIMITS.minBet, unitCredits_max: TABLE_LIMITS.maxBet } as const;
export const BET_RAMP_PROBLEMS = [
  'RAMP_EMPTY',
  'RAMP_TOO_MANY_STEPS',
  'RAMP_TC_OUT_OF_RANGE',
  'RAMP_TC_REPEATED',
  'RAMP_UNITS_OUT_OF_RANGE',
  'RAMP_UNIT_CREDITS_OUT_OF_LIMITS',
] as const;
export type BetRampProblemCode = (typeof BET_RAMP_PROBLEMS)[number];

const B = BET_RAMP_BOUNDS;
export const BetRampStepSchema = z.strictObject({
  /** From this true count up (to the next step); the lowest step holds below it too. */
  tc: z
    .number()
    .check(
      z.int('RAMP_TC_OUT_OF_RANGE: a whole true count'),
      z.gte(B.tc_min, `RAMP_TC_OUT_OF_RANGE: at least ${B.tc_min}`),
      z.lte(B.tc_max, `RAMP_TC_OUT_OF_RANGE: at most ${B.tc_max}`),
    ),
  /** Units bet there (0: sit the round out by the ramp), in halves. */
  units: z
    .number()
    .check(
      z.multipleOf(0.5, 'RAMP_UNITS_OUT_OF_RANGE: whole or half units'),
      z.gte(0, 'RAMP_UNITS_OUT_OF_RANGE: at least 0'),
      z.lte(B.units_max, `RAMP_UNITS_OUT_OF_RANGE: at most ${B.units_max}`),
    ),
});

/** The player's bet ramp: units by true count (running count for KO and Red 7) and the credits in one unit. */
export const BetRampSchema = z.strictObject({
  unit_credits: z
    .number()
    .check(
      z.int('RAMP_UNIT_CREDITS_OUT_OF_LIMITS: whole credits'),
      z.gte(
        B.unitCredits_min,
        `RAMP_UNIT_CREDITS_OUT_OF_LIMITS: at least ${B.unitCredits_min} (the table's minimum bet)`,
      ),
      z.lte(
        B.unitCredits_max,
        `RAMP_UNIT_CREDITS_OUT_OF_LIMITS: at most ${B.unitCredits_max} (the table's maximum bet)`,
      ),
    ),
  steps: z.array(BetRampStepSchema).check(
    z.minLength(1, 'RAMP_EMPTY: at least one step'),
    z.maxLength(B.steps_max, `RAMP_TOO_MANY_STEPS: at most ${B.steps_max} steps`),
    z.refine(
      (steps) => new Set(steps.map((s) => s.tc)).size === steps.length,
      'RAMP_TC_REPEATED: each true count once',
    ),
  ),
});
export type BetRampSetting = z.infer<typeof BetRampSchema>;

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
  /** Every round's bet is graded against this ramp when dealt (null: bets are not graded). */
  betRamp: z.nullable(BetRampSchema),
  /** Show the ramp's bet for the current count beside the chips (the web hides it in test mode). */
  showRampBet: z.boolean(),
});
export type TableTrainingSettings = z.infer<typeof TableTrainingSettingsSchema>;

export const DEFAULT_TRAINING_SETTINGS: TableTrainingSettings = {
  indexPlays: false,
  countChecks: 'random',
  testMode: false,
  betRamp: null,
  showRampBet: false,
};


/** A running count: whole, or in halves (Wong Halves), within ±1000. */
export const countAnswer = z.number().check(z.multipleOf(0.5), z.gte(-1000), z.lte(1000));

/**
 * A true count as answered: whole or in halves, within ±100. Graded under the table's convention
 * (`counting.resolution` and `rounding`); with rounding 'none' an answer within half a point of
 * the exact quotient is right.
 */
export const trueCountAnswer = z.number().check(z.multipleOf(0.5), z.gte(-100), z.lte(100));

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
  expected: z.number().check(z.gte(-1000), z.lte(1000)),
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
  trueCount: z.optional(TrueCountVerdictSchema),
  /** Everything asked was right. */
  correct: z.boolean(),
  /** Present when the check paid nothing, and why (ADR 0044): e.g. the count was on screen when it was asked. */
  practice: z.optional(PracticeReasonSchema),
});
export type CountCheckResult = z.infer<typeof CountCheckResultSchema>;

export const TableTrainingSchema = z.strictObject({
  settings: TableTrainingSettingsSchema,
  /** The check waiting for an answer; it lapses when the next round is dealt. */
  countCheck: z.nullable(CountCheckAskSchema),
  lastCountCheck: z.nullable(CountCheckResultSchema),
});
export type TableTraining = z.infer<typeof TableTrainingSchema>;
