/**
 * What one table action does, decided without IO (ADR 0025: read, decide, one gated write):
 * from the row the read brought, the engine's step and everything the write must store: the
 * state, the ledger's steps, a settled round's statistics and reward counters, the shoes the
 * engine published, the training (ADR 0028) and the record's entries. A refusal is an answer and
 * nothing to save. Tested without a database (test/table-decide.test.ts).
 */
import {
  cardFromCode,
  decisionCount,
  countingSystemOf,
  dealtCodes,
  runningCountOf,
  step,
  visible,
  type BettingPatterns,
  type CountingOptions,
  type GameAction,
  type GameState,
  type PublishedShoe,
  type Rng,
  type ShoeState,
  type VisibleGameState,
} from '@card-counter/engine';
import {
  CREDIT_COST_HAND,
  TABLE_LIMITS,
  errorBody,
  type ErrorBody,
  type ErrorCode,
  type TableActionRequest,
  type TableErrorDetails,
  type TableRefusalReason,
  type TableSnapshot,
  type TableTraining,
} from '@card-counter/shared';
import type { LedgerStep } from '../ledger/index.ts';
import { countCheckRow, type TableRecordRow } from '../record/index.ts';
import { countCheckPractice, type Additions } from '../rewards/index.ts';
import { ledgerStepsOf, movementOf } from './money.ts';
import { roundResultRows } from './round-result.ts';
import type { ShoePlay } from './shoe-play.ts';
import { roundOutcome, type RoundStats } from './stats.ts';
import type { ActionTable } from './store.ts';
import { answerCheck, trainingOfStep, type Training } from './training.ts';

/** 400 only for BET_NOT_PAYABLE (bad input: a bet off the rules' step, ADR 0045); every other refusal is a 409. */
export type TableAnswer = { status: 200; body: TableSnapshot } | { status: 400 | 409; body: ErrorBody };

type SetCounting = { type: 'setCounting'; counting: CountingOptions };
type TrainingAction = Extract<TableActionRequest['action'], { type: 'setTraining' | 'countCheck' }>;
export type TableStep = GameAction | SetCounting | TrainingAction;

/** What the write stores for an accepted action. */
export interface Save {
  state: GameState;
  patterns: BettingPatterns;
  shoePlay: ShoePlay | null;
  /** The credits the action moves: the stakes (and fee), then the payout. */
  ledger: LedgerStep[];
  /** A round settled: the profile's statistics take it with the save. */
  roundStats: RoundStats | null;
  /** The reward counters the save moves (a settled round, a clean shoe). */
  award: Additions | null;
  /**
   * The shoes the engine revealed in this step (ADR 0004): recorded with the save, exactly
   * what the state's lastShoeReveal publishes, never merely a shoe that was replaced.
   */
  reveals: readonly PublishedShoe[];
  training: Training;
  /** The record's entries this action made (ADR 0028). */
  record: TableRecordRow[];
  /**
   * A count check this action answered (its rewards are paid with the write): its verdict, and
   * the facts the rewards module decides on (ADR 0044): was the count on screen when it was asked, in which count.
   */
  countCheck: { correct: boolean; countShown: boolean; count: CountingOptions } | null;
}

export interface Decision {
  answer: TableAnswer;
  /** What to save: null for a refusal (nothing changes). */
  save: Save | null;
}

/** Everything a decision depends on besides the row: the shuffle, the clock, the count-check draw. */
export interface DecideContext {
  rng: Rng;
  now: Date;
  /** A number in [0, 1) for the count-check draw (training.ts cryptoUnit in play). */
  random: () => number;
  /** Tests: a stacked shoe for a table that has none yet (hooks.ts firstShoe). */
  firstShoe?: ((numDecks: number) => ShoeState | null) | undefined;
  /**
   * A table of another module's own (a tournament's, decision record 0056): its fee per hand,
   * its bet limits and the name of its money in messages. Absent: the player's own table
   * (CREDIT_COST_HAND, TABLE_LIMITS, credits).
   */
  house?: { feePerHand: number; betMin: number; betMax: number; unit: string } | undefined;
}

/** What the player may see of the training: the settings, what is asked (never the answer), the last verdict. */
function visibleTraining(t: Training): TableTraining {
  return {
    settings: { ...t.settings },
    countCheck: t.check === null ? null : { id: t.check.id, asked: t.check.asked },
    lastCountCheck: t.last,
  };
}

