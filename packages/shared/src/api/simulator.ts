/**
 * The simulator's contract: charging a run (100 credits, once per run id) and the signed-in
 * player's history of runs (inputs and results, bounded per player). The simulation itself
 * runs in the player's browser on the engine's Web Worker pool; the server never runs it, so it
 * stores the settings and results as the client sent them (shape-checked and size-bounded
 * here, rule values checked by the engine in the browser).
 */
import { z } from '../zod.ts';
import { isoDate } from './iso-date.ts';
import { CustomCountSchema } from '../custom-count.ts';
import { customGoesWithSystem } from '../table.ts';
import { INDEX_SET_PLAYS_MAX, IndexSetPlaySchema } from './indices.ts';

/** Runs kept per signed-in player; the oldest go first. */
export const SIM_RUNS_PER_USER_MAX = 50;
/** Largest stored settings or result, as JSON text. */
export const SIM_JSON_CHARS_MAX = 64_000;
/** Rounds one run may ask for (the screen's own bound; the engine allows more). */
export const SIM_ROUNDS_MIN = 10_000;
export const SIM_ROUNDS_MAX = 1_000_000_000;

export const SimCountSchema = z.enum(['hi-lo', 'ko', 'hi-opt-1', 'hi-opt-2', 'omega-2', 'zen', 'wong-halves', 'red-7', 'custom']);
export const SimIndicesSchema = z.enum(['none', 'i18', 'i18+fab4', 'generated']);

/**
 * A full index set played instead of `indices` (issue 37): the player's chosen set or the fleet's,
 * as "Use my table" found it, in the indices contract's shape, with what the form calls it.
 */
export const SimIndexSetSchema = z.strictObject({
  /** What is played, in words: "Zen, your set \"Mine\"", "Hi-Lo full set, generated for these rules". */
  label: z.string().check(z.minLength(1), z.maxLength(80)),
  plays: z.array(IndexSetPlaySchema).check(z.maxLength(INDEX_SET_PLAYS_MAX)),
  /** Take insurance at a count at or above this; null: never. */
  insurance: z.nullable(z.number().check(z.gte(-60), z.lte(60))),
});
export type SimIndexSet = z.infer<typeof SimIndexSetSchema>;

/** The form's settings, everything the engine's buildPlan needs besides the rules' own checks. */
export const SimSettingsSchema = z
  .strictObject({
    /** The game's rules (engine Rules keys); the engine's parseRules validates the values. */
    rules: z.record(
      z.string().check(z.maxLength(40)),
      z.union([z.number(), z.boolean(), z.string().check(z.maxLength(20))]),
    ),
    count: SimCountSchema,
    /** The definition of the count 'custom' (and only then). */
    custom: z.optional(CustomCountSchema),
    /** True-count convention: how decks remaining are estimated and how the count is rounded. */
    trueCount: z.strictObject({
      resolution: z.enum(['exact', 'half', 'full']),
      rounding: z.enum(['floor', 'truncate', 'round', 'none']),
    }),
    /** Units by true count: "-inf" or integer keys. */
    spread: z.record(
      z.string().check(z.regex(/^(-inf|-?\d{1,2})$/)),
      z.number().check(z.gte(0), z.lte(1_000_000)),
    ),
    indices: SimIndicesSchema,
    /** Played instead of `indices` when present (the engine's buildPlan `fullSet`). */
    indexSet: z.optional(SimIndexSetSchema),
    insurance: z.enum(['never', 'index']),
    /** Play only at or above this true count; null = play every round. */
    wongIn: z.nullable(z.int().check(z.gte(-10), z.lte(10))),
    /** Leave before a round below this true count (engine SimPlanOptions.wongOut); absent or null = never. */
    wongOut: z.optional(z.nullable(z.int().check(z.gte(-10), z.lte(10)))),
    /** With wongOut: sit down again mid-shoe at wongIn after leaving. */
    midshoeEntry: z.optional(z.boolean()),
    /** Spots played by true count, keys as the spread's; absent or null = the rules' spots. */
    spots: z.optional(
      z.nullable(z.record(z.string().check(z.regex(/^(-inf|-?\d{1,2})$/)), z.int().check(z.gte(1), z.lte(7)))),
    ),
    /** Shuffle after this many rounds instead of at the cut card; absent or null = the cut card. */
    roundsPerShoe: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(1000)))),
    /** The cut card lands anywhere within this many decks around its place; absent = 0. */
    cutCardSpread_decks: z.optional(z.number().check(z.gte(0), z.lte(8))),
    /** Bankroll in units for risk of ruin; 0 = none. */
    bankroll_units: z.number().check(z.gte(0), z.lte(10_000_000)),
    rounds: z.int().check(z.gte(SIM_ROUNDS_MIN), z.lte(SIM_ROUNDS_MAX)),
    seed: z.int().check(z.gte(0), z.lte(2 ** 32 - 1)),
    csm: z.boolean(),
    /** Bet on the count plus an ace side count (decision record 0051): Hi-Opt I and II, Omega II, Zen. */
    aceSideCount: z.optional(z.boolean()),
    threads: z.int().check(z.gte(1), z.lte(64)),
  })
  .check(z.superRefine((s, ctx) => customGoesWithSystem({ system: s.count, custom: s.custom }, ctx)));
