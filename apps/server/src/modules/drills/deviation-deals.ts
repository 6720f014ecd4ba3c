/**
 * The deviations drill, dealt and graded by the server (issue 37 item 4, ADR 0053): the set is
 * the player's chosen one for their count, rules and convention, else the fleet's (committed or
 * generated), else, while that is not ready, Hi-Lo's published Illustrious 18 and Fab 4 (the
 * deal says so). The question and its right play are kept with the deal (`question`, secret
 * until answered) and the answer graded against them: answered once, expired after an hour,
 * stored in drill_answer for progress and spaced repetition. It pays nothing, as it never has.
 */
import { randomUUID } from 'node:crypto';
import {
  INSURANCE_INDEX,
  countingSystemOf,
  indexPlays,
  publishedSetOf,
  type CountingSystem,
  type FullIndexSet,
  type IndexSetPlay,
  type Rng,
} from '@card-counter/engine';
import {
  AppError,
  DEVIATION_ANSWERS,
  DRILL_ANSWER_TIME_MAX_ms,
  type DeviationAnswer,
  type DeviationAnswerBody,
  type DeviationDeal,
  type DeviationDealPostBody,
  type DeviationSet,
  type DeviationVerdict,
} from '@card-counter/shared';
import { SLOW_ANSWER_ms } from '@card-counter/shared/drills';
import type { Database } from '../../db/index.ts';
import { basicCharts } from '../../strategy/basic-charts.ts';
import { indexSetKey, readyIndexSet, type IndexSetSpec } from '../indices/index.ts';
import { specOf } from '../indices/spec.ts';
import { lockDeal, storeDeal } from './deals.ts';
import { deviationItems, deviationQuestion, drawWeights, pickWeighted, type DeviationQuestion, type ItemHistory } from './deviation-items.ts';
import { insertDrillAnswers } from './drills.ts';
import { fsrsDueOf } from './schedule.ts';
import { worthBases } from './worth-bases.ts';

const PUBLISHED_NAME = 'Illustrious 18 + Fab 4';

interface Drilled {
  set: FullIndexSet;
  shown: DeviationSet;
  sys: CountingSystem;
  spec: IndexSetSpec;
}

/** The set the drill reads: the player's chosen, the fleet's, or (not ready yet) Hi-Lo's published. */
export async function drilledSet(db: Database, userId: string, spec: IndexSetSpec): Promise<Drilled> {
  const sys = countingSystemOf({ system: spec.count, ...(spec.custom ? { custom: spec.custom } : {}) });
  const key = indexSetKey(spec);
  const size = (s: FullIndexSet) => s.plays.length + (s.insurance === null ? 0 : 1);
  const own = await db.kysely
    .selectFrom('player_index_set')
    .select(['name', 'plays', 'insurance'])
    .where('user_id', '=', userId)
    .where('set_key', '=', key)
    .where('chosen', '=', true)
    .executeTakeFirst();
  if (own !== undefined) {
    const set = { plays: own.plays as IndexSetPlay[], insurance: own.insurance };
    if (size(set) === 0) throw new AppError('VALIDATION_FAILED', `Your set "${own.name}" has no plays to drill: turn one on or choose another set.`);
    return { set, sys, spec, shown: { countName: sys.name, source: 'yours', name: own.name, plays: size(set), fallback: null } };
  }
  const fleet = await readyIndexSet(db, spec);
  if (fleet !== null && size(fleet) > 0) return { set: fleet, sys, spec, shown: { countName: sys.name, source: 'fleet', name: null, plays: size(fleet), fallback: null } };
  // Not ready: what the drill taught before the full sets, in Hi-Lo's true count.
  const row = await db.kysely.selectFrom('index_set').select(['status', 'progress']).where('key', '=', key).executeTakeFirst();
  const why =
    row?.status === 'generating'
      ? `${sys.name}'s full set for these rules is being generated (${Math.round(row.progress * 100)}%)`
      : `${sys.name} has no full set for these rules yet (the Charts page asks for one)`;
  const hiLoSpec: IndexSetSpec = { rules: spec.rules, count: 'hi-lo', trueCount: spec.trueCount };
  const published = publishedSetOf(indexPlays(spec.rules), INSURANCE_INDEX);
  const hiLo = countingSystemOf({ system: 'hi-lo' });
  return {
    set: published,
    sys: hiLo,
    spec: hiLoSpec,
    shown: { countName: hiLo.name, source: 'published', name: PUBLISHED_NAME, plays: size(published), fallback: `${why}: drilling Hi-Lo's ${PUBLISHED_NAME} meanwhile.` },
  };
}

