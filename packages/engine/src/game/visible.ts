// What a client may see: no hole card before it is revealed, no shoe order, no salt, no
// undealt cards, only how many cards remain and the shoe's public commitment.

import type { Card } from '../cards.ts';
import { cardsRemaining, totalCards } from '../shoe.ts';
import type { Rng } from '../rng.ts';
import { step } from './reducer.ts';
import type { GameAction, GameState } from './types.ts';

export interface VisibleShoe {
  cardsRemaining: number;
  totalCards: number;
  commitment: string;
}

export interface VisibleGameState extends Omit<GameState, 'deck' | 'dealerCards'> {
  /** The dealer's cards; null stands for the face-down hole card. */
  dealerCards: (Card | null)[];
  deck: VisibleShoe | null;
}

export function visible(state: GameState): VisibleGameState {
  const { deck, dealerCards, ...rest } = state;
  return {
    ...rest,
    // Fresh arrays and objects for everything a holder could mutate; the rest is immutable data.
    playerHands: rest.playerHands.map((h) => ({ ...h, cards: h.cards.map((c) => ({ ...c })) })),
    handBets: rest.handBets.slice(),
    sessionStats: { ...rest.sessionStats },
    dealerCards: dealerCards.map((c, i) => (i === 1 && !state.holeCardRevealed ? null : { ...c })),
    deck: deck ? { cardsRemaining: cardsRemaining(deck), totalCards: totalCards(deck), commitment: deck.commitment } : null,
  };
}

const PLAY_ACTIONS: readonly GameAction[] = [
  { type: 'hit' },
  { type: 'stand' },
  { type: 'double' },
  { type: 'split' },
  { type: 'surrender' },
  { type: 'insurance', take: true },
  { type: 'insurance', take: false },
  { type: 'deal' },
  { type: 'newRound' },
];

/** The play actions the reducer would accept now (by trying them; the reducer is the only judge). */
export function legalActions(state: GameState, rng?: Rng): GameAction[] {
  return PLAY_ACTIONS.filter((a) => step(state, a, rng).ok);
}
