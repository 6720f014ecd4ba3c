/**
 * One table action = one read and one write statement, atomic without a transaction of its
 * own (ADR 0009, ADR 0025):
 * 1. read the player's table (created on the first action), the credit balance, a stored answer
 *    to this action id (a retry or a copy that raced this one) and the round's reward counters;
 * 2. an action id already answered gets that answer again;
 * 3. a stale version gets 409 TABLE_VERSION_CONFLICT with the table as it stands;
 * 4. the engine steps from the player's credit balance (minus the fee at a deal); a refusal is
 *    409 (INSUFFICIENT_CREDITS or TABLE_ACTION_REFUSED, the engine's code in details), kept
 *    under the action id, nothing else changes;
 * 5. accepted: ONE statement writes the new state and version, the ledger's debit of the stakes
 *    (and fee) and credit of the payout (keys per table version, so nothing is charged twice),
 *    the profile statistics and betting patterns of a settled round, the reward counters, the
 *    shoes the engine revealed and the answer under (user, action id), if the table's version and
 *    the balance are still those read in 1; else nothing is written and the action starts
 *    again from 1 (bounded), as the table then stands.
 * Answers carry only visible(): never the hole card before it is turned, the shoe order or the salt.
 */
import { createHash } from 'node:crypto';
import {
  cardFromCode,
  cryptoRng,
  decisionCount,
  getCountingSystem,
  runningCountOf,
  step,
  visible,
  type CountingOptions,
  type GameAction,
  type BettingPatterns,
  type GameState,
  type PublishedShoe,
  type Rng,
} from '@card-counter/engine';
import {
  AppError,
  CREDIT_COST_HAND,
  TABLE_LIMITS,
  errorBody,
  type ErrorBody,
  type ErrorCode,
  type TableActionRequest,
  type TableErrorDetails,
  type TableRefusalReason,
  type TableSnapshot,
} from '@card-counter/shared';
import type { Kysely } from 'kysely';
import { isUniqueViolation, type Database, type DB } from '../../db/index.ts';
import type { LedgerStep } from '../ledger/index.ts';
import { countCheckRow, decisionRow, type TableRecordRow } from '../record/index.ts';
import { answerCrosses, awardProgress, finishAward, pendingAward, wouldCross, type Additions } from '../rewards/index.ts';
import type { TableHooks } from './hooks.ts';
import { movementOf } from './money.ts';
import { isCleanShoe, nextShoePlay, type ShoePlay } from './shoe-play.ts';
import { addRoundToPatterns, roundStatsOf, type RoundStats } from './stats.ts';
import { answerCheck, cryptoUnit, decisionFactsOf, trainingAfter, trainingOf, visibleTraining, type Training } from './training.ts';
import { newTableState, readCredits, readForAction, readTable, type ActionTable } from './store.ts';
import { patchSavedAnswer, storeRefusal, writeAction } from './write-action.ts';

/** Answered actions kept per player: ids older than this many versions are forgotten. */
export const ACTION_ANSWERS_KEPT_VERSIONS = 1000;
/** Retention runs every this many versions (amortised: one DELETE per 100 actions). */
const RETENTION_EVERY_VERSIONS = 100;

export type TableAnswer = { status: 200; body: TableSnapshot } | { status: 409; body: ErrorBody };

export interface PlayContext {
  db: Database;
  now: Date;
  hooks: TableHooks;
  rng: Rng;
  /** Told after a write that recorded a decision (record/grader.ts grades it); absent: graded later by a sweep. */
  grader?: { poke(): void };
}

export function defaultRng(hooks: TableHooks): Rng {
  return hooks.rng ?? cryptoRng();
}

function snapshotOf(state: GameState, credits: number, training: Training): TableSnapshot {
  // The balance shown is the credit balance now (a bonus or purchase may have moved it since).
  return {
    version: state.version,
    state: { ...visible(state), balance: credits },
    training: visibleTraining(training),
  };
}

