/**
 * Duplicate-shoe tournaments (issue 40, decision records 0055-0057): every entrant plays the same
 * committed shoes at a table of the tournament's own, with tournament chips that are never
 * credits. Entry costs CREDIT_COST_TOURNAMENT credits through the ledger; the pool (the entries)
 * is paid to the top places by `payouts_pct` when the tournament ends, or refunded when fewer
 * than `minEntrants` entered. Standings show chips and rounds, never cards; the shoes are
 * revealed once the tournament is over.
 */
import { z } from '../zod.ts';
import { isoDate } from './iso-date.ts';
import { CountingOptionsSchema, ShoeRevealSchema, TableRulesSchema } from '../table.ts';
import { AdminReasonSchema } from './admin.ts';

/** Rounds a tournament may ask for (a number), or 'shoe': the one shoe to its cut card. */
export const TOURNAMENT_ROUNDS_MAX = 500;
/** Places a payout table may pay. */
export const TOURNAMENT_PLACES_MAX = 100;
/** Starting chips and bet limits: tournament chips, never credits. */
export const TOURNAMENT_CHIPS_MAX = 10_000_000;
/** Longest entry window: a tournament ends within this of its start. */
export const TOURNAMENT_WINDOW_MAX_ms = 31 * 24 * 60 * 60 * 1000;
/** Standings listed in an answer or a stream event (the caller's own row comes besides). */
export const TOURNAMENT_STANDINGS_SHOWN_MAX = 100;
/** Tournaments listed per group (upcoming, running, finished) on GET /api/tournaments. */
export const TOURNAMENT_LIST_MAX = 50;

export const TournamentIdParamsSchema = z.strictObject({ id: z.uuid() });

/** The rounds each entrant plays: a number, or 'shoe' (the one shoe, to the cut card). */
export const TournamentRoundsSchema = z.union([
  z.int().check(z.gte(1), z.lte(TOURNAMENT_ROUNDS_MAX)),
  z.literal('shoe'),
]);

/** Test mode (ADR 0031) at the tournament's table: the player's choice, or imposed on every entrant. */
export const TournamentTestModeSchema = z.enum(['available', 'imposed']);

const chips = z.int().check(z.gte(1), z.lte(TOURNAMENT_CHIPS_MAX));

/** `POST /api/admin/tournaments` (audited, ADR 0014). Every check that needs the engine (rules, shoes) is the server's. */
export const AdminTournamentCreateSchema = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(3), z.maxLength(80), z.regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')),
    startsAt: isoDate,
    endsAt: isoDate,
    /** The table's rules; unset keys take the engine's defaults. One spot, no computer seats. */
    rules: z.partial(TableRulesSchema),
    /** The counting system the table shows (default Hi-Lo, half-deck, floor). */
    counting: z.optional(CountingOptionsSchema),
    testMode: z._default(TournamentTestModeSchema, 'available'),
    rounds: TournamentRoundsSchema,
    betMin: chips,
    betMax: chips,
    chips,
    minEntrants: z.int().check(z.gte(1), z.lte(1_000_000)),
    /** The pool's share per place, best first, in whole percent, summing to 100. */
    payouts_pct: z
      .array(z.int().check(z.gte(1), z.lte(100)))
      .check(z.minLength(1), z.maxLength(TOURNAMENT_PLACES_MAX)),
    /** Why (the audit log). */
    reason: z.optional(AdminReasonSchema),
  })
  .check(
    z.superRefine((t, ctx) => {
      const sum = t.payouts_pct.reduce((a, b) => a + b, 0);
      if (sum !== 100) ctx.addIssue({ code: 'custom', path: ['payouts_pct'], message: `must sum to 100 (it sums to ${sum})` });
      if (t.payouts_pct.some((p, i) => i > 0 && p > (t.payouts_pct[i - 1] ?? 0)))
        ctx.addIssue({ code: 'custom', path: ['payouts_pct'], message: 'a place may not pay more than the one above it' });
      if (t.betMin > t.betMax) ctx.addIssue({ code: 'custom', path: ['betMax'], message: 'must be at least betMin' });
      if (t.betMin > t.chips) ctx.addIssue({ code: 'custom', path: ['betMin'], message: 'must be at most the starting chips' });
      const start = Date.parse(t.startsAt);
      const end = Date.parse(t.endsAt);
      if (!(end > start)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
      else if (end - start > TOURNAMENT_WINDOW_MAX_ms) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be within 31 days of startsAt' });
    }),
  );
export type AdminTournamentCreate = z.infer<typeof AdminTournamentCreateSchema>;

export const TournamentStatusSchema = z.enum(['upcoming', 'running', 'finished', 'cancelled']);
export type TournamentStatus = z.infer<typeof TournamentStatusSchema>;

/** A tournament as listed and at the top of its page: nothing secret (the shoes' commitment only). */
export const TournamentSummarySchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  startsAt: isoDate,
  endsAt: isoDate,
  /** upcoming before startsAt, running until endsAt, then finished (paid) or cancelled (refunded: too few entrants). */
  status: TournamentStatusSchema,
  rules: TableRulesSchema,
  counting: CountingOptionsSchema,
  testMode: TournamentTestModeSchema,
  rounds: TournamentRoundsSchema,
  betMin: z.int(),
  betMax: z.int(),
  chips: z.int(),
  minEntrants: z.int(),
  payouts_pct: z.array(z.int()),
  /** Credits an entry costs (CREDIT_COST_TOURNAMENT). */
  entryCredits: z.int(),
  entrants: z.int().check(z.nonnegative()),
  /** The entries' credits: what the places share. */
  pool: z.int().check(z.nonnegative()),
  /** SHA-256 over the shoes' commitments in order, published at creation (ADR 0055). */
  shoesCommitment: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  /** Shoes committed: every entrant plays them in this order. */
  shoesCount: z.int().check(z.positive()),
  /** Whether the caller has entered. */
  entered: z.boolean(),
});
export type TournamentSummary = z.infer<typeof TournamentSummarySchema>;

