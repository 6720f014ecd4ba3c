import type { VisibleGameState } from '@card-counter/engine';

// The dealing pace: how many cards a second land on the felt, one after another, and when the
// cards of the newest table have all landed (what the next round waits for).

/** Paces offered, in cards per second; 0 deals at once. */
export const DEAL_PACES_cps = [0, 0.5, 1, 2, 3, 4, 6, 8] as const;
export const DEFAULT_DEAL_PACE_cps = 3;
/** Pauses offered before the next round is dealt by itself, in seconds; 0 never. */
export const AUTO_ADVANCE_PAUSES_s = [0, 1, 2, 3, 5, 8] as const;

/** Milliseconds per card at `pace_cps` (0: at once, or when the player asks for less motion). */
export function dealStep_ms(pace_cps: number, reducedMotion: boolean): number {
  if (reducedMotion || !(pace_cps > 0)) return 0;
  return Math.round(1000 / pace_cps);
}

/** Cards on the felt, the face-down hole card included. */
export function cardsOnFelt(state: VisibleGameState): number {
  return state.playerHands.reduce((n, h) => n + h.cards.length, 0) + state.dealerCards.length;
}

function roundKeyOf(state: VisibleGameState): string {
  return `${state.deck?.commitment ?? 'new'}:${state.roundStartPosition}`;
}

/**
 * How long after `next` is shown its new cards have all landed: one step per new card (a new
 * round's deal starts from none), and one more when the hole card was turned, which the dealer's
 * draws wait for (felt.tsx deals in this order).
 */
export function landing_ms(prev: VisibleGameState | null, next: VisibleGameState, step_ms: number): number {
  const sameRound = prev !== null && roundKeyOf(prev) === roundKeyOf(next);
  const before = sameRound ? cardsOnFelt(prev) : 0;
  const added = Math.max(0, cardsOnFelt(next) - before);
  const turned = sameRound && !prev.holeCardRevealed && next.holeCardRevealed ? 1 : 0;
  return (added + (added > 0 ? turned : 0)) * step_ms;
}
