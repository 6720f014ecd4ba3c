/**
 * The drills counters ask for (issue 39), dealt, graded and timed by the server like the
 * countdown (docs/decisions/0027-server-dealt-drills.md): speed drills (pairs that cancel, a
 * flash of several cards counted as a group, a table's round counted in one glance;
 * docs/decisions/0062-speed-drills.md) and bet sizing (a true count and a bankroll, bet the
 * player's own ramp or the Kelly bet, graded by its cost; docs/decisions/0063-bet-sizing-drill.md).
 * They go through the countdown's routes: `POST /api/me/drills/deals` with one of the bodies
 * below, `POST /api/me/drills/deals/:dealId/answer` with the answer that fits its drill.
 */
import { z } from '../zod.ts';
import { CardSchema, CountSystemSchema, customGoesWithSystem } from '../table.ts';
import { BetRampSchema } from '../table-training.ts';
import { TABLE_LIMITS } from '../table-limits.ts';
import { CustomCountSchema } from '../custom-count.ts';
import { isoDate } from './iso-date.ts';
import { PRACTICE_NOTES, PRACTICE_REASONS } from './rewards.ts';
import {
  DRILL_ANSWER_TIME_MAX_ms,
  DrillDealAnswerBodySchema,
  DrillDealPostBodySchema,
  DrillDealSchema,
  DrillDealVerdictSchema,
  DrillItemSchema,
} from './drills.ts';

/** Cards in one flash (a group counted at once); below 2 a count is guessed too often (ADR 0062). */
export const FLASH_CARDS_MIN = 2;
export const FLASH_CARDS_MAX = 6;
/** Pairs shown at once; with fewer, "none cancels" is right too often for the multi-level counts (ADR 0062). */
export const PAIRS_MIN = 6;
export const PAIRS_MAX = 8;
/** Seats of a table's round (and the dealer). */
export const TABLE_ROUND_SEATS_MIN = 2;
export const TABLE_ROUND_SEATS_MAX = 7;
/** True counts (the decision count: running count for KO and Red 7) a bet-sizing question is asked at. */
export const BET_DRILL_COUNT_ABS_MAX = 20;
/** The published pace of a deck counted down (45 s), per card: a speed drill's target. */
export const SPEED_TARGET_PER_CARD_ms = 45_000 / 52;

/**
 * Why a server-dealt drill paid nothing: the table's reasons (rewards.ts) and bet sizing's own,
 * kept here so the table's first download does not carry it (ADR 0063).
 */
export const DRILL_PRACTICE_REASONS = [...PRACTICE_REASONS, 'answerOnScreen'] as const;
export const DrillPracticeReasonSchema = z.enum(DRILL_PRACTICE_REASONS);
export type DrillPracticeReason = z.infer<typeof DrillPracticeReasonSchema>;
export const DRILL_PRACTICE_NOTES: Readonly<Record<DrillPracticeReason, string>> = {
  ...PRACTICE_NOTES,
  answerOnScreen: 'Practice: everything this answer needs is on screen (the count, the bankroll, your ramp or the Kelly rule), so bet sizing earns no rewards.',
};

export const SPEED_DRILLS = ['pairs', 'flash', 'tableRound'] as const;
export type SpeedDrillId = (typeof SPEED_DRILLS)[number];
export const BET_STANDARDS = ['ramp', 'kelly'] as const;
export const BetStandardSchema = z.enum(BET_STANDARDS);
export type BetStandard = z.infer<typeof BetStandardSchema>;

/** Item keys name the question, not the cards (ADR 0013): 'fl:4c', 'pr:6p', 'tr:5s', 'bs:kelly:+3'. */
export const flashItem = (cards: number): string => `fl:${cards}c`;
export const pairsItem = (pairs: number): string => `pr:${pairs}p`;
export const tableRoundItem = (seats: number): string => `tr:${seats}s`;
export function betItem(standard: BetStandard, count: number): string {
  return `bs:${standard}:${count > 0 ? '+' : ''}${count}`;
}

const countOptions = { system: CountSystemSchema, custom: z.optional(CustomCountSchema) };

export const FlashDealPostBodySchema = z
  .strictObject({ drill: z.literal('flash'), cards: z.int().check(z.gte(FLASH_CARDS_MIN), z.lte(FLASH_CARDS_MAX)), ...countOptions })
  .check(z.superRefine(customGoesWithSystem));
