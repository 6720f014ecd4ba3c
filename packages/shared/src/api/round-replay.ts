/**
 * A round replayed card by card (issue 39, decision record 0061): `GET /api/me/shoes/:shoe/rounds`
 * (the shoe's replayable rounds), `GET /api/me/shoes/:shoe/rounds/:start/replay` and
 * `GET /api/me/mistakes/:id/replay` (the mistake's round, opened at its decision). The events are
 * the table's deal log as the server dealt it: every card in dealing order with whom it went to
 * and the player's running and decision count right after it. The hole card's event carries no
 * card: its face is in the `turn` event, at the moment it was turned (never, if it never was).
 * No card that was not dealt is ever in a replay.
 */
import { z } from '../zod.ts';
import { CardSchema } from '../table.ts';
import { MistakeChoiceSchema } from './lifetime.ts';

/** Events one round can log (the engine's DEAL_LOG_EVENTS_MAX). */
export const ROUND_REPLAY_EVENTS_MAX = 512;
/** Rounds a shoe's list holds (an eight-deck shoe deals at most ~400 cards: ~100 rounds of 4). */
export const SHOE_ROUNDS_MAX = 400;

const commitment = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hex digest'));
const index = z.int().check(z.gte(0), z.lte(1_000_000));

export const ShoeRoundsParamsSchema = z.strictObject({ shoe: commitment });
export const RoundReplayParamsSchema = z.strictObject({ shoe: commitment, start: z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000)) });
export const MistakeReplayParamsSchema = z.strictObject({ id: z.string().check(z.regex(/^\d{1,18}$/)) });

const counts = { runningCount: z.number(), trueCount: z.number() };
const seatTo = z.strictObject({ kind: z.literal('seat'), seat: index, hand: index, player: z.boolean() });
const dealerTo = z.strictObject({ kind: z.literal('dealer'), card: z.enum(['up', 'hole', 'draw']) });

/** The record's verdict on one of the player's plays, with its EVs as the grade worked them out. */
export const ReplayDecisionSchema = z.strictObject({
  id: z.string(),
  chosen: MistakeChoiceSchema,
  best: MistakeChoiceSchema,
  correct: z.boolean(),
  cost_credits: z.number(),
  trueCount: z.number(),
  /** Per unit of the stake; null for a decision graded before the grade kept them, or not graded yet. */
  evs: z.nullable(z.partialRecord(MistakeChoiceSchema, z.number())),
  graded: z.boolean(),
});
export type ReplayDecision = z.infer<typeof ReplayDecisionSchema>;

export const ReplayEventSchema = z.discriminatedUnion('kind', [
  /** `card` null: the hole card, face down (see `turn`). */
  z.strictObject({ kind: z.literal('card'), card: z.nullable(CardSchema), to: z.discriminatedUnion('kind', [seatTo, dealerTo]), ...counts }),
  z.strictObject({ kind: z.literal('turn'), card: CardSchema, ...counts }),
  z.strictObject({ kind: z.literal('split'), seat: index, hand: index, player: z.boolean() }),
  z.strictObject({
    kind: z.literal('play'),
    play: z.enum(['hit', 'stand', 'double', 'split', 'surrender', 'insurance', 'noInsurance', 'earlySurrender', 'playOn']),
    seat: index,
    hand: index,
    decision: z.nullable(ReplayDecisionSchema),
  }),
]);
export type ReplayEvent = z.infer<typeof ReplayEventSchema>;

export const RoundReplaySchema = z.strictObject({
  shoe: commitment,
  start: index,
  /** The seats in dealing order: the player's spots and the computer seats. */
  seats: z.array(z.strictObject({ seat: index, player: z.boolean() })).check(z.maxLength(8)),
  events: z.array(ReplayEventSchema).check(z.minLength(1), z.maxLength(ROUND_REPLAY_EVENTS_MAX)),
  /** The event the replay opens at (a mistake's play; 0 otherwise). */
  openAt: index,
  at: z.string(),
});
export type RoundReplay = z.infer<typeof RoundReplaySchema>;

export const ShoeRoundsSchema = z.strictObject({
  shoe: commitment,
  rounds: z
    .array(z.strictObject({ start: index, at: z.string(), cards: index, plays: index, mistakes: index }))
    .check(z.maxLength(SHOE_ROUNDS_MAX)),
});
export type ShoeRounds = z.infer<typeof ShoeRoundsSchema>;
