/**
 * `GET /api/me/mistakes/:id/round`: a mistake replayed with its round (issue 26). The round's
 * decisions, in the order they were made, each with what the server graded it from (the cards
 * seen, the hand, the upcard) and the exact EV of every legal choice its grade worked out: the
 * coach's numbers are the grade's own, never worked out again elsewhere.
 */
import { z } from '../zod.ts';
import { MistakeChoiceSchema } from './lifetime.ts';

/** Decisions one replay lists (a round of seven spots split to four hands each has at most 28 hands). */
export const MISTAKE_ROUND_STEPS_MAX = 64;

const cardValue = z.int().check(z.gte(1), z.lte(10));
const count = z.int().check(z.nonnegative());

export const MistakeRoundStepSchema = z.strictObject({
  id: z.string(),
  at: z.string(),
  hand: z.array(cardValue).check(z.minLength(1), z.maxLength(21)),
  upcard: cardValue,
  trueCount: z.number(),
  /** The cards shown before the decision, per value 1..10 (index 0 = aces). */
  seen: z.array(count).check(z.length(10)),
  fromSplit: z.boolean(),
  handsAtSpot: z.int().check(z.gte(1), z.lte(8)),
  chosen: MistakeChoiceSchema,
  /** The coach's play (the index play when index plays were on and one applied). */
  best: MistakeChoiceSchema,
  correct: z.boolean(),
  cost_credits: z.number(),
  bet_credits: count,
  /**
   * The exact EV of each legal choice per unit of its stake (the hand's bet; insurance: the
   * insurance bet, declining 0); null for decisions graded before the grade kept them.
   */
  evs: z.nullable(z.partialRecord(MistakeChoiceSchema, z.number())),
});
export type MistakeRoundStep = z.infer<typeof MistakeRoundStepSchema>;

/** How the round ended: the dealer's cards and each of the player's hands with its result. */
export const MistakeRoundEndSchema = z.strictObject({
  dealer: z.array(cardValue).check(z.minLength(1), z.maxLength(21)),
  dealerTotal: z.int().check(z.gte(0), z.lte(31)),
  hands: z
    .array(
      z.strictObject({
        cards: z.array(cardValue).check(z.minLength(1), z.maxLength(21)),
        outcome: z.enum(['blackjack', 'win', 'push', 'loss', 'bust', 'surrender', 'evenMoney']),
        /** Credits won (> 0) or lost (< 0) on the hand. */
        net: z.number(),
      }),
    )
    .check(z.maxLength(28)),
  /** Credits won or lost in the round, insurance included. */
  net: z.number(),
});
export type MistakeRoundEnd = z.infer<typeof MistakeRoundEndSchema>;

export const MistakeRoundSchema = z.strictObject({
  mistakeId: z.string(),
  /** Null when the round's end was not kept (rounds played before it was, or cut by a reshuffle). */
  end: z.nullable(MistakeRoundEndSchema),
  /** False: the round was played before rounds were kept; only the mistake itself is listed. */
  wholeRound: z.boolean(),
  steps: z.array(MistakeRoundStepSchema).check(z.minLength(1), z.maxLength(MISTAKE_ROUND_STEPS_MAX)),
});
export type MistakeRound = z.infer<typeof MistakeRoundSchema>;

export const MistakeRoundParamsSchema = z.strictObject({ id: z.string().check(z.regex(/^\d{1,18}$/)) });
