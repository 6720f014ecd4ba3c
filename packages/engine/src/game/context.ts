// Internals shared by the reducer's parts: a mutable draft of the state (the reducer copies
// the state once per accepted action and edits the copy), refusals, drawing and counting.

import { CARDS_PER_DECK, type Card } from '../cards.ts';
import { countCard, initialRunningCount, runningCountOf } from '../counting/running-count.ts';
import { getCountingSystem } from '../counting/systems.ts';
import { decisionCount } from '../counting/true-count.ts';
import type { Rng } from '../rng.ts';
import { cardsRemaining, drawCard, makeSalt, revealShoe, stackedShoe } from '../shoe.ts';
import type { GameState, PlayerHand } from './types.ts';

/** Thrown inside the reducer to refuse an action; step() turns it into { ok: false }. */
export class Refusal extends Error {}

export function refuse(reason: string): never {
  throw new Refusal(reason);
}

export interface Ctx {
  /** The draft being edited (a copy of the input state). */
  s: GameState;
  /** Present only when the caller gave one; needed only to shuffle. */
  rng: Rng | undefined;
}

/** A copy deep enough that editing hands, cards, bets and stats cannot touch the input state. */
export function draft(state: GameState): GameState {
  return {
    ...state,
    playerHands: state.playerHands.map((h) => ({ ...h, cards: h.cards.slice() })),
    dealerCards: state.dealerCards.slice(),
    handBets: state.handBets.slice(),
    sessionStats: { ...state.sessionStats },
  };
}

/** Recomputes the decision count after the running count or the cards remaining changed. */
export function refreshTrueCount(s: GameState): void {
  const sys = getCountingSystem(s.counting.system);
  const remaining = s.deck ? cardsRemaining(s.deck) : s.config.numDecks * CARDS_PER_DECK;
  s.trueCount = decisionCount(sys, s.runningCount, remaining, s.counting);
}

/** A card became visible: it enters the running count. */
export function see(s: GameState, card: Card): void {
  s.runningCount = countCard(getCountingSystem(s.counting.system), s.runningCount, card);
  refreshTrueCount(s);
}

/** Resets the count for a fresh shoe. */
export function resetCount(s: GameState): void {
  s.runningCount = initialRunningCount(getCountingSystem(s.counting.system), s.config.numDecks);
  refreshTrueCount(s);
}

/** Cards on the table this round, visible ones only when `visibleOnly`. */
export function tableCards(s: GameState, visibleOnly: boolean): Card[] {
  const out: Card[] = [];
  for (const h of s.playerHands) out.push(...h.cards);
  s.dealerCards.forEach((c, i) => {
    if (!visibleOnly || i !== 1 || s.holeCardRevealed) out.push(c);
  });
  return out;
}

/**
 * The shoe ran out mid-round: reshuffle every card not on the table. The new shoe lists the
 * table cards first (already dealt) so that dealt + remaining still equals the whole shoe.
 */
function reshuffleMidRound(ctx: Ctx): void {
  const s = ctx.s;
  if (!ctx.rng) refuse('The shoe ran out and must be reshuffled: no random source was given.');
  const onTable = tableCards(s, false);
  if (s.deck) s.lastShoeReveal = revealShoe(s.deck);
  const shoe = stackedShoe(s.config.numDecks, onTable, ctx.rng, makeSalt(ctx.rng));
  s.deck = { ...shoe, position: onTable.length };
  s.roundStartPosition = 0;
  s.runningCount = runningCountOf(getCountingSystem(s.counting.system), tableCards(s, true), s.config.numDecks);
  refreshTrueCount(s);
}

/** Deals the next card; a face-up card is counted at once, the hole card when revealed. */
export function draw(ctx: Ctx, faceUp: boolean): Card {
  const s = ctx.s;
  if (!s.deck) refuse('There is no shoe: deal a round first.');
  if (cardsRemaining(s.deck) === 0) reshuffleMidRound(ctx);
  const deck = s.deck;
  if (!deck) throw new Error('invariant: a shoe exists after reshuffling');
  const { card, shoe } = drawCard(deck);
  s.deck = shoe;
  s.cardsDealtFromShoe = shoe.position;
  if (faceUp) see(s, card);
  else refreshTrueCount(s);
  return card;
}

export function currentHand(s: GameState): PlayerHand {
  const h = s.playerHands[s.currentHandIndex];
  if (!h) throw new Error(`invariant: no hand at index ${s.currentHandIndex}`);
  return h;
}

export function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}