/**
 * Test mode keeps the count to the player (decision record 0031): the running and true counts,
 * the count at the bet, the aces seen at the bet and the cards seen since the shuffle read 0 in every answer, so a count
 * check's answer is never in one before it is answered.
 */
function withheldCounts(v: VisibleGameState): VisibleGameState {
  return {
    ...v,
    runningCount: 0,
    trueCount: 0,
    runningCountAtBet: 0,
    acesSeenAtBet: 0, // the ace side count is a count too (decision record 0051)
    deck: v.deck === null ? null : { ...v.deck, seen: v.deck.seen.map(() => 0) },
    lastResult: v.lastResult === null ? null : { ...v.lastResult, runningCountAtBet: 0 },
  };
}

/** The answer a player sees: the visible state, the credit balance now, the visible training. */
export function snapshotOf(state: GameState, credits: number, training: Training): TableSnapshot {
  // The balance shown is the credit balance now (a bonus or purchase may have moved it since).
  const shown = { ...visible(state), balance: credits };
  return { version: state.version, state: training.settings.testMode ? withheldCounts(shown) : shown, training: visibleTraining(training) };
}

function refusal(code: ErrorCode, reason: TableRefusalReason, message: string | undefined, table: TableSnapshot): Decision {
  const details: TableErrorDetails = { reason, table };
  return { answer: { status: code === 'BET_NOT_PAYABLE' ? 400 : 409, body: errorBody(code, message, details) }, save: null };
}

/** See the file comment. `version` is the one the request was made against. */
export function decide(ctx: DecideContext, row: ActionTable, version: number, action: TableStep): Decision {
  const credits = row.credits;
  const state: GameState = { ...row.state, balance: credits };
  // The table as it stands, for a refusal's details: built only when refusing (visible() is
  // not free, and an accepted action answers with the next state instead).
  const current = (): TableSnapshot => snapshotOf(state, credits, row.training);
  if (version !== state.version) return refusal('TABLE_VERSION_CONFLICT', 'STALE_VERSION', undefined, current());
  if (action.type === 'setTraining' || action.type === 'countCheck') return decideTraining(ctx, row, state, action, current);
  if (action.type === 'setCounting') {
    if (state.gameInProgress) return refusal('TABLE_ACTION_REFUSED', 'WRONG_PHASE', 'The count can only change between rounds.', current());
    const next = withCounting(state, action.counting);
    // The count changed: an open check (asked in the old count) lapses.
    const training: Training = { ...row.training, check: null };
    return accepted(next, credits, { ...unchanged(row, next), training });
  }
  const house = ctx.house ?? { feePerHand: CREDIT_COST_HAND, betMin: TABLE_LIMITS.minBet, betMax: TABLE_LIMITS.maxBet, unit: 'credits' };
  if (action.type === 'bet' && action.amount !== 0 && (action.amount < house.betMin || action.amount > house.betMax))
    return refusal('TABLE_ACTION_REFUSED', 'BET_OUT_OF_LIMITS', `Bets are ${house.betMin} to ${house.betMax} ${house.unit} per spot.`, current());
  // A deal takes the table fee first (10 credits a hand) and shuffles a first shoe if needed.
  // A player sitting out is dealt no hand: no fee, no stake.
  const fee = action.type === 'deal' && !state.sittingOut ? house.feePerHand * state.handBets.length : 0;
  if (action.type === 'deal' && !state.sittingOut && state.handBets.every((b) => b > 0) && state.currentBet + fee > credits)
    return refusal('INSUFFICIENT_CREDITS', 'INSUFFICIENT_BALANCE', undefined, current());
  const stacked = action.type === 'deal' && state.deck === null ? (ctx.firstShoe?.(state.config.numDecks) ?? null) : null;
  const input: GameState = action.type !== 'deal' ? state : { ...state, balance: credits - fee, ...(stacked ? { deck: stacked, roundStartPosition: 0, cardsDealtFromShoe: 0 } : {}) };
  const result = step(input, action, ctx.rng);
  if (!result.ok) {
    if (result.code === 'INSUFFICIENT_BALANCE') return refusal('INSUFFICIENT_CREDITS', 'INSUFFICIENT_BALANCE', undefined, current());
    // A bet the rules cannot pay exactly (engine bet-step.ts, ADR 0045): bad input, its own code, the step in the message.
    if (result.code === 'BET_NOT_PAYABLE') return refusal('BET_NOT_PAYABLE', 'BET_NOT_PAYABLE', result.reason, current());
    return refusal('TABLE_ACTION_REFUSED', result.code, result.reason, current());
  }
  const next = result.state;
  const move = movementOf(action, fee, input.balance, next);
  const ledger = ledgerStepsOf(row.tableId, action.type, next.version, move);
  // Below 0 is refused by the ledger's steps (ledgerStepsSql), the engine having refused it first.
  next.balance = credits - move.debit + move.credit;
  const round = roundOutcome(row, input, action, next, move);
  // The decision this action made, as the player saw the table, and the count check (ADR 0028).
  const trained = trainingOfStep(row.training, state, action, next, ctx);
  // A settled round's result joins the record (round-result.ts, ADR 0060).
  const record = [...trained.record, ...roundResultRows(action, next, move, ctx.now)];
  return accepted(next, next.balance, { state: next, ledger, ...round, reveals: result.published, ...trained, record, countCheck: null });
}