/** GET /api/table: the stored table, or the fresh one the first action will create. */
export async function readSnapshot(db: Database, userId: string): Promise<TableSnapshot> {
  const [row, credits] = await Promise.all([
    readTable(db.kysely, userId),
    readCredits(db.kysely, userId),
  ]);
  return snapshotOf(row?.state ?? newTableState(credits), credits, row?.training ?? trainingOf(null));
}

function refusal(
  code: ErrorCode,
  reason: TableRefusalReason,
  message: string | undefined,
  table: TableSnapshot,
): TableAnswer {
  const details: TableErrorDetails = { reason, table };
  return { status: 409, body: errorBody(code, message, details) };
}

/** Canonical JSON (sorted keys), so the same request hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function requestHash(req: TableActionRequest): string {
  return createHash('sha256')
    .update(canonical({ version: req.version, action: req.action }))
    .digest('hex');
}

/** Reads and writes of one action before giving up: each retry follows a change by another request. */
const WRITE_ATTEMPTS_MAX = 5;

/**
 * See the file comment. Without a transaction of its own (ADR 0025): read, decide, write in one
 * statement gated on what was read. A write that finds the table or the balance moved since
 * its read changed nothing; the action is then read and decided again, and answers as the
 * table now stands (a racing copy's answer, a stale version, a balance that no longer covers it).
 */
export async function applyTableAction(
  ctx: PlayContext,
  userId: string,
  req: TableActionRequest,
): Promise<TableAnswer> {
  const hash = requestHash(req);
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS_MAX; attempt++) {
    let answer: TableAnswer | null;
    try {
      answer = await applyOnce(ctx, userId, req, hash);
    } catch (e) {
      // A copy of this action id stored its answer (a refusal decided on a later read) between
      // this copy's read and its write: the write rolled back whole; the next read finds it.
      if (!isUniqueViolation(e, 'game_table_actions_pkey')) throw e;
      answer = null;
    }
    if (answer !== null) return answer;
  }
  throw new Error(`table: the table or balance of ${userId} changed under ${WRITE_ATTEMPTS_MAX} tries of one action`);
}

/** One read, decision and write; null when the write found what it read had changed. */
async function applyOnce(
  ctx: PlayContext,
  userId: string,
  req: TableActionRequest,
  hash: string,
): Promise<TableAnswer | null> {
  const db = ctx.db.kysely;
  const row = await readForAction(db, userId, ctx.now, req.actionId);
  const prior = row.prior;
  if (prior !== null) {
    if (prior.requestHash !== hash)
      throw new AppError(
        'VALIDATION_FAILED',
        'This actionId was already used for a different action: send a new actionId.',
      );
    return { status: prior.status, body: prior.response } as TableAnswer;
  }
  const { answer, save } = decide(ctx, userId, row, req.version, req.action as TableStep);
  const stored = {
    user_id: userId,
    action_id: req.actionId,
    request_hash: hash,
    table_version: answer.status === 200 ? answer.body.version : row.version,
    status: answer.status,
    response: JSON.stringify(answer.body),
    created_at: ctx.now,
  };
  // A copy of this action id answered first: the next read finds its answer.
  if (save === null) return (await storeRefusal(db, stored)) ? answer : null;
  if (answer.status !== 200) throw new Error('table: an accepted action must answer 200');
  const saved = {
    ...stored,
    readVersion: row.version,
    readCredits: row.credits,
    state: save.state,
    patterns: save.patterns,
    shoePlay: save.shoePlay,
    ledger: save.ledger,
    roundStats: save.roundStats,
    award: save.award,
    reveals: save.reveals,
    forgetBefore:
      save.state.version % RETENTION_EVERY_VERSIONS === 0 ? save.state.version - ACTION_ANSWERS_KEPT_VERSIONS : null,
    training: save.training,
    record: save.record,
  };
  await ctx.hooks.beforeWrite?.(userId);
  if (save.record.some((r) => r.kind === 'decision')) queueMicrotask(() => ctx.grader?.poke());
  const award = save.award;
  // A count check answered: its rewards (experience, the streak achievements) are paid in the
  // transaction that records it, so each answer counts once (docs/rewards.md). Rare.
  const check = save.countCheck;
  if (check !== null) {
    const written = await db.transaction().execute(async (trx) => {
      const w = await writeAction(trx, saved);
      if (w === null) return null;
      const paid = await awardProgress(trx, userId, { type: 'count_check_answered', correct: check.correct }, ctx.now);
      if (paid.credited > 0) {
        answer.body.state.balance += paid.credited;
        await patchSavedAnswer(trx, userId, req.actionId, JSON.stringify(answer.body));
      }
      return w;
    });
    if (written === null) return null;
    return settle(ctx, userId, answer, save.state, written.balance);
  }
  // Achievements and levels are paid in the transaction that moves their counters, so each
  // counts once and a crash cannot lose one (docs/rewards.md). The read's counters say whether
  // this round is likely to cross one (rare: a first blackjack, a new level): only then does the
  // write open a transaction, the statement and the payments in it.
  if (award !== null && wouldCross(award, row.counters)) {
    const written = await db.transaction().execute(async (trx) => {
      const w = await writeAction(trx, saved);
      if (w === null) return null;
      await payRewards(ctx, trx, userId, req.actionId, answer, award, w.counters);
      return w;
    });
    if (written === null) return null;
    return settle(ctx, userId, answer, save.state, written.balance);
  }
  const written = await writeAction(db, saved);
  if (written === null) return null;
  // The read's counters were stale (another event of this player moved them since): the crossing
  // is paid at once, idempotently (each reward has its own ledger key), in its own transaction.
  if (award !== null && answerCrosses(award, written.counters))
    await db.transaction().execute((trx) => payRewards(ctx, trx, userId, req.actionId, answer, award, written.counters));
  return settle(ctx, userId, answer, save.state, written.balance);
}

