// What a shoe keeps back from the players (decision record 0042), apart from the shoe itself:
// the table's screens need these two rules but none of shoe.ts's shuffling and hashing, and a
// module of their own keeps the RNG and SHA-256 out of the signed-in table's first load
// (apps/web/build/first-load.ts).

/**
 * Cards behind the cut card, never dealt: a quarter of a deck. With them unseen, a face-down card
 * is one of at least this many unseen cards of its shoe (decision record 0042).
 */
export const SHOE_RESERVE_CARDS = 13;
/** Cards a table shoe keeps from the players: the reserve and the burn card. */
export const SHOE_KEPT_CARDS = SHOE_RESERVE_CARDS + 1;

/** shoe.ts needsShuffle from what a client sees of a table shoe (VisibleShoe's counts). */
export function visibleShoeSpent(deck: { cardsRemaining: number; totalCards: number }, shufflePoint: number): boolean {
  return deck.cardsRemaining / deck.totalCards <= shufflePoint || deck.cardsRemaining <= SHOE_RESERVE_CARDS;
}