export const PairsDealPostBodySchema = z
  .strictObject({ drill: z.literal('pairs'), pairs: z.int().check(z.gte(PAIRS_MIN), z.lte(PAIRS_MAX)), ...countOptions })
  .check(z.superRefine(customGoesWithSystem));
/** A round of the player's table's rules, its seats played by the chart. */
export const TableRoundDealPostBodySchema = z
  .strictObject({
    drill: z.literal('tableRound'),
    seats: z.int().check(z.gte(TABLE_ROUND_SEATS_MIN), z.lte(TABLE_ROUND_SEATS_MAX)),
    ...countOptions,
  })
  .check(z.superRefine(customGoesWithSystem));
/** The rules, count and ramp are the player's table's (GET /api/table), read by the server. */
export const BetSizingDealPostBodySchema = z.strictObject({
  drill: z.literal('betSizing'),
  standard: BetStandardSchema,
  count: z.int().check(z.gte(-BET_DRILL_COUNT_ABS_MAX), z.lte(BET_DRILL_COUNT_ABS_MAX)),
});
export type SpeedDealPostBody =
  | z.infer<typeof FlashDealPostBodySchema>
  | z.infer<typeof PairsDealPostBodySchema>
  | z.infer<typeof TableRoundDealPostBodySchema>;
export type BetSizingDealPostBody = z.infer<typeof BetSizingDealPostBodySchema>;

const dealBase = {
  dealId: z.uuid(),
  item: DrillItemSchema,
  dealtAt: isoDate,
  /** Past this the deal is refused (DRILL_DEAL_EXPIRED). */
  expiresAt: isoDate,
};
const dealtCount = { system: CountSystemSchema, custom: z.optional(CustomCountSchema) };

export const FlashDealSchema = z.strictObject({
  ...dealBase,
  drill: z.literal('flash'),
  ...dealtCount,
  cards: z.array(CardSchema).check(z.minLength(FLASH_CARDS_MIN), z.maxLength(FLASH_CARDS_MAX)),
});
export const PairsDealSchema = z.strictObject({
  ...dealBase,
  drill: z.literal('pairs'),
  ...dealtCount,
  // Two cards each (an array, not a tuple: zod's tuple would join the first load's zod core, ADR 0062).
  pairs: z.array(z.array(CardSchema).check(z.minLength(2), z.maxLength(2))).check(z.minLength(PAIRS_MIN), z.maxLength(PAIRS_MAX)),
});
const hand = z.array(CardSchema).check(z.minLength(2), z.maxLength(12));
/** A finished round, every card face up (the dealer's hole card too): the seats left to right, then the dealer. */
export const TableRoundDealSchema = z.strictObject({
  ...dealBase,
  drill: z.literal('tableRound'),
  ...dealtCount,
  seats: z.array(hand).check(z.minLength(TABLE_ROUND_SEATS_MIN), z.maxLength(TABLE_ROUND_SEATS_MAX)),
  dealer: hand,
});
export const BetSizingDealSchema = z.strictObject({
  ...dealBase,
  drill: z.literal('betSizing'),
  standard: BetStandardSchema,
  /** The player's table's count, and the question: the count the bet is placed at. */
  system: CountSystemSchema,
  custom: z.optional(CustomCountSchema),
  /** The decision count (true count; running count for KO and Red 7) by the table's convention. */
  count: z.number(),
  runningCount: z.number(),
  decksRemaining: z.number().check(z.positive()),
  bankroll_credits: z.int().check(z.positive()),
  /** The ramp graded against (the table's own), shown with the question; null for the Kelly standard. */
  ramp: z.nullable(BetRampSchema),
  /** The advantage model of the table's rules and count (ADR 0030): off the top and per true count, per unit bet. */
  edgeOffTop: z.number(),
  edgePerTrueCount: z.number(),
  /** The variance of a round per unit bet squared the Kelly bet divides by. */
  variance: z.number().check(z.positive()),
  minBet_credits: z.int(),
  maxBet_credits: z.int(),
});
export type FlashDeal = z.infer<typeof FlashDealSchema>;
export type PairsDeal = z.infer<typeof PairsDealSchema>;
export type TableRoundDeal = z.infer<typeof TableRoundDealSchema>;
export type SpeedDeal = FlashDeal | PairsDeal | TableRoundDeal;
export type BetSizingDeal = z.infer<typeof BetSizingDealSchema>;

