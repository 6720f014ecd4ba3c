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
import { cryptoRng, rememberBasicStrategyTable, type GameState, type Rng } from '@card-counter/engine';
import { AppError, type TableActionRequest, type TableSnapshot } from '@card-counter/shared';
import type { Kysely } from 'kysely';
import { isUniqueViolation, type Database, type DB } from '../../db/index.ts';
import { basicCharts } from '../../strategy/basic-charts.ts';
import { answerCrosses, awardProgress, finishAward, wouldCross, type Additions } from '../rewards/index.ts';
import { decide, snapshotOf, type DecideContext, type Save, type TableAnswer, type TableStep } from './decide.ts';
import type { TableHooks } from './hooks.ts';
import { newTableState, readCredits, readForAction, readTable, type ActionTable } from './store.ts';
import { cryptoUnit, trainingOf } from './training.ts';
import {
  patchSavedAnswer,
  storeRefusal,
  writeAction,
  type SavedAction,
  type StoredAnswer,
  type WriteResult,
} from './write-action.ts';

export { withCounting, type TableAnswer } from './decide.ts';

/** Answered actions kept per player: ids older than this many versions are forgotten. */
export const ACTION_ANSWERS_KEPT_versions = 1000;
/** Retention runs every this many versions (amortised: one DELETE per 100 actions). */
const RETENTION_EVERY_versions = 100;

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

/** GET /api/table: the stored table, or the fresh one the first action will create. */
export async function readSnapshot(db: Database, userId: string): Promise<TableSnapshot> {
  const [row, credits] = await Promise.all([
    readTable(db.kysely, userId),
    readCredits(db.kysely, userId),
  ]);
  return snapshotOf(row?.state ?? newTableState(credits), credits, row?.training ?? trainingOf(null));
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

/** The hash an action id's answer is kept under: the same id with another action is refused. */
export function requestHash(req: TableActionRequest): string {
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
  if (row.prior !== null) return priorAnswer(row.prior, hash);
  await chartForSeats(row.state);
  const { answer, save } = decide(decideContext(ctx, userId), row, req.version, req.action as TableStep);
  const stored: StoredAnswer = {
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
  await ctx.hooks.beforeWrite?.(userId);
  if (save.record.some((r) => !r.graded)) queueMicrotask(() => ctx.grader?.poke());
  const accepted = { userId, actionId: req.actionId, answer, save, readCounters: row.counters };
  const written = await writeAndPay(ctx, accepted, savedAction(stored, row, save));
  if (written === null) return null;
  return settle(ctx, userId, answer, save.state, written.balance);
}

/**
 * Computer seats play the rules' chart inside the engine's step: it is built on the chart
 * worker (about a second of CPU, once per rule set and process) and handed to the engine
 * before the step, so a table action never builds it on the event loop.
 */
async function chartForSeats(state: GameState): Promise<void> {
  if (state.config.otherPlayers === 0) return;
  rememberBasicStrategyTable(state.config, await basicCharts.request(state.config));
}

/** The answer stored under a used action id, for the same request only. */
function priorAnswer(prior: NonNullable<ActionTable['prior']>, hash: string): TableAnswer {
  if (prior.requestHash !== hash)
    throw new AppError(
      'VALIDATION_FAILED',
      'This actionId was already used for a different action: send a new actionId.',
    );
  return { status: prior.status, body: prior.response } as TableAnswer;
}

/** What the pure decision is given: the shuffle, the clock, the count-check draw and a test's first shoe. */
function decideContext(ctx: PlayContext, userId: string): DecideContext {
  return {
    rng: ctx.rng,
    now: ctx.now,
    random: ctx.hooks.countCheckRandom ?? cryptoUnit,
    firstShoe: ctx.hooks.firstShoe && ((numDecks) => ctx.hooks.firstShoe?.(userId, numDecks) ?? null),
  };
}

/** The write of an accepted action: its answer, what the decision saves, and the read it is gated on. */
function savedAction(stored: StoredAnswer, row: ActionTable, save: Save): SavedAction {
  return {
    ...stored,
    readVersion: row.version,
    readCredits: row.credits,
    state: save.state,
    // Unchanged (the very object read) is not written again: see SavedAction.
    patterns: save.patterns === row.patterns ? null : save.patterns,
    shoePlay: save.shoePlay,
    ledger: save.ledger,
    roundStats: save.roundStats,
    award: save.award,
    reveals: save.reveals,
    forgetBefore:
      save.state.version % RETENTION_EVERY_versions === 0 ? save.state.version - ACTION_ANSWERS_KEPT_versions : null,
    training: save.training === row.training ? null : save.training,
    record: save.record,
  };
}

interface Accepted {
  userId: string;
  actionId: string;
  answer: { status: 200; body: TableSnapshot };
  save: Save;
  /** The reward counters as read with the table (readForAction). */
  readCounters: ActionTable['counters'];
}

/**
 * Writes the accepted action and pays the rewards it earns; null when the write found what it
 * read had changed. Rewards are paid in the transaction that moves their counters, so each counts
 * once and a crash cannot lose one (docs/rewards.md): a count check answered (its streak), or a
 * round the read's counters say will cross an achievement or a level (rare). Otherwise the write
 * is the one statement; if the read's counters were stale (another event of this player moved
 * them since) the crossing its answer shows is paid at once, idempotently, in its own transaction.
 */
async function writeAndPay(ctx: PlayContext, a: Accepted, saved: SavedAction): Promise<WriteResult | null> {
  const db = ctx.db.kysely;
  const { award, countCheck } = a.save;
  const pays = (trx: Kysely<DB>, counters: unknown) => payWithAnswer(ctx, trx, a, { award, countCheck, counters });
  const inTransaction = countCheck !== null || (award !== null && wouldCross(award, a.readCounters));
  const written = inTransaction
    ? await db.transaction().execute(async (trx) => {
        const w = await writeAction(trx, saved);
        if (w !== null) await pays(trx, w.counters);
        return w;
      })
    : await writeAction(db, saved);
  if (written === null) return null;
  if (!inTransaction && award !== null && answerCrosses(award, written.counters))
    await db.transaction().execute((trx) => pays(trx, written.counters));
  return written;
}

/**
 * Pays what the action earned (a count check's reward, what the round's counters crossed); a
 * reward paid with the action is part of the balance its answer shows, so the stored answer
 * takes it too and a retry answers the same.
 */
async function payWithAnswer(
  ctx: PlayContext,
  trx: Kysely<DB>,
  a: Accepted,
  earned: { award: Additions | null; countCheck: Save['countCheck']; counters: unknown },
): Promise<void> {
  const { userId, actionId, answer } = a;
  let credited = 0;
  if (earned.countCheck !== null)
    credited += (await awardProgress(trx, userId, { type: 'count_check_answered', ...earned.countCheck }, ctx.now)).credited;
  if (earned.award !== null) credited += (await finishAward(trx, userId, earned.award, earned.counters, ctx.now)).credited;
  if (credited === 0) return;
  answer.body.state.balance += credited;
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

/** A player's betting patterns: per running count at the bet, bets, amount, wins, losses, average bet. */
export async function readPatterns(db: Database, userId: string): Promise<Record<string, unknown>> {
  const row = await readTable(db.kysely, userId);
  // Kept by the running count at each bet: in test mode they would tell the count (ADR 0031).
  if (row?.training.settings.testMode === true) throw new AppError('TEST_MODE_COUNTS_WITHHELD');
  return row?.patterns ?? {};
}
