/**
 * The speed drills the server deals (docs/decisions/0062-speed-drills.md): a flash of 2-6 cards
 * counted as a group, 6-8 pairs judged to cancel or not, a table's finished round counted in one
 * glance. Each is one deal (its cards, timed from the deal: the moment it was shown) and one
 * answer, graded here against the cards the server dealt; deals.ts stores and pays them.
 */
import { cardFromCode, type CountSpec, type Rng, type Rules } from '@card-counter/engine';
import {
  AppError,
  SPEED_TARGET_PER_CARD_ms,
  flashItem,
  pairsItem,
  tableRoundItem,
  type AnyDrillAnswerBody,
  type SpeedDeal,
  type SpeedDealPostBody,
  type SpeedVerdict,
} from '@card-counter/shared';
import type { SpeedShape } from '../rewards/index.ts';
import { cancellingPairs, flashCodes, groupCount, pairCodes, tableRoundCodes } from './speed-cards.ts';

/** What deals.ts stores of a speed deal: its cards in order, the answer, and the question's layout. */
export interface SpeedDealRow {
  item: string;
  codes: number[];
  expected: number;
  target_ms: number;
  question: SpeedQuestion;
  /** The deal as the player gets it, less the ids and times deals.ts adds. */
  shown: DistributiveOmit<SpeedDeal, 'dealId' | 'dealtAt' | 'expiresAt'>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Kept with the deal (drill_deal.question), never sent before the answer. */
export type SpeedQuestion =
  | { kind: 'flash' }
  | { kind: 'pairs'; cancelling: number[] }
  | { kind: 'tableRound'; handSizes: number[] };

const targetOf = (cards: number) => Math.ceil(cards * SPEED_TARGET_PER_CARD_ms);

/** The cards of a speed deal. `table` is the player's rules and their chart (a round only). */
export function speedDeal(
  rng: Rng,
  body: SpeedDealPostBody,
  table: () => { rules: Rules; chart: Uint8Array },
): SpeedDealRow {
  const count: CountSpec = body.custom === undefined ? { system: body.system } : { system: body.system, custom: body.custom };
  const countShown = { system: body.system, ...(body.custom === undefined ? {} : { custom: body.custom }) };
  switch (body.drill) {
    case 'flash': {
      const codes = flashCodes(rng, body.cards);
      return {
        item: flashItem(body.cards),
        codes,
        expected: groupCount(count, codes),
        target_ms: targetOf(codes.length),
        question: { kind: 'flash' },
        shown: { drill: 'flash', item: flashItem(body.cards), ...countShown, cards: codes.map(cardFromCode) },
      };
    }
    case 'pairs': {
      const pairs = pairCodes(rng, body.pairs);
      const cancelling = cancellingPairs(count, pairs);
      return {
        item: pairsItem(body.pairs),
        codes: pairs.flat(),
        expected: cancelling.length,
        target_ms: targetOf(2 * pairs.length),
        question: { kind: 'pairs', cancelling },
        shown: {
          drill: 'pairs',
          item: pairsItem(body.pairs),
          ...countShown,
          pairs: pairs.map((pair) => pair.map(cardFromCode)),
        },
      };
    }
    case 'tableRound': {
      const { rules, chart } = table();
      const round = tableRoundCodes(rng, rules, body.seats, chart);
      const codes = [...round.seats.flat(), ...round.dealer];
      return {
        item: tableRoundItem(body.seats),
        codes,
        expected: groupCount(count, codes),
        target_ms: targetOf(codes.length),
        question: { kind: 'tableRound', handSizes: [...round.seats.map((h) => h.length), round.dealer.length] },
        shown: {
          drill: 'tableRound',
          item: tableRoundItem(body.seats),
          ...countShown,
          seats: round.seats.map((h) => h.map(cardFromCode)),
          dealer: round.dealer.map(cardFromCode),
        },
      };
    }
  }
}

/** The facts of a speed deal the rewards module decides on (ADR 0044): cards, shown at once, and the drill's shape. */
export function speedShapeOf(question: SpeedQuestion, cards: number): SpeedShape {
  if (question.kind === 'pairs') return { kind: 'pairs', pairs: cards / 2 };
  return { kind: question.kind, cards };
}

export interface SpeedGrade {
  correct: boolean;
  /** The answer as a number (drill_deal.answered_count): the count, or how many pairs were marked. */
  answered: number;
  verdict: Omit<SpeedVerdict, 'dealId' | 'time_ms' | 'answeredAt' | 'practice'>;
}

/** Grades an answer against the deal's stored cards and question; an answer of another drill's shape is refused. */
export function gradeSpeed(
  drill: SpeedVerdict['drill'],
  item: string,
  count: CountSpec,
  codes: readonly number[],
  expected: number,
  target_ms: number,
  question: SpeedQuestion,
  body: AnyDrillAnswerBody,
): SpeedGrade {
  const base = { drill, item, cards: codes.length, target_ms, expected };
  if (question.kind === 'pairs') {
    if (!('cancelling' in body)) throw new AppError('VALIDATION_FAILED', 'A pairs drill is answered with { cancelling: [the pairs that cancel] }.');
    const pairs = codes.length / 2;
    if (body.cancelling.some((i) => i >= pairs)) throw new AppError('VALIDATION_FAILED', `This drill has ${pairs} pairs (0 to ${pairs - 1}).`);
    const marked = [...body.cancelling].sort((a, b) => a - b);
    const correct = marked.length === question.cancelling.length && marked.every((m, i) => m === question.cancelling[i]);
    return { correct, answered: marked.length, verdict: { ...base, correct, answered: marked.length, cancelling: question.cancelling, marked } };
  }
  if (!('runningCount' in body)) throw new AppError('VALIDATION_FAILED', 'This drill is answered with { runningCount: the count of the cards }.');
  const correct = body.runningCount === expected;
  const verdict: SpeedGrade['verdict'] = { ...base, correct, answered: body.runningCount };
  if (question.kind === 'tableRound') {
    const handCounts: number[] = [];
    let at = 0;
    for (const size of question.handSizes) {
      handCounts.push(groupCount(count, codes.slice(at, at + size)));
      at += size;
    }
    verdict.handCounts = handCounts;
  }
  return { correct, answered: body.runningCount, verdict };
}

/** Whether a second answer is the first one again (then it gets the stored verdict). */
export function sameSpeedAnswer(verdict: SpeedVerdict, body: AnyDrillAnswerBody): boolean {
  if (verdict.marked !== undefined) {
    if (!('cancelling' in body)) return false;
    const marked = [...body.cancelling].sort((a, b) => a - b);
    return marked.length === verdict.marked.length && marked.every((m, i) => m === verdict.marked?.[i]);
  }
  return 'runningCount' in body && body.runningCount === verdict.answered;
}
