// The round's deal log: every card in the order it was dealt, whom it went to, and the player's
// running and decision count right after it, as the engine counted it (decision record 0061).
// The hole card is logged face down when dealt and again as `turn` when it is turned: a reader
// that shows the log step by step never shows it earlier. Splits are logged so a replay can
// move the second card to its new hand. Nothing undealt (burn card, reserve) is ever logged.

import type { Card } from '../cards.ts';
import type { PlayerAction } from '../analysis/hand-ev.ts';
import type { StepDraft } from './draft.ts';
import type { ComputerHand, GameState, PlayerHand } from './types.ts';
import { seatLayout } from './seat-layout.ts';

/** Whom a card goes to: a seat's hand (its index among the seat's hands now), or the dealer. */
export type DealTo =
  | { kind: 'seat'; seat: number; hand: number; player: boolean }
  | { kind: 'dealer'; card: 'up' | 'hole' | 'draw' };

export type DealEvent =
  /** A card dealt; `faceUp` false only for the hole card (its card is secret until `turn`). */
  | { kind: 'card'; card: Card; to: DealTo; faceUp: boolean; runningCount: number; trueCount: number }
  /** The hole card turned face up: it enters the count now. */
  | { kind: 'turn'; card: Card; runningCount: number; trueCount: number }
  /** A seat's hand split in two: its second card starts hand `hand + 1`. */
  | { kind: 'split'; seat: number; hand: number; player: boolean }
  /** A play the player made on one of their hands (the record's decision), before its cards. */
  | { kind: 'play'; play: DealPlay; seat: number; hand: number };

export type DealPlay = PlayerAction | 'insurance' | 'noInsurance' | 'earlySurrender' | 'playOn';

/** A round holds at most 7 seats x 4 hands x ~11 cards plus the dealer's: a generous bound. */
export const DEAL_LOG_EVENTS_MAX = 512;

/** Appends an event to the round's log and to the step's `dealt`. */
export function logEvent(draft: StepDraft, event: DealEvent): void {
  if (draft.state.dealLog.length >= DEAL_LOG_EVENTS_MAX) throw new Error('invariant: a round logged more events than it can hold');
  draft.state.dealLog.push(event);
  draft.dealt.push(event);
}

/** Where a hand object sits at the table now: its seat in dealing order and its index there. */
export function handTo(state: GameState, hand: PlayerHand | ComputerHand): DealTo {
  const playerAt = state.playerHands.indexOf(hand as PlayerHand);
  if (playerAt >= 0) {
    const spot = (hand as PlayerHand).spot;
    const slot = seatLayout(state.config).find((s) => s.kind === 'player' && s.spot === spot);
    if (!slot) throw new Error(`invariant: spot ${spot} has a seat`);
    const index = state.playerHands.filter((h) => h.spot === spot).indexOf(hand as PlayerHand);
    return { kind: 'seat', seat: slot.seat, hand: index, player: true };
  }
  for (const seat of state.computerSeats) {
    const index = seat.hands.indexOf(hand as ComputerHand);
    if (index >= 0) return { kind: 'seat', seat: seat.seat, hand: index, player: false };
  }
  throw new Error('invariant: the hand is at the table');
}

/** Logs a split of `hand` (already split: the new hand is right after it). */
export function logSplit(draft: StepDraft, hand: PlayerHand | ComputerHand): void {
  const to = handTo(draft.state, hand);
  if (to.kind !== 'seat') throw new Error('invariant: only a seat splits');
  logEvent(draft, { kind: 'split', seat: to.seat, hand: to.hand, player: to.player });
}
