/**
 * The player's own result per true count from the graded record (issues 38 and 39, decision
 * record 0060): `GET /api/me/record/by-true-count?count=&custom=&rules=`. `rules` and `custom`
 * are JSON in the query string as GET /api/indices takes them (any subset of the rules, the
 * rest at their defaults); without `count` the player's table's count, without `rules` its
 * rules. Each settled table round since the round results were recorded counts at the true
 * count before its first card; the shoe withheld in test mode is left out until it is released
 * (decision record 0043). Bad input: 400 VALIDATION_FAILED naming the field.
 */
import { z } from '../zod.ts';
import { CustomCountSchema } from '../custom-count.ts';
import { CountSystemSchema, TableRulesSchema, customGoesWithSystem } from '../table.ts';
import { jsonOf } from './indices.ts';

export const RecordByTrueCountQuerySchema = z
  .strictObject({
    count: z.optional(CountSystemSchema),
    rules: z.optional(jsonOf(z.partial(TableRulesSchema))),
    custom: z.optional(jsonOf(CustomCountSchema)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.count !== undefined) customGoesWithSystem({ system: v.count, custom: v.custom }, ctx);
      else if (v.custom !== undefined) ctx.addIssue({ code: 'custom', path: ['custom'], message: 'custom goes with count=custom.' });
    }),
  );
export type RecordByTrueCountQuery = z.infer<typeof RecordByTrueCountQuerySchema>;

export const RecordTrueCountRowSchema = z.strictObject({
  /** The true count before the round's first card, floored to a whole count. */
  trueCount: z.number().check(z.int()),
  rounds: z.number().check(z.int(), z.nonnegative()),
  /** The rounds' bets over all spots at the deal (doubles and splits not included), credits. */
  bet_credits: z.number().check(z.nonnegative()),
  /** The rounds' net for the player's hands, credits (the ledger's settlements, the table fee excluded). */
  net_credits: z.number(),
  /** net / bet: the result per unit bet, as the simulator's advantage is (0.01 = +1%). */
  resultPerUnit: z.number(),
  /** Standard error of the mean of the rounds' own results per unit bet; null below two rounds. */
  resultPerUnitStdErr: z.nullable(z.number().check(z.nonnegative())),
});
export type RecordTrueCountRow = z.infer<typeof RecordTrueCountRowSchema>;

export const RecordByTrueCountSchema = z.strictObject({
  /** The count the rounds were matched to (the query's, or the table's); the rules likewise, not repeated. */
  count: CountSystemSchema,
  /** Ascending by true count; only counts with rounds. */
  rows: z.array(RecordTrueCountRowSchema),
  rounds: z.number().check(z.int(), z.nonnegative()),
  /** The shoe in play is withheld (test mode): its rounds are not in the rows yet. */
  withheld: z.boolean(),
});
export type RecordByTrueCount = z.infer<typeof RecordByTrueCountSchema>;
