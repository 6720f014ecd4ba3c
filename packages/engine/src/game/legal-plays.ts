// Which play buttons a screen may offer, from the public projection of a round alone. The
// reducer still judges every action; this keeps a screen from offering a move the rules or the
// balance would refuse, without needing the hidden cards that `legalActions` replays against.
import { cardValue, handTotal } from '../cards.ts';
import { canDoubleHand, canHitHand, canSplitPair, canSurrenderHand } from './rule-predicates.ts';
import type { PlayerHand } from './types.ts';
import type { VisibleGameState } from './visible.ts';

/** The same five plays as the analysis' PlayerAction. */
export type LegalPlays = Record<'hit' | 'stand' | 'double' | 'split' | 'surrender', boolean>;

const NONE: LegalPlays = Object.freeze({ hit: false, stand: false, double: false, split: false, surrender: false });

/** The hand being played, or null between rounds and while the dealer plays. */
export function currentHand(state: VisibleGameState): PlayerHand | null {
  if (state.gamePhase !== 'playing') return null;
  return state.playerHands[state.currentHandIndex] ?? null;
}

export function legalPlays(state: VisibleGameState): LegalPlays {
  const hand = currentHand(state);
  if (!hand || hand.status !== 'playing') return NONE;
  const rules = state.config;
  const { total } = handTotal(hand.cards);
  const [a, b] = hand.cards;
  const affordable = hand.bet <= state.balance;
  const splitsAtSpot = state.playerHands.filter((h) => h.spot === hand.spot).length - 1;
  const pair = hand.cards.length === 2 && a !== undefined && b !== undefined;
  const up = state.dealerCards[0];
  return {
    hit: canHitHand(rules, total, hand.splitAces),
    stand: true,
    double: affordable && canDoubleHand(rules, hand.cards.length, total, hand.fromSplit, hand.splitAces),
    split:
      affordable &&
      pair &&
      canSplitPair(rules, cardValue(a), cardValue(b), 2, splitsAtSpot, hand.splitAces),
    surrender: up !== null && up !== undefined && canSurrenderHand(rules, hand.cards.length, hand.fromSplit, cardValue(up)),
  };
}
