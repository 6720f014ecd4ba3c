import { knownComposition as engineKnownComposition, type Composition, type VisibleGameState } from '@card-counter/engine';

// What the player knows of the shoe. The table itself counts the cards shown since the shuffle
// (VisibleShoe.seen, from the engine's visible(): the server's table and a guest's alike), so
// the coach's EVs start from every card the player saw, on this device or another, and never
// from the hole card while it is face down. The browser keeps only the commitments of the shoes
// before this one, to check a published reveal against the commitment this browser was shown.

/**
 * Commitments kept before the current one. A reveal can come after the next shoe is on the
 * table (a shoe that runs out mid-round is revealed when the round ends, decision record 0004),
 * and up to two shoes can run out in one round: the newest reveal opens one of the last three.
 */
export const EARLIER_SHOES_KEPT = 3;

export interface ShoeHistory {
  /** The shoe on the table when last seen here. */
  commitment: string | null;
  /** The shoes before it, newest first (at most EARLIER_SHOES_KEPT): a reveal is checked against these. */
  earlier: string[];
}

export const EMPTY_HISTORY: ShoeHistory = { commitment: null, earlier: [] };

/**
 * The history after seeing `state`: a new commitment pushes the current one back. A table with
 * no shoe (new rules replaced it; the next deal shuffles) has already retired the current one.
 */
export function nextHistory(prev: ShoeHistory, state: VisibleGameState): ShoeHistory {
  const commitment = state.deck?.commitment ?? null;
  if (commitment === prev.commitment) return prev;
  const earlier = prev.commitment === null ? prev.earlier : [prev.commitment, ...prev.earlier];
  return { commitment, earlier: earlier.slice(0, EARLIER_SHOES_KEPT) };
}

/**
 * The shoe's composition as the player knows it: a full shoe minus every card shown since the
 * shuffle, except `keep` (the hand being decided and the upcard, which the analyser removes
 * itself). The engine's knownComposition, which the server's record grades with too.
 */
export function knownComposition(state: VisibleGameState, keep: readonly number[]): Composition {
  return engineKnownComposition(state.config.numDecks, state.deck?.seen ?? new Array<number>(11).fill(0), keep);
}
