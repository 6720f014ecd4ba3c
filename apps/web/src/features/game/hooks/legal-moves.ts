import { currentHand, legalPlays, type LegalPlays, type VisibleGameState } from '@card-counter/engine';

// Which play buttons are live comes from the engine's legalPlays (the public projection only);
// the source still judges every action.

export type LegalMoves = LegalPlays;
export { currentHand };
export const legalMoves = legalPlays;

/** Deal is possible: between rounds with a bet on every spot. */
export function canDeal(state: VisibleGameState): boolean {
  return !state.gameInProgress && state.handBets.every((bet) => bet > 0);
}

/** Splits made so far at a spot (its hands less one). */
export function splitsAtSpot(state: VisibleGameState, spot: number): number {
  return state.playerHands.filter((h) => h.spot === spot).length - 1;
}
