import { knownComposition as engineKnownComposition, type Composition, type VisibleGameState } from '@card-counter/engine';

// What the player knows of the shoe. The table itself counts the cards shown since the shuffle
// (VisibleShoe.seen, from the engine's visible(): the server's table and a guest's alike), so
// the coach's EVs start from every card the player saw, on this device or another, and never
// from the hole card while it is face down. The browser keeps only which shoe came before this
// one, to check its published reveal against the commitment this browser was shown.

export interface ShoeHistory {
  /** The shoe on the table when last seen here. */
  commitment: string | null;
  /** The shoe before it: its reveal (published at the shuffle) is checked against this. */
  previousCommitment: string | null;
}

export const EMPTY_HISTORY: ShoeHistory = { commitment: null, previousCommitment: null };

/**
 * The history after seeing `state`: a new commitment pushes the current one back. A table with
 * no shoe (new rules replaced it; the next deal shuffles) has already retired the current one.
 */
export function nextHistory(prev: ShoeHistory, state: VisibleGameState): ShoeHistory {
  const commitment = state.deck?.commitment ?? null;
  if (commitment === prev.commitment) return prev;
  return { commitment, previousCommitment: prev.commitment ?? prev.previousCommitment };
}

/**
 * The shoe's composition as the player knows it: a full shoe minus every card shown since the
 * shuffle, except `keep` (the hand being decided and the upcard, which the analyser removes
 * itself). The engine's knownComposition, which the server's record grades with too.
 */
export function knownComposition(state: VisibleGameState, keep: readonly number[]): Composition {
  return engineKnownComposition(state.config.numDecks, state.deck?.seen ?? new Array<number>(11).fill(0), keep);
}
