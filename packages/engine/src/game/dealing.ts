// Drawing cards from the shoe and keeping the running and true count in step with what the
// players have seen.

import { CARDS_PER_DECK, type Card } from '../cards.ts';
import { countCard, initialRunningCount, runningCountOf } from '../counting/running-count.ts';
import { countingSystemOf } from '../counting/custom.ts';
import { decisionCount } from '../counting/true-count.ts';
import { cardsRemaining, drawCard, makeSalt, stackedShoe } from '../shoe.ts';
import type { StepDraft } from './draft.ts';
import { refuse } from './refusal.ts';
import { retireShoe } from './reveal.ts';
import type { GameState } from './types.ts';

/** Recomputes the decision count after the running count or the cards remaining changed. */
export function refreshTrueCount(state: GameState): void {
  const sys = countingSystemOf(state.counting);
  const remaining = state.deck ? cardsRemaining(state.deck) : state.config.numDecks * CARDS_PER_DECK;
  state.trueCount = decisionCount(sys, state.runningCount, remaining, state.counting);
}

/** A card became visible: it enters the running count. */
export function see(state: GameState, card: Card): void {
  state.runningCount = countCard(countingSystemOf(state.counting), state.runningCount, card);
  refreshTrueCount(state);
}

/** Resets the count for a fresh shoe. */
export function resetCount(state: GameState): void {
  state.runningCount = initialRunningCount(countingSystemOf(state.counting), state.config.numDecks);
  refreshTrueCount(state);
}

/** Cards on the table this round, visible ones only when `visibleOnly`. */
export function tableCards(state: GameState, visibleOnly: boolean): Card[] {
  const out: Card[] = [];
  for (const h of state.playerHands) out.push(...h.cards);
  for (const seat of state.computerSeats) for (const h of seat.hands) out.push(...h.cards);
  state.dealerCards.forEach((c, i) => {
    if (!visibleOnly || i !== 1 || state.holeCardRevealed) out.push(c);
  });
  return out;
}

/**
 * The shoe ran out mid-round: reshuffle every card not on the table. The new shoe lists the
 * table cards first (already dealt) so that dealt + remaining still equals the whole shoe. The
 * old shoe holds the hole card while it is face down: retireShoe holds its reveal back until then.
 */
function reshuffleMidRound(draft: StepDraft): void {
  const { state, rng } = draft;
  if (!rng) refuse('RNG_REQUIRED', 'The shoe ran out and must be reshuffled: no random source was given.');
  const onTable = tableCards(state, false);
  if (state.deck) retireShoe(draft, state.deck);
  const shoe = stackedShoe(state.config.numDecks, onTable, rng, makeSalt(rng));
  state.deck = { ...shoe, position: onTable.length };
  state.roundStartPosition = 0;
  state.runningCount = runningCountOf(countingSystemOf(state.counting), tableCards(state, true), state.config.numDecks);
  refreshTrueCount(state);
}

/** Deals the next card; a face-up card is counted at once, the hole card when revealed. */
export function draw(draft: StepDraft, faceUp: boolean): Card {
  const state = draft.state;
  if (!state.deck) refuse('WRONG_PHASE', 'There is no shoe: deal a round first.');
  if (cardsRemaining(state.deck) === 0) reshuffleMidRound(draft);
  const deck = state.deck;
  if (!deck) throw new Error('invariant: a shoe exists after reshuffling');
  const { card, shoe } = drawCard(deck);
  state.deck = shoe;
  state.cardsDealtFromShoe = shoe.position;
  if (faceUp) see(state, card);
  else refreshTrueCount(state);
  return card;
}
