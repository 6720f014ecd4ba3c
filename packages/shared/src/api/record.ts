/**
 * The player's record: every decision at the table (with the coach's verdict) and every
 * count check. A signed-in player's table entries are the server's (source 'table'): it
 * records each decision from the table action that made it and grades it with the engine's
 * coach, and it asks and grades the count checks (ADR 0028). Entries a browser posts here
 * (`POST /api/me/record`, e.g. a guest's history kept on sign-in) are source 'client': kept as
 * history, they never rank or pay. The trainer re-deals the mistakes, the simulator replays the
 * player's real game, and the skill leaderboard ranks accuracy and edge given away from the
 * table's entries. Bounded per player (RECORD_ENTRIES_PER_USER_MAX, oldest dropped first).
 */
import { z } from '../zod.ts';
import { CountCheckAskedSchema } from '../table-training.ts';
import { isoDate } from './iso-date.ts';

/** Entries kept per player; the oldest go first. */
export const RECORD_ENTRIES_PER_USER_MAX = 5000;
/** Entries one POST may carry. */
export const RECORD_ENTRIES_PER_POST_MAX = 100;
/** Default and largest page of `GET /api/me/record`. */
export const RECORD_LIMIT_DEFAULT = 500;
export const RECORD_LIMIT_MAX = RECORD_ENTRIES_PER_USER_MAX;

/** A play, the insurance decision ('insure' / 'noInsurance'), or early surrender declined ('noSurrender'). */
export const RecordDecisionSchema = z.enum([
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
export type RecordDecision = z.infer<typeof RecordDecisionSchema>;

/** A card value as the engine counts it: 1 = ace, 10 = any ten-valued card. */
const cardValue = z.int().check(z.gte(1), z.lte(10));

export const DecisionEntrySchema = z.strictObject({
  /** Client-generated (crypto.randomUUID()); the same id is stored once. */
  entryId: z.uuid(),
  kind: z.literal('decision'),
  at: isoDate,
  hand: z.array(cardValue).check(z.minLength(1), z.maxLength(21)),
  upcard: cardValue,
  /** The true count at the decision, with the player's convention. */
  trueCount: z.number().check(z.gte(-100), z.lte(100)),
  chosen: RecordDecisionSchema,
  best: RecordDecisionSchema,
  /** Credits the choice gave away in expectation (0 for the best play). */
  evCost: z.number().check(z.gte(0), z.lte(1_000_000)),
  /** The hand's stake in credits, so costs compare across bet sizes (evCost / bet). */
  bet: z.int().check(z.gte(0), z.lte(1_000_000)),
  /** The index play that made `best` (e.g. "16v10 stand>=0" of the count's full set); absent: basic strategy. */
  index: z.optional(z.string().check(z.maxLength(40))),
});
export type DecisionEntry = z.infer<typeof DecisionEntrySchema>;

/** A running count: a multiple of 0.5 (Wong Halves) within ±1000. */
const halfStep = z.number().check(z.multipleOf(0.5), z.gte(-1000), z.lte(1000));

export const CountCheckEntrySchema = z.strictObject({
  entryId: z.uuid(),
  kind: z.literal('countCheck'),
  at: isoDate,
  asked: CountCheckAskedSchema,
  /** The running count: whole numbers, or halves (Wong Halves counts in steps of 0.5). */
  expected: halfStep,
  answered: halfStep,
  /** When the true count was asked too (test mode): what the convention gives and what was answered. */
  trueCount: z.optional(
    z.strictObject({
      expected: z.number().check(z.gte(-1000), z.lte(1000)),
      answered: z.number().check(z.multipleOf(0.5), z.gte(-100), z.lte(100)),
    }),
  ),
});
export type CountCheckEntry = z.infer<typeof CountCheckEntrySchema>;

/**
 * A round's bet graded against the player's bet ramp at the true count of the deal, by the
 * server from its own state (decision record 0030). Only the server makes these: a browser
 * cannot post one.
 */
export const BetEntrySchema = z.strictObject({
  entryId: z.uuid(),
  kind: z.literal('bet'),
  at: isoDate,
  /** The player's count at the deal (true count; running count for KO and Red 7). */
  trueCount: z.number().check(z.gte(-1000), z.lte(1000)),
  /** The round's total bet and the ramp's, in credits. */
  bet: z.int().check(z.gte(0), z.lte(1_000_000)),
  rampBet: z.number().check(z.gte(0), z.lte(1_000_000)),
  verdict: z.enum(['right', 'over', 'under']),
  /** Bet minus the ramp's bet, in units of the ramp. */
  diffUnits: z.number(),
  /** Expected credits given away against the ramp (negative: gained, at more risk than the ramp takes). */
  evCost: z.number().check(z.gte(-1_000_000), z.lte(1_000_000)),
});
export type BetEntry = z.infer<typeof BetEntrySchema>;

export const RecordEntrySchema = z.discriminatedUnion('kind', [DecisionEntrySchema, CountCheckEntrySchema]);
export type RecordEntry = z.infer<typeof RecordEntrySchema>;

/** `POST /api/me/record`: a batch; entries already stored (same entryId) are skipped. */
export const RecordPostBodySchema = z.strictObject({
  entries: z.array(RecordEntrySchema).check(z.minLength(1), z.maxLength(RECORD_ENTRIES_PER_POST_MAX)),
});
export type RecordPostBody = z.infer<typeof RecordPostBodySchema>;
export const RecordPostResponseSchema = z.strictObject({ stored: z.int().check(z.nonnegative()) });
export type RecordPostResponse = z.infer<typeof RecordPostResponseSchema>;

/** Who made an entry: the server, from the table's own actions ('table'), or a browser's post ('client'). */
export const RecordSourceSchema = z.enum(['table', 'client']);
export type RecordSource = z.infer<typeof RecordSourceSchema>;

/** A stored entry as `GET /api/me/record` answers it. */
export const RecordPageEntrySchema = z.discriminatedUnion('kind', [
  z.extend(DecisionEntrySchema, { source: RecordSourceSchema }),
  z.extend(CountCheckEntrySchema, { source: RecordSourceSchema }),
  z.extend(BetEntrySchema, { source: RecordSourceSchema }),
]);
export type RecordPageEntry = z.infer<typeof RecordPageEntrySchema>;

/**
 * `GET /api/me/record?limit=&kind=`: newest last (the order they happened in); graded entries
 * only. Without `kind`, decisions and count checks; bets only when asked for (`kind=bet`).
 */
export const RecordQuerySchema = z.strictObject({
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(RECORD_LIMIT_MAX)),
    RECORD_LIMIT_DEFAULT,
  ),
  kind: z.optional(z.enum(['decision', 'countCheck', 'bet'])),
});
export type RecordQuery = z.infer<typeof RecordQuerySchema>;
export const RecordPageSchema = z.strictObject({ entries: z.array(RecordPageEntrySchema) });
export type RecordPage = z.infer<typeof RecordPageSchema>;
