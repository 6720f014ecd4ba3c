/**
 * Every server-dealt drill's deal and answer (ADR 0027): the countdown (deals.ts), the speed
 * drills (speed-deals.ts, ADR 0062) and bet sizing (bet-deals.ts, ADR 0063). One table
 * (drill_deal), one bound per player, one rule for answers: graded against what the server
 * dealt, timed from the deal on its own clock, answered once (the same answer again gets the
 * stored verdict and pays nothing; another is DRILL_DEAL_ANSWERED), expired after an hour, paid
 * by the rewards module's rules (ADR 0044) in the transaction that marks it answered.
 */
import { randomUUID } from 'node:crypto';
import type { Rng } from '@card-counter/engine';
import {
  AppError,
  DRILL_ANSWER_TIME_MAX_ms,
  type AnyDrillAnswerBody,
  type AnyDrillDeal,
  type AnyDrillDealPostBody,
  type AnyDrillVerdict,
  type BetVerdict,
  type SpeedVerdict,
} from '@card-counter/shared';
import type { Database } from '../../db/index.ts';
import { awardProgress, type DrillShape } from '../rewards/index.ts';
import { readSnapshot } from '../table/index.ts';
import { basicCharts } from '../../strategy/basic-charts.ts';
import { advantageBases } from './advantage-bases.ts';
import { betDeal, gradeBetDeal, tableOfSnapshot } from './bet-deals.ts';
import type { BetQuestion } from './bet-sizing.ts';
import { answerCountdownRow, countOf, dealCountdown, lockDeal, storeDeal } from './deals.ts';
import { insertDrillAnswers } from './drills.ts';
import { gradeSpeed, sameSpeedAnswer, speedDeal, speedShapeOf, type SpeedQuestion } from './speed-deals.ts';

/** Bet sizing pays nothing (answerOnScreen), so its target only has to be a valid one. */
const BET_TARGET_ms = 10_000;

export async function dealDrill(db: Database, userId: string, body: AnyDrillDealPostBody, now: Date, rng: Rng): Promise<AnyDrillDeal> {
  if (body.drill === 'runningCount') return dealCountdown(db, userId, body, now, rng);
  const dealId = randomUUID();
  const times = { dealtAt: now.toISOString(), expiresAt: new Date(now.getTime() + DRILL_ANSWER_TIME_MAX_ms).toISOString() };
  if (body.drill === 'betSizing') {
    const table = tableOfSnapshot(await readSnapshot(db, userId));
    if (body.standard === 'ramp' && table.ramp === null) throw new AppError('DRILL_NO_RAMP');
    const basis = await advantageBases.of(table.rules);
    const row = betDeal(rng, body, table, basis);
    await storeDeal(db, userId, {
      id: dealId,
      user_id: userId,
      drill: 'betSizing',
      item: row.item,
      counting_system: table.counting.system,
      custom: table.counting.custom === undefined ? null : JSON.stringify(table.counting.custom),
      cards: JSON.stringify([]),
      expected_count: row.expected,
      target_ms: BET_TARGET_ms,
      dealt_at: now,
      question: JSON.stringify(row.question),
    });
    return { dealId, ...row.shown, ...times };
  }
  // A round is played by the player's table's rules and their chart (built once per process).
  const table =
    body.drill === 'tableRound'
      ? await (async () => {
          const rules = tableOfSnapshot(await readSnapshot(db, userId)).rules;
          return { rules, chart: await basicCharts.request(rules) };
        })()
      : null;
  const row = speedDeal(rng, body, () => {
    if (table === null) throw new Error('only a round needs the table');
    return table;
  });
  await storeDeal(db, userId, {
    id: dealId,
    user_id: userId,
    drill: body.drill,
    item: row.item,
    counting_system: body.system,
    custom: body.custom === undefined ? null : JSON.stringify(body.custom),
    cards: JSON.stringify(row.codes),
    expected_count: row.expected,
    target_ms: row.target_ms,
    dealt_at: now,
    question: JSON.stringify(row.question),
  });
  return { dealId, ...row.shown, ...times };
}

