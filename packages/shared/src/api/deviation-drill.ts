/**
 * The deviations drill as the server deals it (issue 37 item 4, docs/decisions/0053-deviation-
 * drill-weights.md): `POST /api/me/drills/deviations` deals one index play of the full set for
 * the player's count, rules and convention (their chosen set, else the fleet's, else Hi-Lo's
 * published Illustrious 18 and Fab 4 while it is not ready, and `set.fallback` says so), drawn
 * in proportion to its worth and sooner when missed; `POST .../:dealId/answer` grades the play
 * against the set the server read. Pays nothing, like the drill's posted answers always did.
 */
import { z } from '../zod.ts';
import { CardSchema, CountSystemSchema, TableRulesSchema, customGoesWithSystem } from '../table.ts';
import { CustomCountSchema } from '../custom-count.ts';
import { DrillItemSchema } from './drills.ts';
import { IndexSetPlaySchema } from './indices.ts';
import { isoDate } from './iso-date.ts';

export const DEVIATION_ANSWERS = ['hit', 'stand', 'double', 'split', 'surrender', 'insure', 'noInsurance'] as const;
export const DeviationAnswerSchema = z.enum(DEVIATION_ANSWERS);
export type DeviationAnswer = z.infer<typeof DeviationAnswerSchema>;

export const DeviationDealPostBodySchema = z
  .strictObject({
    count: CountSystemSchema,
    custom: z.optional(CustomCountSchema),
    /** The table's rules (any subset, the rest at their defaults). */
    rules: z._default(z.partial(TableRulesSchema), {}),
    resolution: z._default(z.enum(['exact', 'half', 'full']), 'half'),
    rounding: z._default(z.enum(['floor', 'truncate', 'round', 'none']), 'floor'),
  })
  .check(z.superRefine((v, ctx) => customGoesWithSystem({ system: v.count, custom: v.custom }, ctx)));
export type DeviationDealPostBody = z.infer<typeof DeviationDealPostBodySchema>;

/** Which set is drilled: 'yours' (the player's chosen set), 'fleet' (the full set), 'published' (Hi-Lo's I18 + Fab 4). */
export const DeviationSetSchema = z.strictObject({
  /** The count's name, e.g. "Zen Count" (Hi-Lo's when falling back). */
  countName: z.string(),
  source: z.enum(['yours', 'fleet', 'published']),
  /** The player's set's name, or the published subset's; null for the fleet's full set. */
  name: z.nullable(z.string()),
  /** Plays in the set, insurance counted as one. */
  plays: z.int().check(z.gte(1)),
  /** Why another set than the player's count's is drilled (its full set is not ready yet); null otherwise. */
  fallback: z.nullable(z.string()),
});
export type DeviationSet = z.infer<typeof DeviationSetSchema>;

export const DeviationDealSchema = z.strictObject({
  dealId: z.uuid(),
  drill: z.literal('deviations'),
  item: DrillItemSchema,
  set: DeviationSetSchema,
  hand: z.tuple([CardSchema, CardSchema]),
  upcard: CardSchema,
  /** The count the question is asked at: a true count, or a running count for KO and Red 7. */
  count: z.number(),
  countName: z.enum(['true count', 'running count']),
  choices: z.array(DeviationAnswerSchema).check(z.minLength(2)),
  dealtAt: isoDate,
  expiresAt: isoDate,
});
export type DeviationDeal = z.infer<typeof DeviationDealSchema>;

export const DeviationAnswerBodySchema = z.strictObject({ answer: DeviationAnswerSchema });
export type DeviationAnswerBody = z.infer<typeof DeviationAnswerBodySchema>;

export const DeviationVerdictSchema = z.strictObject({
  dealId: z.uuid(),
  item: DrillItemSchema,
  correct: z.boolean(),
  /** The right play by the set the server read, and the player's. */
  answer: DeviationAnswerSchema,
  answered: DeviationAnswerSchema,
  /** The index play drilled (null for insurance, whose index is `insurance`). */
  entry: z.nullable(IndexSetPlaySchema),
  insurance: z.nullable(z.number()),
  /** The set's entry that made the right play, when another than `entry` (null: `entry`, or the basic play). */
  decidedBy: z.nullable(IndexSetPlaySchema),
  /** The index's worth: expected gain per round over basic strategy, in units of the bet (engine indexWorths). */
  worth_per_round: z.number(),
  time_ms: z.int().check(z.gte(0)),
  answeredAt: isoDate,
});
export type DeviationVerdict = z.infer<typeof DeviationVerdictSchema>;
