import { cardValue, currentHand, type CoachAdvice, type PlayerAction, type VisibleGameState } from '@card-counter/engine';
import type { CoachEngine } from './coach-engine-types.ts';
import type { RecordEntry } from '@card-counter/shared';
import { valueLabel } from '@/shared/ui/card-names.ts';
import { MOVE_NAMES } from './hand-labels.ts';
import { knownComposition } from './shoe-knowledge.ts';

// The coach's verdicts on the player's choices, and the record entries they make: pure
// functions of the table as the player sees it (hooks/use-coach.ts keeps the session's).

export interface Verdict {
  hand: number[];
  upcard: number;
  trueCount: number;
  chosen: PlayerAction;
  advice: CoachAdvice;
  correct: boolean;
  /** Credits of expected value given away by the choice. */
  cost: number;
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
}

/** The verdict on `chosen` for the hand being decided, against the coach's advice; null when no hand is being decided. */
export function decisionVerdict(engine: CoachEngine, state: VisibleGameState, advice: CoachAdvice, chosen: PlayerAction): Verdict | null {
  const h = currentHand(state);
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
export function decisionEntry(v: Verdict, bet: number): RecordEntry {
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

/**
 * The verdict on taking (or declining) insurance: by the index (`insuranceIndex` at the count
 * `indexCount`) when the player plays index plays, else basic strategy's never.
 */
export function insuranceVerdict(engine: CoachEngine, state: VisibleGameState, take: boolean, insuranceIndex: number | null, indexCount: number | null): InsuranceVerdict {
  const byIndex = insuranceIndex !== null && indexCount !== null;
  const shouldTake = byIndex && indexCount >= insuranceIndex;
  // Every card on the table is seen except the hole card, which stays in the unseen shoe.
  const ev = engine.insuranceEv(knownComposition(state, []));
  const stake = state.playerHands.reduce((a, h) => a + h.bet / 2, 0);
  const cost = engine.insuranceChoiceCost(ev, stake, take);
  return { took: take, shouldTake, trueCount: state.trueCount, byIndex, ev, stake, cost };
}

/** The record's entry of an insurance decision. */
export function insuranceEntry(state: VisibleGameState, v: InsuranceVerdict, upcard: number): RecordEntry {
  const hands = state.playerHands.map((h) => h.cards.map(cardValue));
  return {
    entryId: crypto.randomUUID(),
    kind: 'decision',
    at: new Date().toISOString(),
    hand: hands[0] ?? [],
    upcard,
    trueCount: state.trueCount,
    chosen: v.took ? 'insure' : 'noInsurance',
    best: v.shouldTake ? 'insure' : 'noInsurance',
    evCost: v.cost,
    // The stake the insurance is measured against: the hands' bets (insurance is half of it).
    bet: Math.round(state.playerHands.reduce((a, h) => a + h.bet, 0)),
  };
}

/** 'Hit on 10,6 v 9: matches basic strategy.' or what the coach would have played instead. */
export function verdictSentence(v: Verdict): string {
  const { advice } = v;
  const handText = `${v.hand.map(valueLabel).join(',')} v ${valueLabel(v.upcard)}`;
  // Until the rule set's chart has been built, the coach judges by the EVs alone.
  const by =
    advice.basic === null
      ? 'the best play by EV'
      : advice.index && advice.recommended === advice.index.action && advice.index.action !== advice.basic
        ? `the index play (${advice.index.id})`
        : 'basic strategy';
  return v.correct
    ? `${MOVE_NAMES[v.chosen]} on ${handText}: matches ${by}.`
    : `${MOVE_NAMES[v.chosen]} on ${handText}: ${by} says ${MOVE_NAMES[advice.recommended]}.`;
}
