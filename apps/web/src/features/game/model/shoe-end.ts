import { visibleShoeSpent, type VisibleGameState } from '@card-counter/engine';

/** The shoe has reached its shuffle point or its reserve: the next deal shuffles (the server's rule too). */
export function shoeAtShufflePoint(state: VisibleGameState): boolean {
  return state.deck !== null && visibleShoeSpent(state.deck, state.config.shufflePoint);
}