function accepted(next: GameState, credits: number, save: Save): Decision {
  return { answer: { status: 200, body: snapshotOf(next, credits, save.training) }, save };
}

/** A step that moves nothing but the state (and what the caller adds). */
function unchanged(row: ActionTable, next: GameState): Save {
  return { state: next, patterns: row.patterns, shoePlay: row.shoePlay, ledger: [], roundStats: null, award: null, reveals: [], training: row.training, record: [], countCheck: null };
}

/**
 * The training actions (ADR 0028): `setTraining` changes the coach's standard and when checks
 * are asked, from the next decision on; `countCheck` answers the open check, graded here against
 * the count the server kept when it asked. Each is a step of the table (its version moves).
 */
function decideTraining(ctx: DecideContext, row: ActionTable, state: GameState, action: TrainingAction, current: () => TableSnapshot): Decision {
  const next: GameState = { ...state, version: state.version + 1 };
  if (action.type === 'setTraining') {
    const settings = { ...row.training.settings, ...action.settings };
    // Leaving test mode shows the counts: a check asked while they were hidden lapses, or it
    // would be answered by reading them (ADR 0031).
    const leftTestMode = row.training.settings.testMode && !settings.testMode;
    const training = { ...row.training, settings, check: leftTestMode ? null : row.training.check };
    return accepted(next, row.credits, { ...unchanged(row, next), training });
  }
  if (row.training.check === null || row.training.check.id !== action.id)
    return refusal('TABLE_ACTION_REFUSED', 'NO_COUNT_CHECK', 'That count check is not open: it was answered, or it lapsed when the next round was dealt.', current());
  if (row.training.check.expectedTrue !== null && action.trueCount === undefined)
    return refusal('TABLE_ACTION_REFUSED', 'TRUE_COUNT_MISSING', 'This count check asks the true count too.', current());
  const facts = { countShown: row.training.check.countShown, count: state.counting };
  // Graded and recorded either way; the answer says when it pays nothing and why (ADR 0044).
  const practice = countCheckPractice(facts);
  const answered = answerCheck(row.training, { runningCount: action.answer, trueCount: action.trueCount }, state.counting.rounding);
  const result = practice === null ? answered.result : { ...answered.result, practice };
  const training: Training = { ...answered.training, last: result };
  return accepted(next, row.credits, { ...unchanged(row, next), training, record: [countCheckRow(result, ctx.now)], countCheck: { correct: result.correct, ...facts } });
}

/** A new counting system or convention, between rounds: every dealt card is face up, so the recount is exact. */
export function withCounting(s: GameState, counting: CountingOptions): GameState {
  // Dealt cards only: the burn card is never seen (ADR 0042).
  const dealt = s.deck ? dealtCodes(s.deck).map(cardFromCode) : [];
  const sys = countingSystemOf(counting);
  const runningCount = runningCountOf(sys, dealt, s.config.numDecks);
  const remaining = s.deck ? s.deck.cards.length - s.deck.position : s.config.numDecks * 52;
  return { ...s, version: s.version + 1, counting, runningCount, runningCountAtBet: runningCount, trueCount: decisionCount(sys, runningCount, remaining, counting) };
}
