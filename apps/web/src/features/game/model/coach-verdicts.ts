import { cardValue, currentHand, type PlayerAction, type VisibleGameState } from '@card-counter/engine';
import type { CoachEngine } from './coach-engine-types.ts';
import type { TableAdvice } from './coach-index.ts';
import type { DecisionEntry } from '@card-counter/shared';
import { valueLabel } from '@/shared/ui/card-names.ts';
import { MOVE_NAMES } from './hand-labels.ts';

// The coach's verdicts on the player's choices, and the record entries they make: pure
// functions of the table as the player sees it (hooks/use-coach.ts keeps the session's).

export interface Verdict {
  hand: number[];
  upcard: number;
  trueCount: number;
  chosen: PlayerAction;
  advice: TableAdvice;
  correct: boolean;
  /** Credits of expected value given away by the choice. */
  cost: number;
  /** The early-surrender question before the peek (decision record 0050): chosen is 'surrender' or the play that playing on is worth. */
  early?: boolean;
  /** The verdict in words, when it is not a play's (early surrender's, early-surrender-verdict.ts). */
  sentence?: string;
}

/**
 * The insurance decision: basic strategy never insures; the Hi-Lo index insures at +3 and up.
 * Its EV comes from the cards seen (3·P(ten) − 1 per unit insured), and the cost of the choice
 * is measured against the better of taking and declining, as for every other decision.
 */
export interface InsuranceVerdict {
  took: boolean;
  shouldTake: boolean;
  trueCount: number;
  byIndex: boolean;
  /** EV of taking insurance per unit of the insurance bet, from the cards seen. */
  ev: number;
  /** The insurance bet: half the stake of every hand that is not a natural (even money for one). */
  stake: number;
  /** Credits of expected value given away by the choice. */
  cost: number;
  /** Only naturals answered: the answer was even money; ev is then its gain per unit of the bet (decision record 0050). */
  evenMoney?: boolean;
}

/** The hand being decided: the current hand in play, or the one asked the early-surrender question (decision record 0050). */
export function decidingHand(state: VisibleGameState): VisibleGameState['playerHands'][number] | null {
  if (state.gamePhase === 'surrender') return state.playerHands[state.currentHandIndex] ?? null;
  return currentHand(state);
}

/** The verdict on `chosen` for the hand being decided, against the coach's advice; null when no hand is being decided. */
export function decisionVerdict(engine: CoachEngine, state: VisibleGameState, advice: TableAdvice, chosen: PlayerAction): Verdict | null {
  const h = decidingHand(state);
  const up = state.dealerCards[0];
  if (!h || !up) return null;
  return {
    hand: h.cards.map(cardValue),
    upcard: cardValue(up),
    trueCount: state.trueCount,
    chosen,
    advice,
    correct: chosen === advice.recommended,
    cost: Math.round(engine.evCost(advice.evs, chosen) * h.bet * 100) / 100,
  };
}

/** The record's entry of a decision judged at a hand of `bet`. */
export function decisionEntry(v: Verdict, bet: number): DecisionEntry {
  return {
    entryId: crypto.randomUUID(),
    kind: 'decision',
    at: new Date().toISOString(),
    hand: v.hand,
    upcard: v.upcard,
    trueCount: v.trueCount,
    chosen: v.chosen,
    best: v.advice.recommended,
    evCost: v.cost,
    bet: Math.round(bet),
  };
}

/** What the coach's recommendation follows, in words: "the index play (Double A,8 v 6 at TC ≥ +1)". */
export function coachStandard(advice: TableAdvice): string {
  // Until the rule set's chart has been built, the coach judges by the EVs alone.
  if (advice.basic === null) return 'the best play by EV';
  if (advice.index && advice.recommended === advice.index.action && advice.index.action !== advice.basic) return `the index play (${advice.index.name})`;
  return 'basic strategy';
}

/** 'Hit on 10,6 v 9: matches basic strategy.' or what the coach would have played instead. */
export function verdictSentence(v: Verdict): string {
  if (v.sentence !== undefined) return v.sentence;
  const { advice } = v;
  const handText = `${v.hand.map(valueLabel).join(',')} v ${valueLabel(v.upcard)}`;
  const by = coachStandard(advice);
  return v.correct
    ? `${MOVE_NAMES[v.chosen]} on ${handText}: matches ${by}.`
    : `${MOVE_NAMES[v.chosen]} on ${handText}: ${by} says ${MOVE_NAMES[advice.recommended]}.`;
}
