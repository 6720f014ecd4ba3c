// Drawing cards from the shoe and keeping the running and true count in step with what the
// players have seen.

import { CARDS_PER_DECK, type Card } from '../cards.ts';
import { countCard, initialRunningCount, runningCountOf } from '../counting/running-count.ts';
import { countingSystemOf } from '../counting/custom.ts';
import { decisionCount } from '../counting/true-count.ts';
import { SHOE_KEPT_CARDS, cardsDealable, cardsDealt, cardsRemaining, drawCard, shoeAfterTable } from '../shoe.ts';
import { logEvent, type DealTo } from './deal-log.ts';
import type { StepDraft } from './draft.ts';
import { refuse } from './refusal.ts';
import { hiddenCards, retireShoe } from './reveal.ts';
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
 * The shoe may deal no more mid-round (only its reserve is left): reshuffle every card not on
 * the table. The new shoe lists the table cards first (already dealt) so that dealt + remaining
 * still equals the whole shoe, burns one and keeps its reserve. The old shoe holds the hole card
 * while it is face down: retireShoe holds its reveal back until then.
 *
 * When the cards off the table cannot give a burn card, a reserve and one card more (a round
 * that has put nearly a whole deck on the table), no card of these decks can be dealt without
 * leaving the hole card fewer than SHOE_RESERVE_CARDS unseen companions: the round goes on
 * from fresh decks, as a casino opens new cards. That shoe lists only the hidden card first (so
 * it is held back like any shoe holding it) and its count starts again (ADR 0042).
 */
function reshuffleMidRound(draft: StepDraft): void {
  const { state, rng } = draft;
  if (!rng) refuse('RNG_REQUIRED', 'The shoe ran out and must be reshuffled: no random source was given.');
  const onTable = tableCards(state, false);
  const fresh = state.config.numDecks * CARDS_PER_DECK - onTable.length <= SHOE_KEPT_CARDS;
  const listed = fresh ? hiddenCards(state) : onTable;
  if (state.deck) retireShoe(draft, state.deck);
  state.deck = shoeAfterTable(state.config.numDecks, listed, rng);
  state.roundStartPosition = 0;
  state.runningCount = runningCountOf(countingSystemOf(state.counting), fresh ? [] : tableCards(state, true), state.config.numDecks);
  refreshTrueCount(state);
}

/**
 * Deals the next card to `to`; a face-up card is counted at once, the hole card when revealed.
 * Logged with the count after it (deal-log.ts).
 */
export function draw(draft: StepDraft, faceUp: boolean, to: DealTo): Card {
  const state = draft.state;
  if (!state.deck) refuse('WRONG_PHASE', 'There is no shoe: deal a round first.');
  if (cardsDealable(state.deck) === 0) reshuffleMidRound(draft);
  const deck = state.deck;
  if (!deck) throw new Error('invariant: a shoe exists after reshuffling');
  const { card, shoe } = drawCard(deck);
  state.deck = shoe;
  state.cardsDealtFromShoe = cardsDealt(shoe);
  if (faceUp) see(state, card);
  else refreshTrueCount(state);
  logEvent(draft, { kind: 'card', card, to, faceUp, runningCount: state.runningCount, trueCount: state.trueCount });
  return card;
}