/**
 * Pays what the round's counters crossed; a reward paid with the action is part of the balance
 * its answer shows, so the stored answer takes it too and a retry answers the same.
 */
async function payRewards(
  ctx: PlayContext,
  trx: Kysely<DB>,
  userId: string,
  actionId: string,
  answer: { status: 200; body: TableSnapshot },
  award: Additions,
  counters: unknown,
): Promise<void> {
  const paid = await finishAward(trx, userId, award, counters, ctx.now);
  if (paid.credited === 0) return;
  answer.body.state.balance += paid.credited;
  await patchSavedAnswer(trx, userId, actionId, JSON.stringify(answer.body));
}

/** The written action's answer, its balance checked against the ledger's rows. */
function settle(
  ctx: PlayContext,
  userId: string,
  answer: { status: 200; body: TableSnapshot },
  state: GameState,
  ledgerBalance: number,
): TableAnswer {
  // The answer may show more (a reward paid with it), never a different ledger result.
  if (ledgerBalance !== state.balance) throw new Error('table money invariant: the ledger moved a different amount');
  ctx.hooks.onSaved?.(userId, state);
  return answer;
}

type SetCounting = { type: 'setCounting'; counting: CountingOptions };
type TrainingAction = Extract<TableActionRequest['action'], { type: 'setTraining' | 'countCheck' }>;
type TableStep = GameAction | SetCounting | TrainingAction;

interface Decision {
  answer: TableAnswer;
  /** What to save: null for a refusal (nothing changes). */
  save: {
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
    /** A count check this action answered (its rewards are paid with the write). */
    countCheck: { correct: boolean } | null;
  } | null;
}

const refused = (answer: TableAnswer): Decision => ({ answer, save: null });