/** One entrant's line: chips and rounds, never a card (ADR 0056). Payout and EV given away only once it is over. */
export const TournamentStandingSchema = z.strictObject({
  place: z.int().check(z.positive()),
  userId: z.string(),
  displayName: z.string(),
  /** Chips after the entrant's last settled round. */
  chips: z.int().check(z.nonnegative()),
  roundsPlayed: z.int().check(z.nonnegative()),
  /** Played every round (or out of chips, or out of the committed shoes). */
  finished: z.boolean(),
  /** Credits paid for this place; null before the end, 0 for an unpaid place. */
  payout: z.nullable(z.int().check(z.nonnegative())),
  /** Credits (chips) given away against the coach's exact EV, decisions and bets: the first tie-break. Null before the end. */
  evGivenAway: z.nullable(z.number()),
});
export type TournamentStanding = z.infer<typeof TournamentStandingSchema>;

/** A committed shoe opened after the end: its commitment and the order and salt that open it. */
export const TournamentShoeRevealSchema = z.strictObject({
  commitment: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  reveal: ShoeRevealSchema,
});

/** `GET /api/tournaments/:id`. */
export const TournamentDetailSchema = z.strictObject({
  tournament: TournamentSummarySchema,
  /** Best first, at most TOURNAMENT_STANDINGS_SHOWN_MAX. */
  standings: z.array(TournamentStandingSchema),
  /** The caller's own line (also when it is below the ones shown); null when not entered. */
  me: z.nullable(TournamentStandingSchema),
  /** What each place is paid, in credits, from the pool as it stands (final once it is over). */
  payouts: z.array(z.strictObject({ place: z.int().check(z.positive()), credits: z.int().check(z.nonnegative()) })),
  /**
   * After the end: every committed shoe's commitment, in order (they hash to shoesCommitment),
   * and the reveal of each; null before.
   */
  reveal: z.nullable(
    z.strictObject({
      commitments: z.array(z.string()),
      shoes: z.array(TournamentShoeRevealSchema),
    }),
  ),
});
export type TournamentDetail = z.infer<typeof TournamentDetailSchema>;

/** The standings stream's event (`event: standings`): the same for every follower, never a card. */
export const TournamentStandingsEventSchema = z.strictObject({
  status: TournamentStatusSchema,
  entrants: z.int(),
  standings: z.array(TournamentStandingSchema),
});
export type TournamentStandingsEvent = z.infer<typeof TournamentStandingsEventSchema>;

/** `GET /api/tournaments`. */
export const TournamentListSchema = z.strictObject({
  upcoming: z.array(TournamentSummarySchema),
  running: z.array(TournamentSummarySchema),
  finished: z.array(TournamentSummarySchema),
});
export type TournamentList = z.infer<typeof TournamentListSchema>;

/** `POST /api/tournaments/:id/entries`: the request id makes a retry answer the same and charge once. */
export const TournamentEntryRequestSchema = z.strictObject({ requestId: z.uuid() });
export type TournamentEntryRequest = z.infer<typeof TournamentEntryRequestSchema>;

export const TournamentEntryResponseSchema = z.strictObject({
  tournamentId: z.uuid(),
  /** The caller's credit balance after the entry. */
  balance: z.int().check(z.nonnegative()),
  chips: z.int(),
});
export type TournamentEntryResponse = z.infer<typeof TournamentEntryResponseSchema>;

/** `GET /api/tournaments/:id/record?userId=`: an entrant's graded record of the tournament, after its end. */
export const TournamentRecordQuerySchema = z.strictObject({ userId: z.string().check(z.minLength(1), z.maxLength(200)) });

export const TournamentRecordItemSchema = z.strictObject({
  kind: z.enum(['decision', 'bet']),
  at: isoDate,
  correct: z.boolean(),
  /** Chips given away against the coach's exact EV (a bet: against the ramp; may be negative). */
  evCost: z.number(),
  bet: z.int(),
  /** The graded entry as the record keeps it (hand, upcard, true count, chosen and best, or the ramp's bet). */
  entry: z.record(z.string(), z.unknown()),
});

export const TournamentRecordSchema = z.strictObject({
  userId: z.string(),
  decisions: z.int(),
  mistakes: z.int(),
  bets: z.int(),
  betsOffRamp: z.int(),
  evGivenAway: z.number(),
  items: z.array(TournamentRecordItemSchema),
});
export type TournamentRecord = z.infer<typeof TournamentRecordSchema>;
