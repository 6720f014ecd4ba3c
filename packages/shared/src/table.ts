/**
 * The table contract: `GET /api/table`, `POST /api/table/actions` and `GET /api/table/shoes`. The state is the
 * engine's visible() projection, so it can never carry the hole card before it is turned
 * (null in dealerCards), the shoe order or the undealt cards: `deck` holds only counts and
 * the shoe's public commitment. Actions are the engine's actions as they are.
 *
 * The schemas are checked against the engine's own types at compile time (the end of this
 * file): a drift fails the build. A web test also parses real engine states with them.
 */
import type { Card, ComputerHand, CountingOptions, PlayerHand, RefusalCode, RoundResult, Rules, SessionStats, ShoeReveal, VisibleGameState, VisibleSeat, VisibleShoe } from '@card-counter/engine';
import { z } from './zod.ts';
import { CustomCountSchema } from './custom-count.ts';
import { TableTrainingSchema, TableTrainingSettingsSchema, countAnswer, trueCountAnswer } from './table-training.ts';

export * from './table-training.ts';
export * from './table-report.ts';

/**
 * The bet limits per spot, in credits: the server refuses a bet outside them (409
 * TABLE_ACTION_REFUSED, reason BET_OUT_OF_LIMITS) and the screen shows them. A bet of 0
 * clears a spot and is always allowed between rounds. Within them a bet must also be a multiple
 * of the rules' step (engine betStepFor: 2 at 3:2, 10 at 6:5 with surrender), or it is refused
 * with 400 BET_NOT_PAYABLE (decision record 0045).
 */
export { TABLE_LIMITS } from './table-limits.ts';

export const RankSchema = z.enum(['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']);
export const SuitSchema = z.enum(['spades', 'hearts', 'diamonds', 'clubs']);
export const CardSchema = z.strictObject({ rank: RankSchema, suit: SuitSchema });
export type TableCard = z.infer<typeof CardSchema>;

export const TableRulesSchema = z.strictObject({
  numDecks: z.int().check(z.gte(1), z.lte(8)),
  shufflePoint: z.number().check(z.gte(0), z.lte(0.9)),
  dealerStandsSoft17: z.boolean(),
  dealerPeeks: z.boolean(),
  doubleAfterSplit: z.boolean(),
  surrenderAllowed: z.boolean(),
  insuranceAllowed: z.boolean(),
  blackjackPays: z.number().check(z.gte(1), z.lte(2)),
  gameSpeed: z.number().check(z.gte(0.25), z.lte(4)),
  numInitialHands: z.int().check(z.gte(1), z.lte(7)),
  doubleDownRestriction: z.enum(['any', '9-11', '10-11']),
  maxSplits: z.int().check(z.gte(0), z.lte(3)),
  resplitAces: z.boolean(),
  hitSplitAces: z.boolean(),
  /** Computer seats beside the player's spots (spots + seats at most 7: else TABLE_FULL). */
  otherPlayers: z.int().check(z.gte(0), z.lte(6)),
  /** Share of the computer seats' decisions that depart from basic strategy, in percent. */
  otherPlayersErrorPct: z.int().check(z.gte(0), z.lte(20)),
  /** Surrender before the dealer checks for blackjack: against a ten, or against every upcard (decision record 0050). */
  earlySurrender: z.enum(['none', 'vs10', 'all']),
  /** No hole card (dealerPeeks false): a dealer blackjack takes the original bets only, or every stake. */
  noHoleCardLosses: z.enum(['original', 'all']),
  /** A continuous shuffling machine: every round from a freshly shuffled shoe (the count says nothing). */
  continuousShuffler: z.boolean(),
});
export type TableRules = z.infer<typeof TableRulesSchema>;

/** A built-in count, or 'custom' with its definition (custom-count.ts). */
export const CountSystemSchema = z.enum(['hi-lo', 'ko', 'hi-opt-1', 'hi-opt-2', 'omega-2', 'zen', 'wong-halves', 'red-7', 'custom']);