/** Pure: the engine's step and what it moves, from what readForAction read. */
function decide(
  ctx: PlayContext,
  userId: string,
  row: ActionTable,
  version: number,
  action: TableStep,
): Decision {
  const credits = row.credits;
  const state: GameState = { ...row.state, balance: credits };
  // The table as it stands, for a refusal's details: built only when refusing (visible() is
  // not free, and an accepted action answers with the next state instead).
  const current = (): TableSnapshot => snapshotOf(state, credits, row.training);
  if (version !== state.version)
    return refused(refusal('TABLE_VERSION_CONFLICT', 'STALE_VERSION', undefined, current()));

  const unchanged = { ledger: [], roundStats: null, award: null, reveals: [], record: [], countCheck: null };
  if (action.type === 'setTraining' || action.type === 'countCheck') return decideTraining(ctx, row, state, action, current);
  if (action.type === 'setCounting') {
    if (state.gameInProgress)
      return refused(
        refusal('TABLE_ACTION_REFUSED', 'WRONG_PHASE', 'The count can only change between rounds.', current()),
      );
    const next = withCounting(state, action.counting);
    // The count changed: an open check (asked in the old count) lapses.
    const training = { ...row.training, check: null };
    return {
      answer: { status: 200, body: snapshotOf(next, credits, training) },
      save: { ...unchanged, state: next, patterns: row.patterns, shoePlay: row.shoePlay, training },
    };
  }
  if (
    action.type === 'bet' &&
    action.amount !== 0 &&
    (action.amount < TABLE_LIMITS.minBet || action.amount > TABLE_LIMITS.maxBet)
  ) {
    return refused(
      refusal(
        'TABLE_ACTION_REFUSED',
        'BET_OUT_OF_LIMITS',
        `Bets are ${TABLE_LIMITS.minBet} to ${TABLE_LIMITS.maxBet} credits per spot.`,
        current(),
      ),
    );
  }
  let input = state;
  let fee = 0;
  if (action.type === 'deal') {
    fee = CREDIT_COST_HAND * state.handBets.length;
    if (state.handBets.every((b) => b > 0) && state.currentBet + fee > credits) {
      return refused(refusal('INSUFFICIENT_CREDITS', 'INSUFFICIENT_BALANCE', undefined, current()));
    }
    const stacked =
      state.deck === null ? (ctx.hooks.firstShoe?.(userId, state.config.numDecks) ?? null) : null;
    input = {
      ...state,
      balance: credits - fee,
      ...(stacked ? { deck: stacked, roundStartPosition: 0, cardsDealtFromShoe: 0 } : {}),
    };
  }
  // The decision this action makes, as the player saw the table (graded later: ADR 0028).
  const facts = decisionFactsOf(state, action, row.training.settings);
  const result = step(input, action, ctx.rng);
  if (!result.ok) {
    if (result.code === 'INSUFFICIENT_BALANCE')
      return refused(refusal('INSUFFICIENT_CREDITS', 'INSUFFICIENT_BALANCE', undefined, current()));
    return refused(refusal('TABLE_ACTION_REFUSED', result.code, result.reason, current()));
  }
  const next = result.state;
  const move = movementOf(action, fee, input.balance, next);
  // Keys per table version: the version gate lets each be written once (ADR 0009, 0025).
  const ledger: LedgerStep[] = [];
  if (move.debit > 0)
    ledger.push({
      type: 'game',
      amount: -move.debit,
      description: move.fee > 0 ? 'Blackjack: bets and table fee' : `Blackjack: ${action.type}`,
      metadata: { table: row.tableId, version: next.version, action: action.type, fee: move.fee },
      idempotencyKey: `table:${row.tableId}:v${next.version}:stake`,
    });
  if (move.credit > 0)
    ledger.push({
      type: 'game',
      amount: move.credit,
      description: 'Blackjack: round payout',
      metadata: { table: row.tableId, version: next.version },
      idempotencyKey: `table:${row.tableId}:v${next.version}:payout`,
    });
  // Below 0 is refused by the ledger's steps (ledgerStepsSql), the engine having refused it first.
  const balance = credits - move.debit + move.credit;
  next.balance = balance;

  // The decision judged against basic strategy, on the state the player saw (shoe-play.ts).
  // A shoe that left play ends its tally whether or not its reveal waits for the round.
  let shoePlay = nextShoePlay(row.shoePlay, input, action);
  let cleanShoe = false;
  const old = input.deck;
  if (old !== null && (next.deck === null || next.deck.commitment !== old.commitment)) {
    cleanShoe = isCleanShoe(shoePlay, old, input.config.shufflePoint);
    shoePlay = null;
  }

  let patterns = row.patterns;
  let roundStats: RoundStats | null = null;
  if (move.settled && next.lastResult) {
    roundStats = roundStatsOf(next.lastResult, next.sessionStats.currentStreak);
    patterns = addRoundToPatterns(patterns, next.lastResult, next.handBets);
  }
  // Experience and achievement counters (docs/rewards.md), moved by the save: a settled round,
  // and a shoe played by the book that this action replaced. What they cross is paid with it.
  let award: Additions | null = null;
  if ((move.settled && next.lastResult) || cleanShoe) {
    const hands = move.settled && next.lastResult ? next.lastResult.hands : [];
    const blackjacks = hands.filter((h) => h.outcome === 'blackjack').length;
    award = pendingAward({ type: 'round_settled', hands: hands.length, blackjacks, cleanShoe });
    if (award === null) throw new Error('rewards: a settled round must be plain additions');
  }
  const training = trainingAfter(row.training, action.type, input, next, ctx.hooks.countCheckRandom ?? cryptoUnit, ctx.now);
  return {
    answer: { status: 200, body: snapshotOf(next, balance, training) },
    save: {
      state: next,
      patterns,
      shoePlay,
      ledger,
      roundStats,
      award,
      reveals: result.published,
      training,
      record: facts === null ? [] : [decisionRow(facts, ctx.now)],
      countCheck: null,
    },
  };
}