export async function answerDeal(db: Database, userId: string, dealId: string, body: AnyDrillAnswerBody, now: Date): Promise<AnyDrillVerdict> {
  // The advantage basis is built off the event loop before the row is locked (one per rule set, kept).
  const peek = await db.kysely.selectFrom('drill_deal').select(['drill', 'question']).where('id', '=', dealId).where('user_id', '=', userId).executeTakeFirst();
  const basis = peek?.drill === 'betSizing' ? await advantageBases.of((peek.question as BetQuestion).rules) : null;
  return db.kysely.transaction().execute(async (trx) => {
    const row = await lockDeal(trx, userId, dealId);
    if (row.drill === 'deviations') throw new AppError('VALIDATION_FAILED', 'A deviations drill is answered at /api/me/drills/deviations/:dealId/answer.');
    if (row.drill === 'runningCount') {
      if (!('runningCount' in body)) throw new AppError('VALIDATION_FAILED', 'A countdown is answered with { runningCount }.');
      return answerCountdownRow(trx, userId, row, body.runningCount, now);
    }
    if (row.verdict !== null) {
      const stored = row.verdict as SpeedVerdict | BetVerdict;
      const same = stored.drill === 'betSizing' ? 'bet_credits' in body && body.bet_credits === stored.bet_credits : sameSpeedAnswer(stored, body);
      if (!same) throw new AppError('DRILL_DEAL_ANSWERED');
      return stored;
    }
    const elapsed_ms = now.getTime() - new Date(row.dealt_at).getTime();
    if (elapsed_ms > DRILL_ANSWER_TIME_MAX_ms) throw new AppError('DRILL_DEAL_EXPIRED');
    const time_ms = Math.max(0, Math.round(elapsed_ms));
    const codes = row.cards as number[];
    const count = countOf(row);
    let graded: { correct: boolean; answered: number; verdict: Omit<SpeedVerdict, 'dealId' | 'time_ms' | 'answeredAt' | 'practice'> | Omit<BetVerdict, 'dealId' | 'time_ms' | 'answeredAt' | 'practice'> };
    let shape: DrillShape;
    if (row.drill === 'betSizing') {
      if (basis === null) throw new Error('a bet deal has its basis built before its answer');
      const g = gradeBetDeal(row.item, row.question as BetQuestion, basis, body);
      graded = { correct: g.verdict.correct, answered: g.answered, verdict: g.verdict };
      shape = { kind: 'betSizing' };
    } else {
      const question = row.question as SpeedQuestion;
      if (count === null) throw new Error(`speed deal ${row.id} keeps no count`);
      graded = gradeSpeed(row.drill, row.item, count, codes, Number(row.expected_count), row.target_ms, question, body);
      shape = speedShapeOf(question, codes.length);
    }
    // Shown at once: one flash of all its cards is the pace floor (ADR 0044, 0062).
    const cards = Math.max(1, codes.length);
    const award = await awardProgress(
      trx,
      userId,
      { type: 'drill_finished', correct: graded.correct, duration_ms: time_ms, target_ms: row.target_ms, cards, perFlash: cards, dealtAt: new Date(row.dealt_at), count, shape },
      now,
    );
    const verdict = {
      dealId: row.id,
      ...graded.verdict,
      time_ms,
      answeredAt: now.toISOString(),
      ...(award.practice === null ? {} : { practice: award.practice }),
    } as SpeedVerdict | BetVerdict;
    await trx
      .updateTable('drill_deal')
      .set({ answered_at: now, answered_count: graded.answered, correct: graded.correct, time_ms, practice: award.practice, verdict: JSON.stringify(verdict) })
      .where('id', '=', row.id)
      .where('answered_at', 'is', null)
      .executeTakeFirstOrThrow();
    await insertDrillAnswers(trx, userId, [
      {
        answerId: randomUUID(),
        drill: row.drill,
        item: row.item,
        correct: graded.correct,
        time_ms,
        answeredAt: now.toISOString(),
        ...(row.drill === 'betSizing' ? {} : { cards: codes.length }),
      },
    ]);
    return verdict;
  });
}

