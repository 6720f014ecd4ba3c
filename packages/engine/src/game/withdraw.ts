// The house withdraws the shoe: after a crash that may have lost answers the player already saw
// (the embedded database's commits are not forced to disk: ADR 0025), no card may be dealt from
// a position such an answer showed. The round in progress is called off (the caller returns its
// stakes), the shoe is revealed (no card of it is in play any more) and the next deal shuffles a
// new one. The count starts again with the new shoe.

import { revealShoe } from '../shoe.ts';
import { clearRound } from './clear-round.ts';
import { resetCount } from './dealing.ts';
import type { GameState, PublishedShoe } from './types.ts';

export const WITHDRAWN_STATUS = 'The shoe was withdrawn after the server restarted: any round in play was called off and its stakes returned. A new shoe is shuffled at the next deal.';

/**
 * A new state: the round (if any) called off, the shoe and any shoe held back revealed and gone;
 * one version more. `published`: the shoes revealed, oldest first (as step() answers them).
 */
export function withdrawShoe(state: GameState): { state: GameState; published: PublishedShoe[] } {
  const s = structuredClone(state);
  // The round is called off, so no card is hidden: every shoe of it may be revealed (ADR 0004).
  const shoes = [...s.heldShoes, ...(s.deck === null ? [] : [s.deck])];
  const published = shoes.map((shoe) => ({ commitment: shoe.commitment, reveal: revealShoe(shoe) }));
  const newest = published.at(-1);
  if (newest !== undefined) s.lastShoeReveal = newest.reveal;
  s.heldShoes = [];
  s.deck = null;
  s.cardsDealtFromShoe = 0;
  s.roundStartPosition = 0;
  clearRound(s);
  s.lastResult = null;
  s.currentBet = s.handBets.reduce((a, b) => a + b, 0);
  resetCount(s);
  s.runningCountAtBet = s.runningCount;
  s.acesSeenAtBet = 0;
  s.gameStatus = WITHDRAWN_STATUS;
  s.version = state.version + 1;
  return { state: s, published };
}