/** The player's deviations answers by item: the latest's verdict and when FSRS wants the item next. */
async function historyOf(db: Database, userId: string): Promise<Map<string, ItemHistory>> {
  const rows = await db.kysely
    .selectFrom('drill_answer')
    .select(['item', 'correct', 'time_ms', 'answered_at'])
    .where('user_id', '=', userId)
    .where('drill', '=', 'deviations')
    .orderBy('id', 'asc')
    .execute();
  const byItem = new Map<string, { drill: 'deviations'; correct: boolean; time_ms: number; answeredAt: string }[]>();
  for (const r of rows) {
    const list = byItem.get(r.item) ?? [];
    list.push({ drill: 'deviations', correct: r.correct, time_ms: r.time_ms, answeredAt: new Date(r.answered_at).toISOString() });
    byItem.set(r.item, list);
  }
  const out = new Map<string, ItemHistory>();
  for (const [item, list] of byItem) out.set(item, { lastCorrect: (list[list.length - 1] as { correct: boolean }).correct, due: fsrsDueOf(list) });
  return out;
}

interface StoredQuestion extends DeviationQuestion {
  entry: IndexSetPlay | null;
  insurance: number | null;
  worth: number;
}

export async function dealDeviation(db: Database, userId: string, body: DeviationDealPostBody, now: Date, rng: Rng): Promise<DeviationDeal> {
  const drilled = await drilledSet(db, userId, specOf(body));
  const { rules, trueCount } = drilled.spec;
  const [chart, worths, history] = await Promise.all([
    basicCharts.request(rules),
    worthBases.worthsOf(rules, drilled.sys, trueCount.rounding, drilled.set),
    historyOf(db, userId),
  ]);
  const items = deviationItems(drilled.set, worths);
  const item = items[pickWeighted(rng, drawWeights(items, history, now))];
  if (item === undefined) throw new Error('a drawn item is one of the items');
  const q = deviationQuestion(rng, rules, chart, drilled.set, item);
  const stored: StoredQuestion = { ...q, entry: item.entry, insurance: drilled.set.insurance, worth: item.worth };
  const dealId = randomUUID();
  await storeDeal(db, userId, {
    id: dealId,
    user_id: userId,
    drill: 'deviations',
    item: item.key,
    counting_system: drilled.spec.count,
    custom: drilled.spec.custom === undefined ? null : JSON.stringify(drilled.spec.custom),
    cards: JSON.stringify([]),
    expected_count: q.count,
    target_ms: SLOW_ANSWER_ms.deviations,
    dealt_at: now,
    question: JSON.stringify(stored),
  });
  return {
    dealId,
    drill: 'deviations',
    item: item.key,
    set: drilled.shown,
    hand: q.hand,
    upcard: q.upcard,
    count: q.count,
    countName: drilled.sys.balanced ? 'true count' : 'running count',
    choices: q.choices,
    dealtAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + DRILL_ANSWER_TIME_MAX_ms).toISOString(),
  };
}

export async function answerDeviation(db: Database, userId: string, dealId: string, body: DeviationAnswerBody, now: Date): Promise<DeviationVerdict> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await lockDeal(trx, userId, dealId);
    if (row.drill !== 'deviations') throw new AppError('VALIDATION_FAILED', 'This deal is not a deviations drill: answer it at /api/me/drills/deals/:dealId/answer.');
    if (row.verdict !== null) {
      const stored = row.verdict as DeviationVerdict;
      if (stored.answered !== body.answer) throw new AppError('DRILL_DEAL_ANSWERED');
      return stored;
    }
    const elapsed_ms = now.getTime() - new Date(row.dealt_at).getTime();
    if (elapsed_ms > DRILL_ANSWER_TIME_MAX_ms) throw new AppError('DRILL_DEAL_EXPIRED');
    const q = row.question as StoredQuestion;
    if (!q.choices.includes(body.answer))
      throw new AppError('VALIDATION_FAILED', `body.answer: this hand's plays are ${q.choices.join(', ')}.`, { field: 'answer' });
    const time_ms = Math.max(0, Math.round(elapsed_ms));
    const correct = body.answer === q.answer;
    const verdict: DeviationVerdict = {
      dealId: row.id,
      item: row.item,
      correct,
      answer: q.answer,
      answered: body.answer,
      entry: q.entry,
      insurance: q.entry === null ? q.insurance : null,
      decidedBy: q.decidedBy,
      worth_per_round: q.worth,
      time_ms,
      answeredAt: now.toISOString(),
    };
    await trx
      .updateTable('drill_deal')
      .set({ answered_at: now, answered_count: DEVIATION_ANSWERS.indexOf(body.answer as DeviationAnswer), correct, time_ms, verdict: JSON.stringify(verdict) })
      .where('id', '=', row.id)
      .where('answered_at', 'is', null)
      .executeTakeFirstOrThrow();
    await insertDrillAnswers(trx, userId, [{ answerId: randomUUID(), drill: 'deviations', item: row.item, correct, time_ms, answeredAt: now.toISOString() }]);
    return verdict;
  });
}

