/**
 * Full index sets (issue 37): `GET /api/indices?count=&rules=&custom=&resolution=&rounding=&set=`.
 * `rules` and `custom` are JSON in the query string: the table's rules (any subset, the rest at
 * their defaults) and a custom count's definition (with count=custom only). 200 answers the set;
 * 202 `{ status: 'generating', progress }` while the server's job generates it (poll again).
 * Bad input: 400 VALIDATION_FAILED naming the field, or INVALID_CUSTOM_COUNT with its reason.
 */
import { z } from '../zod.ts';
import { CustomCountSchema } from '../custom-count.ts';
import { CountSystemSchema, TableRulesSchema, customGoesWithSystem } from '../table.ts';

/** A query string value holding JSON, then checked by `schema` (also record-by-true-count.ts). */
export function jsonOf<T extends z.core.$ZodType>(schema: T) {
  return z.pipe(
    z.pipe(
      z.string(),
      z.transform((text: string, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.issues.push({ code: 'custom', message: 'must be JSON', input: text });
          return z.NEVER;
        }
      }),
    ),
    schema,
  );
}

export const IndexSetQuerySchema = z
  .strictObject({
    count: CountSystemSchema,
    rules: z.optional(jsonOf(z.partial(TableRulesSchema))),
    custom: z.optional(jsonOf(CustomCountSchema)),
    resolution: z._default(z.enum(['exact', 'half', 'full']), 'half'),
    rounding: z._default(z.enum(['floor', 'truncate', 'round', 'none']), 'floor'),
    /** 'full' (default): every play the count moves; 'published': Hi-Lo's Illustrious 18 and Fab 4 as published. */
    set: z._default(z.enum(['full', 'published']), 'full'),
  })
  .check(z.superRefine((v, ctx) => customGoesWithSystem({ system: v.count, custom: v.custom }, ctx)));
export type IndexSetQuery = z.infer<typeof IndexSetQuerySchema>;

export const IndexSetActionSchema = z.enum(['stand', 'hit', 'double', 'split', 'surrender']);

export const IndexSetPlaySchema = z.strictObject({
  /** As the charts name it: "16", "A7", "88", "TT", "AA". */
  hand: z.string().check(z.regex(/^(\d{1,2}|A\d|AA|TT|\d\d)$/)),
  up: z.enum(['2', '3', '4', '5', '6', '7', '8', '9', '10', 'A']),
  play: IndexSetActionSchema,
  versus: IndexSetActionSchema,
  /** The count at which `play` starts (inclusive) on the `direction` side. */
  index: z.number().check(z.gte(-60), z.lte(60)),
  direction: z.enum(['at-or-above', 'at-or-below']),
});
export type IndexSetPlayBody = z.infer<typeof IndexSetPlaySchema>;

const setBody = {
  plays: z.array(IndexSetPlaySchema),
  /** Take insurance at a count at or above this; null: never. */
  insurance: z.nullable(z.number()),
};

export const IndexSetSchema = z.strictObject({
  ...setBody,
  source: z.enum(['generated', 'published']),
  /** Named subsets beside the set: Hi-Lo's published Illustrious 18 and Fab 4. */
  subsets: z.array(
    z.strictObject({ name: z.string(), source: z.enum(['generated', 'published']), ...setBody }),
  ),
});
export type IndexSetBody = z.infer<typeof IndexSetSchema>;

export const IndexSetGeneratingSchema = z.strictObject({
  status: z.literal('generating'),
  /** 0..1: the share of the sampled shoes done. */
  progress: z.number().check(z.gte(0), z.lte(1)),
});
export type IndexSetGenerating = z.infer<typeof IndexSetGeneratingSchema>;

/** A player's own sets: at most this many, each of at most INDEX_SET_PLAYS_MAX plays. */
export const PLAYER_INDEX_SETS_MAX = 20;
export const INDEX_SET_PLAYS_MAX = 600;

/**
 * One of a player's own index sets (`GET/PUT /api/me/index-sets`): any index changed, a play
 * turned off by leaving it out; for one count, rules and convention. The `chosen` set of a
 * count, rules and convention is what the coach grades that player's decisions by (one at most).
 */
export const PlayerIndexSetSchema = z
  .strictObject({
    name: z.string().check(z.minLength(1), z.maxLength(40)),
    count: CountSystemSchema,
    custom: z.optional(CustomCountSchema),
    rules: z.partial(TableRulesSchema),
    resolution: z.enum(['exact', 'half', 'full']),
    rounding: z.enum(['floor', 'truncate', 'round', 'none']),
    plays: z.array(IndexSetPlaySchema).check(z.maxLength(INDEX_SET_PLAYS_MAX)),
    insurance: z.nullable(z.number().check(z.gte(-60), z.lte(60))),
    chosen: z.boolean(),
  })
  .check(z.superRefine((v, ctx) => customGoesWithSystem({ system: v.count, custom: v.custom }, ctx)));
export type PlayerIndexSet = z.infer<typeof PlayerIndexSetSchema>;

export const PlayerIndexSetsSchema = z.strictObject({
  sets: z.array(PlayerIndexSetSchema).check(z.maxLength(PLAYER_INDEX_SETS_MAX)),
});
export type PlayerIndexSets = z.infer<typeof PlayerIndexSetsSchema>;

export const PlayerIndexSetCsvQuerySchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(40)),
});