/** A pairs answer: the pairs (0-based, as dealt) the player says cancel to 0. */
export const PairsAnswerBodySchema = z.strictObject({
  cancelling: z.array(z.int().check(z.gte(0), z.lt(PAIRS_MAX))).check(
    z.maxLength(PAIRS_MAX),
    z.refine((a) => new Set(a).size === a.length, 'each pair once'),
  ),
});
/** A bet-sizing answer: the round's bet, whole credits (0: sit the round out). */
export const BetAnswerBodySchema = z.strictObject({
  bet_credits: z.int().check(z.gte(0), z.lte(TABLE_LIMITS.maxBet)),
});

const verdictBase = {
  dealId: z.uuid(),
  item: DrillItemSchema,
  correct: z.boolean(),
  /** From the deal to the answer's arrival, on the server's clock. */
  time_ms: z.int().check(z.gte(0), z.lte(DRILL_ANSWER_TIME_MAX_ms)),
  answeredAt: isoDate,
  /** Present when the drill paid nothing, and why (ADR 0044). */
  practice: z.optional(DrillPracticeReasonSchema),
};

export const SpeedVerdictSchema = z.strictObject({
  ...verdictBase,
  drill: z.enum(SPEED_DRILLS),
  /** Cards shown; time_ms / cards is the time per card charted over sessions. */
  cards: z.int().check(z.positive()),
  target_ms: z.int().check(z.positive()),
  /** The group's count (flash, round); the pairs that cancel (pairs: their number). */
  expected: z.number(),
  answered: z.number(),
  /** Pairs only: the pairs that cancel, and those the player marked. */
  cancelling: z.optional(z.array(z.int())),
  marked: z.optional(z.array(z.int())),
  /** A round only: each seat's count, then the dealer's. */
  handCounts: z.optional(z.array(z.number())),
});
export type SpeedVerdict = z.infer<typeof SpeedVerdictSchema>;

export const BetVerdictSchema = z.strictObject({
  ...verdictBase,
  drill: z.literal('betSizing'),
  standard: BetStandardSchema,
  verdict: z.enum(['right', 'over', 'under']),
  bet_credits: z.number(),
  /** The standard's bet: the ramp's at the count, or the Kelly bet (within the table's limits). */
  standardBet_credits: z.number(),
  /** The player's advantage per unit bet at this shoe (the engine's, as the table's bet grades). */
  advantage: z.number(),
  /**
   * Ramp: the expected credits the difference gives away at that advantage, as the table's bet
   * grade (ADR 0030). Kelly: the growth given up against the Kelly bet, in certainty-equivalent
   * credits a round (never negative).
   */
  cost_credits: z.number(),
  /** The Kelly bet unclamped (bankroll x advantage / variance), for the explanation. */
  kelly_credits: z.number(),
});
export type BetVerdict = z.infer<typeof BetVerdictSchema>;

// ----- The routes' bodies and answers, every drill the server deals --------------------------

/** `POST /api/me/drills/deals`: a countdown (drills.ts) or one of the drills above. */
export const AnyDrillDealPostBodySchema = z.discriminatedUnion('drill', [
  DrillDealPostBodySchema,
  FlashDealPostBodySchema,
  PairsDealPostBodySchema,
  TableRoundDealPostBodySchema,
  BetSizingDealPostBodySchema,
]);
export type AnyDrillDealPostBody = z.infer<typeof AnyDrillDealPostBodySchema>;
export const AnyDrillDealSchema = z.discriminatedUnion('drill', [
  DrillDealSchema,
  FlashDealSchema,
  PairsDealSchema,
  TableRoundDealSchema,
  BetSizingDealSchema,
]);
export type AnyDrillDeal = z.infer<typeof AnyDrillDealSchema>;
/** `POST /api/me/drills/deals/:dealId/answer`: a count (countdown, flash, round), the pairs that cancel, or a bet. */
export const AnyDrillAnswerBodySchema = z.union([DrillDealAnswerBodySchema, PairsAnswerBodySchema, BetAnswerBodySchema]);
export type AnyDrillAnswerBody = z.infer<typeof AnyDrillAnswerBodySchema>;
export const AnyDrillVerdictSchema = z.union([DrillDealVerdictSchema, SpeedVerdictSchema, BetVerdictSchema]);
export type AnyDrillVerdict = z.infer<typeof AnyDrillVerdictSchema>;