/** The custom definition comes with system 'custom' and only then (an INVALID_CUSTOM_COUNT otherwise). */
export function customGoesWithSystem(value: { system: string; custom?: unknown }, ctx: z.core.$RefinementCtx): void {
  if (value.system === 'custom' && value.custom === undefined) {
    ctx.addIssue({ code: 'custom', path: ['custom'], message: "the count 'custom' needs its definition: { tags, irc?, key?, pivot? }.", params: { customCount: 'COUNT_NOT_AN_OBJECT' } });
  }
  if (value.system !== 'custom' && value.custom !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['custom'], message: `a built-in count (${value.system}) takes no custom definition.`, params: { customCount: 'COUNT_UNKNOWN_FIELD' } });
  }
}

export const CountingOptionsSchema = z
  .strictObject({
    system: CountSystemSchema,
    custom: z.optional(CustomCountSchema),
    resolution: z.enum(['exact', 'half', 'full']),
    rounding: z.enum(['floor', 'truncate', 'round', 'none']),
    /** Bets on the count plus an ace side count (decision record 0051); counts without an ace weight ignore it. */
    aceSideCount: z.optional(z.boolean()),
  })
  .check(z.superRefine(customGoesWithSystem));
export type TableCountingOptions = z.infer<typeof CountingOptionsSchema>;

const credits = z.number().check(z.nonnegative());
const outcome = z.enum(['blackjack', 'win', 'push', 'loss', 'bust', 'surrender', 'evenMoney']);

const handStatus = z.enum(['playing', 'stood', 'doubled', 'busted', 'blackjack', 'surrendered']);

export const PlayerHandSchema = z.strictObject({
  spot: z.int().check(z.nonnegative()),
  cards: z.array(CardSchema),
  bet: credits,
  status: handStatus,
  fromSplit: z.boolean(),
  splitAces: z.boolean(),
  evenMoney: z.boolean(),
  outcome: z.nullable(outcome),
  payout: credits,
});

/** A computer seat's hand: no money (no bet, no payout); its outcome is set when the round settles. */
export const ComputerHandSchema = z.strictObject({
  cards: z.array(CardSchema),
  status: handStatus,
  fromSplit: z.boolean(),
  splitAces: z.boolean(),
  outcome: z.nullable(z.enum(['blackjack', 'win', 'push', 'loss', 'bust', 'surrender'])),
});

/**
 * One seat of the table, in dealing order (first base first; the player's spots sit among the
 * computer seats, engine seats.ts). A player's seat is one spot, with its hands (split hands
 * included, none while sitting out); a computer seat has its hands and no money.
 */
export const SeatSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('player'),
    seat: z.int().check(z.nonnegative()),
    spot: z.int().check(z.nonnegative()),
    hands: z.array(PlayerHandSchema),
  }),
  z.strictObject({
    kind: z.literal('computer'),
    seat: z.int().check(z.nonnegative()),
    hands: z.array(ComputerHandSchema),
  }),
]);

export const SessionStatsSchema = z.strictObject({
  handsPlayed: z.int().check(z.nonnegative()),
  handsWon: z.int().check(z.nonnegative()),
  handsLost: z.int().check(z.nonnegative()),
  handsPushed: z.int().check(z.nonnegative()),
  totalBet: credits,
  totalWon: credits,
  totalLost: credits,
  biggestWin: credits,
  biggestLoss: credits,
  currentStreak: z.int(),
  bestStreak: z.int(),
  worstStreak: z.int(),
});

export const RoundResultSchema = z.strictObject({
  hands: z.array(
    z.strictObject({
      spot: z.int().check(z.nonnegative()),
      cards: z.array(CardSchema),
      bet: credits,
      outcome,
      payout: credits,
      net: z.number(),
    }),
  ),
  dealerCards: z.array(CardSchema),
  dealerTotal: z.int(),
  dealerBlackjack: z.boolean(),
  insuranceBet: credits,
  insurancePayout: credits,
  totalBet: credits,
  net: z.number(),
  runningCountAtBet: z.number(),
});

/**
 * A replaced shoe's order and salt (they open its commitment), published only once no card dealt
 * from it is hidden: a shoe that runs out mid-round is published when that round ends.
 */
export const ShoeRevealSchema = z.strictObject({
  numDecks: z.int().check(z.gte(1), z.lte(8)),
  cards: z.array(z.int().check(z.gte(0), z.lte(51))),
  salt: z.string(),
});

