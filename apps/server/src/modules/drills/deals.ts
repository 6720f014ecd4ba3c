/**
 * Server-dealt drills: the only drills that pay (ADR 0027, docs/decisions/0027-server-dealt-drills.md).
 * The server shuffles with the engine's cryptoRng, deals a countdown, keeps the cards and their
 * count, and sends the cards only. The answer is graded against the cards it dealt and timed
 * from the deal to the answer's arrival on the server's clock; in one transaction it marks the
 * deal answered, stores the drill_answer row (progress, spaced repetition) and pays
 * drill_finished. A deal is answered once (the same answer again gets the same verdict and
 * pays nothing; another answer is DRILL_DEAL_ANSWERED), belongs to its player (anyone else's
 * id is 404), expires after DRILL_ANSWER_TIME_MAX_ms (DRILL_DEAL_EXPIRED) and a player holds at
 * most DRILL_DEALS_PER_USER_MAX deals (a new one drops the oldest).
 */
import { randomUUID } from 'node:crypto';
import {
  cardFromCode,
  countingSystemOf,
  createShoe,
  runningCountOf,
  type CountSpec,
  type Rng,
} from '@card-counter/engine';
import {
  AppError,
  COUNTDOWN_HELD_BACK_MAX,
  COUNTDOWN_TARGET_PER_DECK_ms,
  DRILL_ANSWER_TIME_MAX_ms,
  DRILL_DEALS_PER_USER_MAX,
  countdownItem,
  type DrillDeal,
  type DrillDealPostBody,
  type DrillDealVerdict,
} from '@card-counter/shared';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { awardProgress } from '../rewards/index.ts';
import { insertDrillAnswers } from './drills.ts';
import { oneTo } from './random.ts';
import type { DrillDealTable } from './tables.ts';

const CARDS_PER_DECK = 52;

/** The deal's cards (codes) and their count: full decks shuffled, a few held back at the end. */
export function countdownCards(rng: Rng, decks: number, count: CountSpec): { codes: number[]; expected: number } {
  // createShoe: Fisher-Yates with unbiased integers over `decks` full decks (engine, ADR 0004).
  const shoe = createShoe(decks, rng);
  const heldBack = oneTo(rng, COUNTDOWN_HELD_BACK_MAX);
  const codes = shoe.cards.slice(0, decks * CARDS_PER_DECK - heldBack);
  const expected = runningCountOf(countingSystemOf(count), codes.map(cardFromCode), decks);
  if (!Number.isFinite(expected)) throw new Error(`a countdown's count must be finite, got ${expected}`);
  return { codes, expected };
}

/** Stores a deal, keeping the player's newest DRILL_DEALS_PER_USER_MAX (a new deal drops the oldest). */
export async function storeDeal(db: Database, userId: string, values: Insertable<DrillDealTable>): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    // One deal at a time per player, so the bound holds exactly under concurrent deals.
    await sql`select pg_advisory_xact_lock(hashtext(${`drill_deal:${userId}`}))`.execute(trx);
    const keep = trx
      .selectFrom('drill_deal')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('dealt_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DRILL_DEALS_PER_USER_MAX - 1);
    await trx.deleteFrom('drill_deal').where('user_id', '=', userId).where('id', 'not in', keep).execute();
    await trx.insertInto('drill_deal').values(values).execute();
  });
}

export async function dealCountdown(
  db: Database,
  userId: string,
  body: DrillDealPostBody,
  now: Date,
  rng: Rng,
): Promise<DrillDeal> {
  const { codes, expected } = countdownCards(rng, body.decks, { system: body.system, custom: body.custom });
  const dealId = randomUUID();
  const item = countdownItem(body.decks, body.perFlash);
  await storeDeal(db, userId, {
    id: dealId,
    user_id: userId,
    drill: body.drill,
    item,
    counting_system: body.system,
    custom: body.custom === undefined ? null : JSON.stringify(body.custom),
    cards: JSON.stringify(codes),
    expected_count: expected,
    target_ms: body.decks * COUNTDOWN_TARGET_PER_DECK_ms,
    dealt_at: now,
  });
  return {
    dealId,
    drill: body.drill,
    item,
    decks: body.decks,
    perFlash: body.perFlash,
    system: body.system,
    ...(body.custom === undefined ? {} : { custom: body.custom }),
    cards: codes.map(cardFromCode),
    dealtAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + DRILL_ANSWER_TIME_MAX_ms).toISOString(),
  };
}

