/**
 * One table action = one database transaction (ADR 0009):
 * 1. lock the player's table row (created on the first action) so one player's actions queue;
 * 2. an action id already answered gets that answer again (a retry or a racing copy), read in the
 *    lock's statement; a copy that raced it is found by running once more (LockedTable.prior);
 * 3. a stale version gets 409 TABLE_VERSION_CONFLICT with the table as it stands;
 * 4. the engine steps from the player's credit balance (minus the fee at a deal); a refusal is
 *    409 (INSUFFICIENT_CREDITS or TABLE_ACTION_REFUSED, the engine's code in details), nothing changes;
 * 5. accepted: the ledger debits the stakes (and fee) and credits the payout (keys per table
 *    version, so nothing is charged twice), the profile statistics and betting patterns take a
 *    settled round, a replaced shoe's reveal is kept, the state is saved with its new version;
 * 6. the answer is stored under (user, action id) in the same transaction.
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
import type { LiveTopic } from '../../live/topics.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { finishAward, pendingAward, type Additions } from '../rewards/index.ts';
import type { TableHooks } from './hooks.ts';
import { movementOf } from './money.ts';
import { recordReveal } from './reveals.ts';
import { isCleanShoe, nextShoePlay, type ShoePlay } from './shoe-play.ts';
import { addRoundToPatterns, roundStatsOf, type RoundStats } from './stats.ts';
import { lockTable, newTableState, patchSavedAnswer, readCredits, readTable, saveTable, type LockedTable } from './store.ts';

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
}

export function defaultRng(hooks: TableHooks): Rng {
  return hooks.rng ?? cryptoRng();
}

function snapshotOf(state: GameState, credits: number): TableSnapshot {
  // The balance shown is the credit balance now (a bonus or purchase may have moved it since).
  return { version: state.version, state: { ...visible(state), balance: credits } as TableSnapshot['state'] };
}

/** GET /api/table: the stored table, or the fresh one the first action will create. */
export async function readSnapshot(db: Database, userId: string): Promise<TableSnapshot> {
  const [row, credits] = await Promise.all([
    readTable(db.kysely, userId),
    readCredits(db.kysely, userId, false),
  ]);
  return snapshotOf(row?.state ?? newTableState(credits), credits);
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

/** A racing copy of the same action committed its answer first (see LockedTable.prior). */
const isAnsweredRace = (e: unknown): boolean => isUniqueViolation(e, 'game_table_actions_pkey');

export async function applyTableAction(
  ctx: PlayContext,
  userId: string,
  req: TableActionRequest,
): Promise<TableAnswer> {
  const hash = requestHash(req);
  try {
    return await applyOnce(ctx, userId, req, hash);
  } catch (e) {
    // Everything the lost race did rolled back with it; the second run answers as the winner
    // did. Once only: the winner's answer row is committed, so the second run sees it.
    if (!isAnsweredRace(e)) throw e;
    return applyOnce(ctx, userId, req, hash);
  }
}

function applyOnce(
  ctx: PlayContext,
  userId: string,
  req: TableActionRequest,
  hash: string,
): Promise<TableAnswer> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await lockTable(trx, userId, ctx.now, req.actionId);
    const prior = row.prior;
    if (prior !== null) {
      if (prior.requestHash !== hash)
        throw new AppError(
          'VALIDATION_FAILED',
          'This actionId was already used for a different action: send a new actionId.',
        );
      return { status: prior.status, body: prior.response } as TableAnswer;
    }
    const { answer, save } = await decide(
      ctx,
      trx,
      userId,
      row,
      req.version,
      req.action as GameAction | SetCounting,
    );
    const stored = {
      user_id: userId,
      action_id: req.actionId,
      request_hash: hash,
      table_version: answer.status === 200 ? answer.body.version : row.version,
      status: answer.status,
      response: JSON.stringify(answer.body),
      created_at: ctx.now,
    };
    if (save === null) await trx.insertInto('game_table_actions').values(stored).execute();
    else {
      // The new state, the answer, the round's statistics and reward counters and the live
      // notices in one statement (store.ts).
      const counters = await saveTable(
        trx,
        {
          ...stored,
          state: save.state,
          patterns: save.patterns,
          shoePlay: save.shoePlay,
          roundStats: save.roundStats,
          award: save.award,
        },
        save.notices,
      );
      if (save.award !== null && answer.status === 200) {
        // Achievements and levels the counters crossed (docs/rewards.md), paid in this
        // transaction so each counts once; a reward paid with the action is part of the
        // balance its answer shows.
        const award = await finishAward(trx, userId, save.award, counters, ctx.now);
        if (award.credited > 0) {
          answer.body.state.balance += award.credited;
          await patchSavedAnswer(trx, userId, req.actionId, JSON.stringify(answer.body));
        }
      }
      ctx.hooks.onSaved?.(userId, save.state);
    }
    if (answer.status === 200 && answer.body.version % RETENTION_EVERY_VERSIONS === 0) {
      await trx
        .deleteFrom('game_table_actions')
        .where('user_id', '=', userId)
        .where('table_version', '<', answer.body.version - ACTION_ANSWERS_KEPT_VERSIONS)
        .execute();
    }
    return answer;
  });
}

