import type { VisibleGameState } from '@card-counter/engine';

// What the table asks of a round beyond the engine's legalPlays (which buttons are live).

/** Deal is possible: between rounds with a bet on every spot, or sitting out (the computer seats play). */
export function canDeal(state: VisibleGameState): boolean {
  return !state.gameInProgress && (state.sittingOut || state.handBets.every((bet) => bet > 0));
}

/** Splits made so far at a spot (its hands less one). */
export function splitsAtSpot(state: VisibleGameState, spot: number): number {
  return state.playerHands.filter((h) => h.spot === spot).length - 1;
}
