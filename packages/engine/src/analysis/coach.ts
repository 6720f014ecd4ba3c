// The coach: from what a player at the table can see, the EV of each legal action for the
// hand in the shoe as it really stands, the play of basic strategy, of the Hi-Lo index plays
// at the current count and of exact composition, and what the chosen play cost.
//
// The question holds only public information: card values and the cards seen face up. There
// is no field for the hole card, the undealt cards or their order, so an answer cannot
// depend on them; cards the player has not seen (the hole card, burnt cards, the rest of the
// shoe) are all equally likely to be anywhere, which is what the analyser assumes.
import { cardValue, type Card } from '../cards.ts';
import {
  decisionCount,
  DEFAULT_TRUE_COUNT_OPTIONS,
  getCountingSystem,
  runningCountOf,
  type CountingSystemId,
  type TrueCountOptions,
} from '../counting/index.ts';
import { bestPlay, playsOfTableFor, precomputedIndices, type IndexPlay, type IndexTable } from '../indices/index.ts';
import type { Rules } from '../rules.ts';
import { TABLE_DOUBLE, TABLE_HIT, TABLE_SPLIT, TABLE_STAND, TABLE_SURRENDER, tableIndex } from './codes.ts';
import { assertCard, fullShoe, valuesTotal } from './composition.ts';
import { bestAction, handEvs, type ActionEvs, type PlayerAction } from './hand-ev.ts';
import { maxSplitHands } from './split.ts';
import { computeStrategy } from './strategy.ts';

export interface CoachQuestion {
  rules: Rules;
  /**
   * Every card seen face up since the shuffle, this hand's cards and the upcard included (the
   * cards a counter has counted). Cards, so that Red 7 can count red sevens.
   */
  seenCards: readonly Card[];
  /** The hand's card values (1 = ace .. 10), two or more. */
  hand: readonly number[];
  upcard: number;
  /** Hands at the spot, this one included, when this hand came from a split. */
  splitHandsAtSpot?: number;
  /**
   * The count the player keeps. Index plays (I18 + Fab 4) come from `table`, a table generated
   * for these rules, this count and convention (indexTableFor(), e.g. in a worker: generating
   * takes seconds); without it, for Hi-Lo the published numbers, for another count the
   * committed precomputed table for them when there is one (else none).
   */
  count?: { system: CountingSystemId; trueCount?: TrueCountOptions; indexPlays: boolean; table?: IndexTable };
  /** The action the player took or is about to take, to be costed. */
  chosen?: PlayerAction;
}

export interface CoachAnswer {
  /** EV of each action in units of the hand's initial bet; null where not allowed. */
  evs: ActionEvs;
  /** The best play by exact composition, by the rules' basic strategy chart, and by the index plays at the count (null without index plays, or with a count that has neither a table given or precomputed for the rules nor published numbers). */
  best: { composition: PlayerAction; basic: PlayerAction; index: PlayerAction | null };
  /** Running and decision count (true count for balanced systems, running count otherwise). */
  count: { running: number; decision: number } | null;
  /** EV given up by the chosen action, in units of the bet (0 for the best play). */
  cost: number | null;
}

const CHART_CACHE_SIZE = 16;
const chartCache = new Map<string, Uint8Array>();

/** The rules' basic strategy table (full shoe), cached: computing it takes about a second. */
function basicTable(rules: Rules): Uint8Array {
  const key = JSON.stringify(rules);
  let table = chartCache.get(key);
  if (!table) {
    table = computeStrategy(rules).table;
    if (chartCache.size >= CHART_CACHE_SIZE) chartCache.delete(chartCache.keys().next().value as string);
    chartCache.set(key, table);
  }
  return table;
}

const ACTION_OF_CODE: Record<number, PlayerAction> = {
  [TABLE_STAND]: 'stand',
  [TABLE_HIT]: 'hit',
  [TABLE_DOUBLE]: 'double',
  [TABLE_SPLIT]: 'split',
  [TABLE_SURRENDER]: 'surrender',
};