export type SimSettings = z.infer<typeof SimSettingsSchema>;

const boundedJson = <T extends z.ZodMiniType>(schema: T) =>
  schema.check(
    z.refine(
      (v) => JSON.stringify(v).length <= SIM_JSON_CHARS_MAX,
      `must be at most ${SIM_JSON_CHARS_MAX} characters of JSON`,
    ),
  );

/** `POST /api/simulator/runs`: charges CREDIT_COST_SIMULATOR_RUN once per runId. */
export const SimRunChargeBodySchema = z.strictObject({
  runId: z.uuid(),
  settings: boundedJson(SimSettingsSchema),
});
export type SimRunChargeBody = z.infer<typeof SimRunChargeBodySchema>;
export const SimRunChargeResponseSchema = z.strictObject({
  runId: z.uuid(),
  /** The balance after the charge (after the first charge, for a retried request). */
  balance: z.int().check(z.nonnegative()),
});
export type SimRunChargeResponse = z.infer<typeof SimRunChargeResponseSchema>;

/** The engine's SimResult as JSON (its own type lives in the engine; stored as sent). */
export const SimResultJsonSchema = boundedJson(
  z.catchall(
    z.object({
      rounds: z.number(),
      ev: z.number(),
      evStdErr: z.number(),
      perTrueCount: z.array(z.record(z.string(), z.unknown())).check(z.maxLength(100)),
    }),
    z.unknown(),
  ),
);
export type SimResultJson = z.infer<typeof SimResultJsonSchema>;

/** `PUT /api/simulator/runs/:runId/result`: the finished (or stopped) run's result. */
export const SimRunResultBodySchema = z.strictObject({
  result: SimResultJsonSchema,
  /** The result of the player's own game ("simulate my game"), when it was run beside. */
  mine: z.optional(z.nullable(SimResultJsonSchema)),
});
export type SimRunResultBody = z.infer<typeof SimRunResultBodySchema>;

export const SimRunParamsSchema = z.strictObject({ runId: z.uuid() });

export const SimRunSchema = z.strictObject({
  runId: z.uuid(),
  createdAt: isoDate,
  settings: SimSettingsSchema,
  /** null until the browser saved the run's result (a cancelled run keeps none). */
  result: z.nullable(SimResultJsonSchema),
  mine: z.nullable(SimResultJsonSchema),
});
export type SimRun = z.infer<typeof SimRunSchema>;

/** `GET /api/simulator/runs`: newest first, at most SIM_RUNS_PER_USER_MAX. */
export const SimRunListSchema = z.strictObject({ runs: z.array(SimRunSchema) });
export type SimRunList = z.infer<typeof SimRunListSchema>;