/** Only counts and the commitment: never the order or the undealt cards. */
export const VisibleShoeSchema = z.strictObject({
  cardsRemaining: z.int().check(z.nonnegative()),
  totalCards: z.int().check(z.positive()),
  commitment: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hex digest')),
  /** Cards shown since the shuffle by value (index 1 = ace .. 10 = ten-valued, 0 unused); never the face-down hole card. */
  seen: z.array(z.int().check(z.nonnegative())).check(z.length(11)),
});

/** The engine's visible() projection of a table. Strict: an extra field (a leak) fails to parse. */
export const VisibleTableStateSchema = z.strictObject({
  /** The engine's own step counter (every accepted step adds one). */
  version: z.int().check(z.nonnegative()),
  gameInProgress: z.boolean(),
  gamePhase: z.enum(['betting', 'insurance', 'surrender', 'playing', 'roundOver']),
  currentHandIndex: z.int().check(z.nonnegative()),
  playerHands: z.array(PlayerHandSchema),
  /** Every seat in dealing order, the player's and the computer seats'. */
  seats: z.array(SeatSchema).check(z.maxLength(7)),
  /** The player watches: deals give the player's spots no cards and take no stakes. */
  sittingOut: z.boolean(),
  /** null stands for the face-down hole card. */
  dealerCards: z.array(z.nullable(CardSchema)),
  holeCardRevealed: z.boolean(),
  deck: z.nullable(VisibleShoeSchema),
  roundStartPosition: z.int().check(z.nonnegative()),
  currentBet: credits,
  handBets: z.array(credits),
  balance: credits,
  insuranceBet: credits,
  canTakeInsurance: z.boolean(),
  insuranceOffered: z.boolean(),
  runningCount: z.number(),
  trueCount: z.number(),
  runningCountAtBet: z.number(),
  /** Aces seen since the shuffle when the bets were placed (an ace side count's bet, decision record 0051). */
  acesSeenAtBet: z.int().check(z.nonnegative()),
  cardsDealtFromShoe: z.int().check(z.nonnegative()),
  totalHandsFromSplits: z.int().check(z.nonnegative()),
  config: TableRulesSchema,
  counting: CountingOptionsSchema,
  gameStatus: z.string(),
  lastResult: z.nullable(RoundResultSchema),
  lastShoeReveal: z.nullable(ShoeRevealSchema),
  sessionStats: SessionStatsSchema,
});
export type VisibleTableState = z.infer<typeof VisibleTableStateSchema>;

/**
 * `GET /api/table` and the answer of every action. A 409 (stale version or a refused action)
 * carries the same snapshot in its error details (`TableErrorDetailsSchema`).
 */
export const TableSnapshotSchema = z.strictObject({
  /** Increases by one with every applied action (optimistic concurrency). */
  version: z.int().check(z.nonnegative()),
  state: VisibleTableStateSchema,
  /** The coach's standard and the count checks (table-training.ts). */
  training: TableTrainingSchema,
});
export type TableSnapshot = z.infer<typeof TableSnapshotSchema>;

/**
 * The engine's actions as they are, plus `setCounting` (the counting system and true-count
 * convention, between rounds only; the server recounts the dealt cards with the new system).
 * Rule changes are validated again by the engine.
 */