type SetCounting = { type: 'setCounting'; counting: CountingOptions };

interface Decision {
  answer: TableAnswer;
  /** What to save: null for a refusal (nothing changes). */
  save: {
    state: GameState;
    patterns: BettingPatterns;
    shoePlay: ShoePlay | null;
    /** A round settled: the profile's statistics take it with the save. */
    roundStats: RoundStats | null;
    /** The reward counters the save moves (a settled round, a clean shoe). */
    award: Additions | null;
    notices: LiveTopic[];
  } | null;
}

const refused = (answer: TableAnswer): Decision => ({ answer, save: null });

async function decide(
  ctx: PlayContext,
  trx: Kysely<DB>,
  userId: string,
  row: LockedTable,
  version: number,
  action: GameAction | SetCounting,
): Promise<Decision> {
  const credits = row.credits;
  const state: GameState = { ...row.state, balance: credits };
  // The table as it stands, for a refusal's details: built only when refusing (visible() is
  // not free, and an accepted action answers with the next state instead).
  const current = (): TableSnapshot => snapshotOf(state, credits);
  if (version !== state.version)
    return refused(refusal('TABLE_VERSION_CONFLICT', 'STALE_VERSION', undefined, current()));

  if (action.type === 'setCounting') {
    if (state.gameInProgress)
      return refused(
        refusal('TABLE_ACTION_REFUSED', 'WRONG_PHASE', 'The count can only change between rounds.', current()),
      );
    const next = withCounting(state, action.counting);
    return {
      answer: { status: 200, body: snapshotOf(next, credits) },
      save: { state: next, patterns: row.patterns, shoePlay: row.shoePlay, roundStats: null, award: null, notices: ['table'] },
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
  const result = step(input, action, ctx.rng);
  if (!result.ok) {
    if (result.code === 'INSUFFICIENT_BALANCE')
      return refused(refusal('INSUFFICIENT_CREDITS', 'INSUFFICIENT_BALANCE', undefined, current()));
    return refused(refusal('TABLE_ACTION_REFUSED', result.code, result.reason, current()));
  }
  const next = result.state;
  const move = movementOf(action, fee, input.balance, next);
  let balance = credits;
  if (move.debit > 0) {
    const r = await applyCreditInTransaction(
      trx,
      {
        userId,
        type: 'game',
        amount: -move.debit,
        description: move.fee > 0 ? 'Blackjack: bets and table fee' : `Blackjack: ${action.type}`,
        metadata: { table: row.tableId, version: next.version, action: action.type, fee: move.fee },
        idempotencyKey: `table:${row.tableId}:v${next.version}:stake`,
        now: ctx.now,
      },
      { credits: balance },
    );
    balance = r.balance;
  }
  if (move.credit > 0) {
    const r = await applyCreditInTransaction(
      trx,
      {
        userId,
        type: 'game',
        amount: move.credit,
        description: 'Blackjack: round payout',
        metadata: { table: row.tableId, version: next.version },
        idempotencyKey: `table:${row.tableId}:v${next.version}:payout`,
        now: ctx.now,
      },
      { credits: balance },
    );
    balance = r.balance;
  }
  if (balance !== credits - move.debit + move.credit)
    throw new Error('table money invariant: the ledger moved a different amount');
  next.balance = balance;

  // The decision judged against basic strategy, on the state the player saw (shoe-play.ts).
  let shoePlay = nextShoePlay(row.shoePlay, input, action);
  let cleanShoe = false;
  const old = input.deck;
  if (old !== null && (next.deck === null || next.deck.commitment !== old.commitment)) {
    await recordReveal(trx, userId, old, ctx.now);
    cleanShoe = isCleanShoe(shoePlay, old, input.config.shufflePoint);
    shoePlay = null;
  }

  let patterns = row.patterns;
  let roundStats: RoundStats | null = null;
  // Every accepted action changes the table: the player's other tabs follow it.
  const notices: LiveTopic[] = ['table'];
  if (move.settled && next.lastResult) {
    roundStats = roundStatsOf(next.lastResult, next.sessionStats.currentStreak);
    patterns = addRoundToPatterns(patterns, next.lastResult, next.handBets);
    // The profile stream carries the statistics; a losing round moved no credit after the deal
    // (a credit's ledger entry has announced the profile already).
    if (move.credit === 0) notices.push('profile');
  }
  // Experience and achievement counters (docs/rewards.md), moved by the save: a settled round,
  // and a shoe played by the book that this action replaced. What they cross is paid after it.
  let award: Additions | null = null;
  if ((move.settled && next.lastResult) || cleanShoe) {
    const hands = move.settled && next.lastResult ? next.lastResult.hands : [];
    const blackjacks = hands.filter((h) => h.outcome === 'blackjack').length;
    award = pendingAward({ type: 'round_settled', hands: hands.length, blackjacks, cleanShoe });
    if (award === null) throw new Error('rewards: a settled round must be plain additions');
  }
  return {
    answer: { status: 200, body: snapshotOf(next, balance) },
    save: { state: next, patterns, shoePlay, roundStats, award, notices },
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