/** Cards shown at a time, from the deal's item (`rc:<decks>d:<perFlash>c`, the server's own: countdownItem). */
function perFlashOf(item: string): number {
  const m = /^rc:\d+d:(\d+)c$/.exec(item);
  if (m === null) throw new Error(`a countdown's item, got ${item}`);
  return Number(m[1]);
}

/** The count the deal was dealt in; null for a custom deal from before migration 0021, which kept no definition. */
export function countOf(row: Selectable<DrillDealTable>): CountSpec | null {
  if (row.counting_system !== 'custom') return { system: row.counting_system as CountSpec['system'] };
  return row.custom === null ? null : { system: 'custom', custom: row.custom };
}

type AnsweredDeal = Selectable<DrillDealTable> & {
  answered_at: Date;
  answered_count: number;
  correct: boolean;
  time_ms: number;
};

function verdictOf(row: AnsweredDeal): DrillDealVerdict {
  // A countdown's reason is one of the table's: bet sizing's own (answerOnScreen) is never its.
  if (row.practice === 'answerOnScreen') throw new Error(`countdown ${row.id} kept bet sizing's practice reason`);
  return {
    dealId: row.id,
    item: row.item,
    correct: row.correct,
    expected: Number(row.expected_count),
    answered: Number(row.answered_count),
    time_ms: row.time_ms,
    target_ms: row.target_ms,
    answeredAt: new Date(row.answered_at).toISOString(),
    ...(row.practice === null ? {} : { practice: row.practice }),
  };
}

function isAnswered(row: Selectable<DrillDealTable>): row is AnsweredDeal {
  return row.answered_at !== null && row.answered_count !== null && row.correct !== null && row.time_ms !== null;
}

/** Locks the player's deal for its answer; anyone else's, or none, is NOT_FOUND (nothing about it is told). */
export async function lockDeal(trx: Kysely<DB>, userId: string, dealId: string): Promise<Selectable<DrillDealTable>> {
  // Locked: two answers of one deal queue here, and the second sees the first's verdict.
  const row = await trx
    .selectFrom('drill_deal')
    .selectAll()
    .where('id', '=', dealId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined) throw new AppError('NOT_FOUND', 'No such drill of yours. Start a new one.');
  return row;
}

/** The countdown's answer, in the caller's transaction holding its row (answer-deal.ts). */
export async function answerCountdownRow(
  trx: Kysely<DB>,
  userId: string,
  row: Selectable<DrillDealTable>,
  runningCount: number,
  now: Date,
): Promise<DrillDealVerdict> {
  const dealId = row.id;
  // Answered first, expired second: a retry of an answer keeps its verdict after the deal expires.
  if (isAnswered(row)) {
    if (Number(row.answered_count) !== runningCount) throw new AppError('DRILL_DEAL_ANSWERED');
    return verdictOf(row);
  }
  const elapsed_ms = now.getTime() - new Date(row.dealt_at).getTime();
  if (elapsed_ms > DRILL_ANSWER_TIME_MAX_ms) throw new AppError('DRILL_DEAL_EXPIRED');
  // Below 0 only when another process dealt it with a clock ahead of this one's.
  const time_ms = Math.max(0, Math.round(elapsed_ms));
  const correct = runningCount === Number(row.expected_count);
  const cards = (row.cards as number[]).length;
  // Whether it pays is the rewards module's call (ADR 0044): the count, the pace from the
  // cards dealt and shown at a time, today's bound. In the transaction that marks it answered.
  const award = await awardProgress(
    trx,
    userId,
    { type: 'drill_finished', correct, duration_ms: time_ms, target_ms: row.target_ms, cards, perFlash: perFlashOf(row.item), dealtAt: new Date(row.dealt_at), count: countOf(row) },
    now,
  );
  const answered = await trx
    .updateTable('drill_deal')
    .set({ answered_at: now, answered_count: runningCount, correct, time_ms, practice: award.practice })
    .where('id', '=', dealId)
    .where('answered_at', 'is', null)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!isAnswered(answered)) throw new Error('the deal was just answered: its answer columns are set');
  // The answer's row for progress and spaced repetition: a fresh id the browser cannot know,
  // so nothing it posted to /api/me/drills/answers can stand in for it.
  await insertDrillAnswers(trx, userId, [
    {
      answerId: randomUUID(),
      drill: row.drill,
      item: row.item,
      correct,
      time_ms,
      answeredAt: now.toISOString(),
    },
  ]);
  return verdictOf(answered);
}