export const TableActionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('bet'),
    amount: z.int().check(z.nonnegative()),
    spot: z.optional(z.int().check(z.nonnegative())),
  }),
  z.strictObject({ type: z.literal('deal') }),
  z.strictObject({ type: z.literal('hit') }),
  z.strictObject({ type: z.literal('stand') }),
  z.strictObject({ type: z.literal('double') }),
  z.strictObject({ type: z.literal('split') }),
  z.strictObject({ type: z.literal('surrender') }),
  z.strictObject({ type: z.literal('insurance'), take: z.boolean() }),
  /** In the 'surrender' phase (early surrender before the peek): the current hand surrenders or plays on. */
  z.strictObject({ type: z.literal('earlySurrender'), take: z.boolean() }),
  z.strictObject({ type: z.literal('newRound') }),
  z.strictObject({ type: z.literal('reset') }),
  z.strictObject({ type: z.literal('setConfig'), rules: z.partial(TableRulesSchema) }),
  /** Between rounds: watch without betting (needs other players), or come back in. */
  z.strictObject({ type: z.literal('sitOut') }),
  z.strictObject({ type: z.literal('sitIn') }),
  /** Between rounds: the shoe is revealed now and a new one is shuffled at the next deal. */
  z.strictObject({ type: z.literal('newShoe') }),
  z.strictObject({ type: z.literal('setCounting'), counting: CountingOptionsSchema }),
  /** The coach's standard and when count checks are asked; any time, applies from the next decision. */
  z.strictObject({ type: z.literal('setTraining'), settings: z.partial(TableTrainingSettingsSchema) }),
  /**
   * The answer to the open count check `id` (TableTraining.countCheck): the running count, and
   * the true count when the check asks it ('runningAndTrueCount'; refused with
   * TRUE_COUNT_MISSING without it).
   */
  z.strictObject({
    type: z.literal('countCheck'),
    id: z.uuid(),
    answer: countAnswer,
    trueCount: z.optional(trueCountAnswer),
  }),
]);
export type TableAction = z.infer<typeof TableActionSchema>;

/** `POST /api/table/actions`. actionId is made by the client; a retry with the same id applies once. */
export const TableActionRequestSchema = z.strictObject({
  actionId: z
    .string()
    .check(
      z.minLength(8),
      z.maxLength(64),
      z.regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, _ and -'),
    ),
  version: z.int().check(z.nonnegative()),
  action: TableActionSchema,
});
export type TableActionRequest = z.infer<typeof TableActionRequestSchema>;

/**
 * Why the table refused an action (`details.reason` of a 409): the engine's refusal codes
 * (packages/engine REFUSAL_CODES, listed here and checked against the engine's type at the end of
 * this file) and
 * the server's own: STALE_VERSION (the request's version is not the table's), BET_OUT_OF_LIMITS
 * (a spot bet outside TABLE_LIMITS), NO_COUNT_CHECK (an answer to a count check that is not open),
 * TRUE_COUNT_MISSING (an answer without the true count to a check that asks it), and at a
 * tournament's table (api/tournaments.ts) TOURNAMENT_FIXED (a change the tournament's rules do not
 * allow: rules, shoe, count, leaving an imposed test mode) and TOURNAMENT_ROUNDS_PLAYED (the
 * entrant has played every round, or is out of chips or of committed shoes).
 */
export const TableRefusalReasonSchema = z.enum([
  'WRONG_PHASE',
  'INVALID_BET',
  'INVALID_SPOT',
  'NO_BET',
  'INSUFFICIENT_BALANCE',
  'INSURANCE_NOT_OFFERED',
  'HIT_NOT_ALLOWED',
  'DOUBLE_NOT_ALLOWED',
  'NOT_A_PAIR',
  'SPLIT_LIMIT',
  'SURRENDER_NOT_ALLOWED',
  'INVALID_RULES',
  'RNG_REQUIRED',
  'TABLE_FULL',
  'NO_OTHER_PLAYERS',
  'UNKNOWN_ACTION',
  'BET_NOT_PAYABLE',
  'STALE_VERSION',
  'BET_OUT_OF_LIMITS',
  'NO_COUNT_CHECK',
  'TRUE_COUNT_MISSING',
  'TOURNAMENT_FIXED',
  'TOURNAMENT_ROUNDS_PLAYED',
]);
export type TableRefusalReason = z.infer<typeof TableRefusalReasonSchema>;

/**
 * `error.details` of every 409 from `POST /api/table/actions`, and of its 400 BET_NOT_PAYABLE
 * (reason BET_NOT_PAYABLE: a bet off the rules' step, decision record 0045): the reason and the
 * table as it stands now. Codes: TABLE_VERSION_CONFLICT (reason STALE_VERSION), INSUFFICIENT_CREDITS
 * (reason INSUFFICIENT_BALANCE, 'Insufficient credits.'), TABLE_ACTION_REFUSED (any other
 * reason; the message is the engine's sentence for the player). Nothing changed.
 */
