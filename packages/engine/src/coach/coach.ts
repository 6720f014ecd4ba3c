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
  builtInTwin,
  countingSystemOf,
  decisionCount,
  DEFAULT_TRUE_COUNT_OPTIONS,
  runningCountOf,
  type CountId,
  type CountingSystemId,
  type CountSpec,
  type CustomCount,
  type TrueCountOptions,
} from '../counting/index.ts';
import { bestPlay, playsOfTableFor, precomputedIndices, type IndexPlay, type IndexTable } from '../indices/index.ts';
import type { Rules } from '../rules.ts';
import { assertCard, fullShoe } from '../analysis/composition.ts';
import { bestAction, handEvs, type ActionEvs, type PlayerAction } from '../analysis/hand-ev.ts';
import { chartPlay } from './chart-play.ts';

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
   * committed precomputed table for them when there is one (else none). A custom count
   * (`custom`) that counts exactly like a built-in one is that count here.
   */
  count?: { system: CountId; custom?: CustomCount; trueCount?: TrueCountOptions; indexPlays: boolean; table?: IndexTable };
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
    const spec: CountSpec = { system: question.count.system, custom: question.count.custom };
    const sys = countingSystemOf(spec);
    const running = runningCountOf(sys, question.seenCards, rules.numDecks);
    const cardsLeft = 52 * rules.numDecks - question.seenCards.length;
    const convention = question.count.trueCount ?? DEFAULT_TRUE_COUNT_OPTIONS;
    const decision = decisionCount(sys, running, cardsLeft, convention);
    count = { running, decision };
    const plays = question.count.indexPlays ? indexPlaysFor(rules, spec, builtInTwin(sys), convention, question.count.table) : null;
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
  spec: CountSpec,
  twin: CountingSystemId | null,
  convention: TrueCountOptions,
  table: IndexTable | undefined,
): readonly IndexPlay[] | 'published' | null {
  if (!table && twin === 'hi-lo') return 'published';
  const t = table ?? precomputedIndices({ rules, count: spec.system, custom: spec.custom, trueCount: convention });
  return t ? playsOfTableFor(t, rules, spec, convention).plays : null;
}
