// When a replaced shoe's order and salt may be published (decision record 0004): only once no
// card dealt from it is hidden. A shoe that runs out while the hole card is face down holds that
// card among its dealt cards, so its reveal would show it; it waits in `heldShoes` (secret, like
// `deck`) until the hole card is turned. Every path that replaces a shoe calls retireShoe, and
// step() calls publishHeldShoes after every accepted action: nothing else writes lastShoeReveal.

import { codeOfCard, type Card } from '../cards.ts';
import { revealShoe, type ShoeState } from '../shoe.ts';
import type { StepDraft } from './draft.ts';
import type { GameState } from './types.ts';


/**
 * Shoes held back at once, at most. A shoe is held only when it ran out mid-round; the shoe made
 * then lists every card on the table first and deals the rest, so running it out as well puts
 * every card of the decks on the table, and a third shoe in the same round would be empty.
 */
export const HELD_SHOES_MAX = 3;


/** Cards dealt but not shown to the player: the hole card while it is face down. */
export function hiddenCards(state: GameState): Card[] {
  const hole = state.dealerCards[1];
  return hole !== undefined && !state.holeCardRevealed ? [hole] : [];
}

/**
 * The one judge of "may this shoe be revealed now": no hidden card is among the cards dealt from
 * it. Cards are told apart by code only (several decks hold equal cards), so an equal card
 * holds the shoe back too: it errs on the side of waiting, never of publishing.
 */
export function mayRevealShoe(state: GameState, shoe: ShoeState): boolean {
  const hidden = new Set(hiddenCards(state).map(codeOfCard));
  if (hidden.size === 0) return true;
  for (let i = 0; i < shoe.position; i++) if (hidden.has(shoe.cards[i] ?? -1)) return false;
  return true;
}

/** `shoe` leaves play (a reshuffle, a change of deck count): published now if it may be, else held. */
export function retireShoe(draft: StepDraft, shoe: ShoeState): void {
  const state = draft.state;
  state.heldShoes = [...state.heldShoes, shoe];
  publishHeldShoes(draft);
}

/**
 * Publishes the held shoes that may now be revealed, oldest first and in the order they left
 * play (a shoe that must wait holds back the newer ones too): each becomes lastShoeReveal in turn,
 * so it ends as the newest, and joins the step's published list (what the server records).
 */
export function publishHeldShoes(draft: StepDraft): void {
  const state = draft.state;
  let published = 0;
  for (const shoe of state.heldShoes) {
    if (!mayRevealShoe(state, shoe)) break;
    const reveal = revealShoe(shoe);
    state.lastShoeReveal = reveal;
    draft.published.push({ commitment: shoe.commitment, reveal });
    published += 1;
  }
  state.heldShoes = state.heldShoes.slice(published);
  if (state.heldShoes.length > HELD_SHOES_MAX) throw new Error(`invariant: ${state.heldShoes.length} shoes held back (at most ${HELD_SHOES_MAX})`);
}