export const TableErrorDetailsSchema = z.strictObject({
  reason: TableRefusalReasonSchema,
  table: TableSnapshotSchema,
});
export type TableErrorDetails = z.infer<typeof TableErrorDetailsSchema>;

/** How many replaced shoes the server keeps per player for `GET /api/table/shoes`. */
export const TABLE_SHOE_HISTORY_MAX = 20;

/** A replaced shoe: the commitment shown at its shuffle and the reveal that opens it. */
export const ShoeRevealRecordSchema = z.strictObject({
  commitment: VisibleShoeSchema.shape.commitment,
  reveal: ShoeRevealSchema,
  /**
   * When the shoe's reveal was published (ISO 8601): when it was replaced, or, for a shoe that
   * ran out with the hole card face down, when that round ended.
   */
  replacedAt: z.iso.datetime({ offset: true }),
});
export type ShoeRevealRecord = z.infer<typeof ShoeRevealRecordSchema>;

/** `GET /api/table/shoes`: the player's replaced shoes, newest first, at most TABLE_SHOE_HISTORY_MAX. */
export const ShoeRevealHistorySchema = z.strictObject({
  items: z.array(ShoeRevealRecordSchema).check(z.maxLength(TABLE_SHOE_HISTORY_MAX)),
});
export type ShoeRevealHistory = z.infer<typeof ShoeRevealHistorySchema>;

/** One running count's entry of the betting patterns: bets placed at that count, their amount, wins, losses and average bet. */
export const BettingPatternEntrySchema = z.strictObject({
  totalBets: z.int().check(z.nonnegative()),
  totalAmount: credits,
  wins: z.int().check(z.nonnegative()),
  losses: z.int().check(z.nonnegative()),
  /** totalAmount / totalBets. */
  avgBet: credits,
});

/**
 * `GET /api/table/stream`: Server-Sent Events, `event: table` with `{ version }` at connect and
 * after every accepted action from any of the player's tabs. A tab whose version is behind
 * reloads `GET /api/table`; the state itself never travels on the stream.
 */
export const TableStreamEventSchema = z.strictObject({ version: z.int().check(z.nonnegative()) });
export type TableStreamEvent = z.infer<typeof TableStreamEventSchema>;

/** `GET /api/table/patterns`: the player's bets per running count at the bet, keyed `count_{value}`. */
export const BettingPatternsSchema = z.record(
  z.string().check(z.regex(/^count_-?\d+(\.\d+)?$/)),
  BettingPatternEntrySchema,
);
export type BettingPatternsRecord = z.infer<typeof BettingPatternsSchema>;

// The contract IS the engine's shapes (type-only imports: nothing of the engine runs here).
// Each line below fails the build when a schema and the engine's type drift apart, in either
// direction (each must be assignable to the other: a field missing, added or of another type on
// either side fails); the server and the web app then need no cast between them.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type TableContractMatchesEngine = [
  Assert<Same<z.infer<typeof CardSchema>, Card>>,
  Assert<Same<z.infer<typeof TableRulesSchema>, Rules>>,
  Assert<Same<z.infer<typeof CountingOptionsSchema>, CountingOptions>>,
  Assert<Same<z.infer<typeof PlayerHandSchema>, PlayerHand>>,
  Assert<Same<z.infer<typeof ComputerHandSchema>, ComputerHand>>,
  Assert<Same<z.infer<typeof SeatSchema>, VisibleSeat>>,
  Assert<Same<z.infer<typeof SessionStatsSchema>, SessionStats>>,
  Assert<Same<z.infer<typeof RoundResultSchema>, RoundResult>>,
  Assert<Same<z.infer<typeof ShoeRevealSchema>, ShoeReveal>>,
  Assert<Same<z.infer<typeof VisibleShoeSchema>, VisibleShoe>>,
  Assert<Same<z.infer<typeof VisibleTableStateSchema>, VisibleGameState>>,
  Assert<Same<Exclude<z.infer<typeof TableRefusalReasonSchema>, 'STALE_VERSION' | 'BET_OUT_OF_LIMITS' | 'NO_COUNT_CHECK' | 'TRUE_COUNT_MISSING' | 'TOURNAMENT_FIXED' | 'TOURNAMENT_ROUNDS_PLAYED'>, RefusalCode>>,
];
