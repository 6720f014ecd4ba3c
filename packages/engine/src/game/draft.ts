// The reducer edits a copy of the state (one copy per accepted action) through a StepDraft.

import type { Rng } from '../rng.ts';
import type { DealEvent } from './deal-log.ts';
import type { GameState, PlayerHand, PublishedShoe } from './types.ts';

export interface StepDraft {
  /** The copy of the input state that this step edits; returned when the step is accepted. */
  state: GameState;
  /** Present only when the caller gave one; needed only to shuffle. */
  rng: Rng | undefined;
  /** The shoes this step revealed, oldest first (reveal.ts publishHeldShoes). */
  published: PublishedShoe[];
  /** The deal log's events of this step, in order (deal-log.ts). */
  dealt: DealEvent[];
}

/** A copy deep enough that editing hands, cards, bets and stats cannot touch the input state. */
export function draftOf(input: GameState, rng: Rng | undefined): StepDraft {
  const state: GameState = {
    ...input,
    playerHands: input.playerHands.map((h) => ({ ...h, cards: h.cards.slice() })),
    computerSeats: input.computerSeats.map((seat) => ({ seat: seat.seat, hands: seat.hands.map((h) => ({ ...h, cards: h.cards.slice() })) })),
    dealerCards: input.dealerCards.slice(),
    handBets: input.handBets.slice(),
    heldShoes: input.heldShoes.slice(),
    dealLog: input.dealLog.slice(),
    sessionStats: { ...input.sessionStats },
  };
  return { state, rng, published: [], dealt: [] };
}

/** The hand the player is acting on. */
export function currentHand(state: GameState): PlayerHand {
  const h = state.playerHands[state.currentHandIndex];
  if (!h) throw new Error(`invariant: no hand at index ${state.currentHandIndex}`);
  return h;
}
