/**
 * The player's lifetime record and every mistake to review (issue 26), read from what the
 * server stored: the profile's counters, written by the table's one statement when a round
 * settles, and the server-graded record (source 'table', ADR 0028). Nothing here comes from a
 * browser, so two devices show the same figures.
 */
import { z } from '../zod.ts';

const count = z.int().check(z.nonnegative());

/**
 * A decision's choice: RecordDecisionSchema's values (api/record.ts), spelled here so the web's
 * lazy profile chunk does not pull the record's schemas out of the table's first-load chunk
 * (packages/shared/test/lifetime.test.ts holds the two equal).
 */
export const MistakeChoiceSchema = z.enum([
  'hit',
  'stand',
  'double',
  'split',
  'surrender',
  'insure',
  'noInsurance',
  // Early surrender declined before the peek (decision record 0050); taking it is 'surrender'.
  'noSurrender',
]);

/** How many entries of one kind were graded, and how many of them right. */
export const GradedTallySchema = z.strictObject({ graded: count, correct: count });
export type GradedTally = z.infer<typeof GradedTallySchema>;

/** One UTC day's graded entries per kind: the accuracy charts. */
export const LifetimeDaySchema = z.strictObject({
  /** YYYY-MM-DD (UTC). */
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  plays: GradedTallySchema,
  bets: GradedTallySchema,
  countChecks: GradedTallySchema,
});
export type LifetimeDay = z.infer<typeof LifetimeDaySchema>;

/** Days the charts cover (the newest, days without an entry left out). */
export const LIFETIME_DAYS_MAX = 60;

export const LifetimeSchema = z.strictObject({
  hands: z.strictObject({ played: count, won: count, lost: count, pushed: count }),
  /** Hands won / hands played (0 when none). */
  winRate: z.number().check(z.gte(0), z.lte(1)),
  /** Whole credits won minus lost at the table, over every settled round. */
  netCredits: z.int(),
  /** Per round (all spots and insurance together), in credits. */
  biggestWin_credits: count,
  biggestLoss_credits: count,
  /** Rounds won (lost) in a row, the longest. */
  bestStreak: count,
  worstStreak: count,
  /**
   * Graded table entries: plays (hit/stand/double/split/surrender), insurance answers, bets
   * against the player's ramp, count checks. The record keeps a player's newest 5,000 entries.
   */
  accuracy: z.strictObject({
    plays: GradedTallySchema,
    insurance: GradedTallySchema,
    bets: GradedTallySchema,
    countChecks: GradedTallySchema,
  }),
  /**
   * Skill against luck. `givenAway_credits` (skill): the sum of the exact-EV costs of the
   * player's graded decisions (plays and insurance) in the kept record: each is the EV of the
   * coach's best play minus the EV of the choice, from the cards the player had seen, times the
   * hand's stake (ADR 0028). `cards_credits` (luck and the game's edge): the actual net with
   * those expected costs given back, what the same cards were worth to the coach's decisions in
   * expectation. So netCredits = cards_credits - givenAway_credits.
   */
  givenAway_credits: z.number().check(z.gte(0)),
  cards_credits: z.number(),
  byDay: z.array(LifetimeDaySchema).check(z.maxLength(LIFETIME_DAYS_MAX)),
});
export type Lifetime = z.infer<typeof LifetimeSchema>;

/** The mistakes list's kinds: a play, an insurance answer, a bet off the ramp, a count check answered wrong. */
export const MistakeKindSchema = z.enum(['play', 'insurance', 'bet', 'countCheck']);
export type MistakeKind = z.infer<typeof MistakeKindSchema>;
/** A play's hand: a pair (two cards of one value), soft (an ace counted 11), hard. */
export const MistakeHandSchema = z.enum(['hard', 'soft', 'pair']);
export type MistakeHand = z.infer<typeof MistakeHandSchema>;

export const MISTAKES_PAGE_DEFAULT = 20;
export const MISTAKES_PAGE_MAX = 100;

/** `GET /api/me/mistakes?kind=&hand=&shoe=&from=&to=&offset=&limit=`: newest first. `hand` filters plays only (and so shows only plays). */
export const MistakesQuerySchema = z.strictObject({
  kind: z.optional(MistakeKindSchema),
  hand: z.optional(MistakeHandSchema),
  /** One shoe's mistakes (its commitment), or a span of time's (a session's `from` and `to`, inclusive). */
  shoe: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  from: z.optional(z.iso.datetime({ offset: true })),
  to: z.optional(z.iso.datetime({ offset: true })),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(5000)), 0),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(MISTAKES_PAGE_MAX)),
    MISTAKES_PAGE_DEFAULT,
  ),
});
export type MistakesQuery = z.infer<typeof MistakesQuerySchema>;

const cardValue = z.int().check(z.gte(1), z.lte(10));
const base = { id: z.string(), at: z.string() };
/** The cards seen before the decision, per value 1..10 (index 0 = aces); absent for older rows. */
const seen = z.nullable(z.array(count).check(z.length(10)));

export const MistakeSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...base,
    kind: z.enum(['play', 'insurance']),
    hand: z.array(cardValue),
    handKind: MistakeHandSchema,
    upcard: cardValue,
    trueCount: z.number(),
    seen,
    chosen: MistakeChoiceSchema,
    best: MistakeChoiceSchema,
    cost_credits: z.number(),
    bet_credits: count,
    /** cost / stake, in percent of the bet (null when the stake was 0). */
    costPercent: z.nullable(z.number()),
  }),
  z.strictObject({
    ...base,
    kind: z.literal('bet'),
    trueCount: z.number(),
    bet_credits: count,
    rampBet_credits: z.number().check(z.gte(0)),
    verdict: z.enum(['over', 'under']),
    cost_credits: z.number(),
    costPercent: z.nullable(z.number()),
  }),
  z.strictObject({ ...base, kind: z.literal('countCheck'), expected: z.number(), answered: z.number() }),
]);
export type Mistake = z.infer<typeof MistakeSchema>;

export const MistakesPageSchema = z.strictObject({
  mistakes: z.array(MistakeSchema),
  /** Mistakes matching the filter, over every page. */
  total: count,
});
export type MistakesPage = z.infer<typeof MistakesPageSchema>;
