/**
 * `GET /api/me/mistakes/:id/round`: a mistake replayed with its round (issue 26). The round's
 * decisions, in the order they were made, each with the facts the server graded it from (the
 * cards seen, the hand, the upcard, the rules): the browser works out the coach's numbers
 * from them with the engine that graded them, so what it shows is what the grade was.
 */
import { z } from 'zod';
import { TableRulesSchema } from '../table.ts';
import { MistakeChoiceSchema } from './lifetime.ts';

/** Decisions one replay lists (a round of seven spots split to four hands each has at most 28 hands). */
export const MISTAKE_ROUND_STEPS_MAX = 64;

const cardValue = z.number().int().min(1).max(10);
const count = z.number().int().nonnegative();

export const MistakeRoundStepSchema = z.strictObject({
  id: z.string(),
  at: z.string(),
  hand: z.array(cardValue).min(1).max(21),
  upcard: cardValue,
  trueCount: z.number().finite(),
  /** The cards shown before the decision, per value 1..10 (index 0 = aces). */
  seen: z.array(count).length(10),
  fromSplit: z.boolean(),
  handsAtSpot: z.number().int().min(1).max(8),
  chosen: MistakeChoiceSchema,
  /** The coach's play (the index play when index plays were on and one applied). */
  best: MistakeChoiceSchema,
  correct: z.boolean(),
  cost_credits: z.number().finite(),
  bet_credits: count,
});
export type MistakeRoundStep = z.infer<typeof MistakeRoundStepSchema>;

export const MistakeRoundSchema = z.strictObject({
  mistakeId: z.string(),
  /** The table's rules when the round was dealt. */
  rules: TableRulesSchema,
  /** False: the round was played before rounds were kept; only the mistake itself is listed. */
  wholeRound: z.boolean(),
  steps: z.array(MistakeRoundStepSchema).min(1).max(MISTAKE_ROUND_STEPS_MAX),
});
export type MistakeRound = z.infer<typeof MistakeRoundSchema>;

export const MistakeRoundParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });
