// What a client may see: no hole card before it is revealed, no shoe order, no salt, no
// undealt cards, only how many cards remain, the shoe's public commitment and the values of
// the cards shown since its shuffle. The burn card and the reserve are never among them
// (decision record 0042).

import { cardValue, valueOfCode, type Card } from '../cards.ts';
import { cardsRemaining, dealtCodes, totalCards, type ShoeState } from '../shoe.ts';
import type { Rng } from '../rng.ts';
import { step } from './reducer.ts';
import { seatLayout } from './seats.ts';
import type { ComputerHand, GameAction, GameState, PlayerHand } from './types.ts';

export interface VisibleShoe {
  /** Cards left in the shoe, its reserve included (shoe.ts cardsRemaining, ADR 0042). */
  cardsRemaining: number;
  totalCards: number;
  commitment: string;
  /**
   * Cards shown since this shoe's shuffle, by value (index 1 = ace .. 10 = ten-valued; index 0
   * unused): every dealt card but the hole card while it is face down. What the player has
   * seen, whichever device they saw it on: the coach's exact EVs start from it.
   */
  seen: number[];
}

/** The values of the dealt cards the player has seen (VisibleShoe.seen). */
function seenByValue(state: GameState, deck: ShoeState): number[] {
  const seen = new Array<number>(11).fill(0);
  // Dealt cards only: the burn card and the reserve stay unseen until the reveal (ADR 0042).
  for (const code of dealtCodes(deck)) seen[valueOfCode(code)] = (seen[valueOfCode(code)] ?? 0) + 1;
  // The hole card was dealt from this shoe (a mid-round reshuffle lists the table's cards first).
  const hole = state.dealerCards[1];
  if (hole !== undefined && !state.holeCardRevealed) {
    const v = cardValue(hole);
    if (!((seen[v] ?? 0) > 0)) throw new Error('invariant: the hole card is among the dealt cards');
    seen[v] = (seen[v] ?? 0) - 1;
  }
  return seen;
}

/**
 * One seat of the table in dealing order (first base first). The player's seats are their
 * spots (the hands of `playerHands` at that spot, split hands included; none while sitting
 * out); computer seats carry their hands and no money.
 */
export type VisibleSeat =
  | { kind: 'player'; seat: number; spot: number; hands: PlayerHand[] }
  | { kind: 'computer'; seat: number; hands: ComputerHand[] };

export interface VisibleGameState extends Omit<GameState, 'deck' | 'heldShoes' | 'dealerCards' | 'computerSeats' | 'dealLog'> {
  /** The dealer's cards; null stands for the face-down hole card. */
  dealerCards: (Card | null)[];
  deck: VisibleShoe | null;
  /** Every seat in dealing order (`playerHands` stays as it is, for the player's own hands). */
  seats: VisibleSeat[];
}

/** The table's seats in dealing order, with this round's hands (fresh copies). */
function seatsOf(state: GameState, playerHands: PlayerHand[]): VisibleSeat[] {
  return seatLayout(state.config).map((slot): VisibleSeat => {
    if (slot.kind === 'player') return { ...slot, hands: playerHands.filter((h) => h.spot === slot.spot) };
    const seat = state.computerSeats.find((c) => c.seat === slot.seat);
    return { ...slot, hands: (seat?.hands ?? []).map((h) => ({ ...h, cards: h.cards.map((c) => ({ ...c })) })) };
  });
}

export function visible(state: GameState): VisibleGameState {
  // heldShoes: shoes whose reveal waits for the hole card (reveal.ts), as secret as `deck`.
  // dealLog holds the hole card (deal-log.ts): server-side only.
  const { deck, heldShoes: _held, dealerCards, computerSeats: _seats, dealLog: _log, ...rest } = state;
  const copyHand = (h: PlayerHand): PlayerHand => ({ ...h, cards: h.cards.map((c) => ({ ...c })) });
  return {
    ...rest,
    // Fresh arrays and objects for everything a holder could mutate; the rest is immutable data.
    playerHands: rest.playerHands.map(copyHand),
    seats: seatsOf(state, rest.playerHands.map(copyHand)),
    handBets: rest.handBets.slice(),
    sessionStats: { ...rest.sessionStats },
    dealerCards: dealerCards.map((c, i) => (i === 1 && !state.holeCardRevealed ? null : { ...c })),
    deck: deck
      ? { cardsRemaining: cardsRemaining(deck), totalCards: totalCards(deck), commitment: deck.commitment, seen: seenByValue(state, deck) }
      : null,
  };
}

const PLAY_ACTIONS: readonly GameAction[] = [
  { type: 'hit' },
  { type: 'stand' },
  { type: 'double' },
  { type: 'split' },
  { type: 'surrender' },
  { type: 'insurance', take: true },
  { type: 'insurance', take: false },
  { type: 'earlySurrender', take: true },
  { type: 'earlySurrender', take: false },
  { type: 'deal' },
  { type: 'newRound' },
];

/** The play actions the reducer would accept now (by trying them; the reducer is the only judge). */
export function legalActions(state: GameState, rng?: Rng): GameAction[] {
  return PLAY_ACTIONS.filter((a) => step(state, a, rng).ok);
}