export function coach(question: CoachQuestion): CoachAnswer {
  const { rules, hand, upcard } = question;
  hand.forEach(assertCard);
  assertCard(upcard);
  const handsAtSpot = question.splitHandsAtSpot ?? 1;
  const isSplitHand = question.splitHandsAtSpot !== undefined;
  if (!Number.isInteger(handsAtSpot) || handsAtSpot < 1 || handsAtSpot > rules.maxSplits + 1) {
    throw new RangeError(`a spot has 1..${rules.maxSplits + 1} hands (got ${handsAtSpot}).`);
  }
  // The shoe before this hand and the upcard were dealt: the full shoe less every other seen card.
  const full = fullShoe(rules.numDecks);
  const shoe = full.slice();
  for (const card of question.seenCards) {
    const v = cardValue(card);
    if ((shoe[v] as number) <= 0) throw new RangeError(`more cards of value ${v} seen than the shoe holds.`);
    shoe[v] = (shoe[v] as number) - 1;
  }
  for (const c of [...hand, upcard]) {
    shoe[c] = (shoe[c] as number) + 1;
    if ((shoe[c] as number) > (full[c] as number))
      throw new RangeError(`the hand and the upcard must be among the seen cards (${c} is not).`);
  }
  const evs = handEvs(rules, shoe, hand, upcard, { isSplitHand, handsAtSpot });
  const composition = bestAction(evs).action;
  const basic = chartPlay(rules, hand, upcard, evs);

  let count: CoachAnswer['count'] = null;
  let index: PlayerAction | null = null;
  if (question.count) {
    const sys = getCountingSystem(question.count.system);
    const running = runningCountOf(sys, question.seenCards, rules.numDecks);
    const cardsLeft = 52 * rules.numDecks - question.seenCards.length;
    const convention = question.count.trueCount ?? DEFAULT_TRUE_COUNT_OPTIONS;
    const decision = decisionCount(sys, running, cardsLeft, convention);
    count = { running, decision };
    const plays = question.count.indexPlays ? indexPlaysFor(rules, sys.id, convention, question.count.table) : null;
    if (plays) {
      index = bestPlay({
        hand,
        upcard,
        trueCount: decision,
        rules,
        basicAction: basic,
        fromSplit: isSplitHand,
        splitAllowed: evs.split !== null,
        plays: plays === 'published' ? undefined : plays,
      }).action;
      if (evs[index] === null) index = basic; // an index entry for an action this hand may not take
    }
  }
  let cost: number | null = null;
  if (question.chosen) {
    const chosen = evs[question.chosen];
    if (chosen === null || chosen === undefined)
      throw new RangeError(`${question.chosen} is not allowed for this hand.`);
    cost = Math.max(0, bestAction(evs).ev - chosen);
  }
  return { evs, best: { composition, basic, index }, count, cost };
}

/**
 * The index plays the coach uses for this count: the given table's (refused when it was made for
 * other rules, count or convention); else for Hi-Lo the published numbers (what the trainer
 * teaches); else a precomputed table's for these rules, count and convention; else none.
 */
function indexPlaysFor(
  rules: Rules,
  system: CountingSystemId,
  convention: TrueCountOptions,
  table: IndexTable | undefined,
): readonly IndexPlay[] | 'published' | null {
  if (!table && system === 'hi-lo') return 'published';
  const t = table ?? precomputedIndices({ rules, count: system, trueCount: convention });
  return t ? playsOfTableFor(t, rules, system, convention).plays : null;
}

/**
 * The basic strategy chart's play for the hand, given what this hand may do (the non-null EVs;
 * legal by construction). `table` is the rules' chart (`computeStrategy(rules).table`, e.g. built
 * in a Web Worker); without it the chart is computed here and cached.
 */
export function chartPlay(
  rules: Rules,
  hand: readonly number[],
  upcard: number,
  evs: ActionEvs,
  table: Uint8Array = basicTable(rules),
): PlayerAction {
  const { total, soft } = valuesTotal(hand);
  if (evs.hit === null && evs.double === null && evs.split === null && evs.surrender === null) return 'stand';
  const pairOk = evs.split !== null && hand[0] !== undefined && maxSplitHands(rules, hand[0]) >= 2;
  // A pair's row is looked up by the total of the pair (A,A as soft 12).
  const key = tableIndex(
    total,
    soft ? 1 : 0,
    upcard,
    evs.double !== null ? 1 : 0,
    pairOk ? 1 : 0,
    evs.surrender !== null ? 1 : 0,
  );
  const action = ACTION_OF_CODE[table[key] as number];
  if (!action || evs[action] === null) {
    // Not in the chart for this shape (e.g. a double the chart would take on a split hand
    // without DAS): the better of hit and stand.
    return (evs.hit ?? -Infinity) > (evs.stand as number) ? 'hit' : 'stand';
  }
  return action;
}
