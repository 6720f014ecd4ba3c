import type { VisibleGameState } from '@card-counter/engine';

/** The shoe has reached its shuffle point: the next deal shuffles (the server's rule too). */
export function shoeAtShufflePoint(state: VisibleGameState): boolean {
  return state.deck !== null && state.deck.cardsRemaining / state.deck.totalCards <= state.config.shufflePoint;
}