/**
 * The training actions (ADR 0028): `setTraining` changes the coach's standard and when checks
 * are asked, from the next decision on; `countCheck` answers the open check, graded here against
 * the count the server kept when it asked. Each is a step of the table (its version moves).
 */
function decideTraining(
  ctx: PlayContext,
  row: ActionTable,
  state: GameState,
  action: TrainingAction,
  current: () => TableSnapshot,
): Decision {
  const next: GameState = { ...state, version: state.version + 1 };
  const common = { ledger: [], roundStats: null, award: null, reveals: [], patterns: row.patterns, shoePlay: row.shoePlay };
  if (action.type === 'setTraining') {
    const training = { ...row.training, settings: { ...row.training.settings, ...action.settings } };
    return {
      answer: { status: 200, body: snapshotOf(next, row.credits, training) },
      save: { ...common, state: next, training, record: [], countCheck: null },
    };
  }
  if (row.training.check === null || row.training.check.id !== action.id)
    return refused(refusal('TABLE_ACTION_REFUSED', 'NO_COUNT_CHECK', 'That count check is not open: it was answered, or it lapsed when the next round was dealt.', current()));
  const { training, result } = answerCheck(row.training, action.answer);
  return {
    answer: { status: 200, body: snapshotOf(next, row.credits, training) },
    save: { ...common, state: next, training, record: [countCheckRow(result, ctx.now)], countCheck: { correct: result.correct } },
  };
}

/** A new counting system or convention, between rounds: every dealt card is face up, so the recount is exact. */
export function withCounting(s: GameState, counting: CountingOptions): GameState {
  const dealt = s.deck ? s.deck.cards.slice(0, s.deck.position).map(cardFromCode) : [];
  const sys = getCountingSystem(counting.system);
  const runningCount = runningCountOf(sys, dealt, s.config.numDecks);
  const remaining = s.deck ? s.deck.cards.length - s.deck.position : s.config.numDecks * 52;
  return {
    ...s,
    version: s.version + 1,
    counting,
    runningCount,
    runningCountAtBet: runningCount,
    trueCount: decisionCount(sys, runningCount, remaining, counting),
  };
}

/** The betting patterns record (spec section 3) of a player. */
export async function readPatterns(db: Database, userId: string): Promise<Record<string, unknown>> {
  const row = await readTable(db.kysely, userId);
  return row?.patterns ?? {};
}
