// The round from the deal to the end of the players' turns.

import { cardValue, handTotal, isTwoCardTwentyOne } from '../cards.ts';
import { createShoe, needsShuffle, revealShoe } from '../shoe.ts';
import { type Ctx, currentHand, draw, fmt, refuse, resetCount } from './context.ts';
import { canSplitPair, dealerPeeksUnder } from './rule-predicates.ts';
import { dealerNatural, dealerPlayAndSettle, revealHole, settleRound } from './settle.ts';
import type { GameState, PlayerHand } from './types.ts';

/** Hands per spot can never exceed maxSplits + 1 <= 4; 7 spots: 28 hands. Loop guard for advance(). */
const MAX_ADVANCE_STEPS = 64;

export function newHand(spot: number, bet: number): PlayerHand {
  return { spot, cards: [], bet, status: 'playing', fromSplit: false, splitAces: false, evenMoney: false, outcome: null, payout: 0 };
}

/** Splits made so far at a spot = hands at the spot - 1. */
export function splitsAtSpot(s: GameState, spot: number): number {
  return s.playerHands.filter((h) => h.spot === spot).length - 1;
}

/** Cost of insurance: half the bet of every spot that is not a natural (naturals take even money instead). */
export function insuranceCost(s: GameState): number {
  return s.playerHands.filter((h) => h.status !== 'blackjack').reduce((a, h) => a + h.bet / 2, 0);
}

export function startRound(ctx: Ctx): void {
  const s = ctx.s;
  const rules = s.config;
  if (!s.deck || needsShuffle(s.deck, rules)) {
    if (!ctx.rng) refuse('The shoe needs a shuffle: no random source was given.');
    if (s.deck) s.lastShoeReveal = revealShoe(s.deck);
    s.deck = createShoe(rules.numDecks, ctx.rng);
    s.cardsDealtFromShoe = 0;
    resetCount(s);
  }
  s.balance -= s.currentBet;
  if (s.balance < 0) throw new Error('invariant: bets were checked against the balance');
  s.runningCountAtBet = s.runningCount;
  s.roundStartPosition = s.deck.position;
  s.playerHands = s.handBets.map((bet, spot) => newHand(spot, bet));
  s.dealerCards = [];
  s.holeCardRevealed = false;
  s.totalHandsFromSplits = 0;
  s.insuranceBet = 0;
  s.insuranceOffered = false;
  s.canTakeInsurance = false;
  s.lastResult = null;
  s.currentHandIndex = 0;
  s.gameInProgress = true;
  for (let round = 0; round < 2; round++) {
    for (const h of s.playerHands) h.cards.push(draw(ctx, true));
    s.dealerCards.push(draw(ctx, round === 0));
  }
  for (const h of s.playerHands) {
    if (isTwoCardTwentyOne(h.cards)) h.status = 'blackjack';
  }
  const up = s.dealerCards[0];
  if (!up) throw new Error('invariant: the dealer has an upcard');
  if (rules.insuranceAllowed && cardValue(up) === 1) {
    s.gamePhase = 'insurance';
    s.insuranceOffered = true;
    s.canTakeInsurance = insuranceCost(s) <= s.balance;
    const anyNatural = s.playerHands.some((h) => h.status === 'blackjack');
    s.gameStatus = anyNatural ? 'Dealer shows an ace. Even money?' : 'Dealer shows an ace. Insurance?';
    return;
  }
  afterInsurance(ctx);
}

/** Insurance decided (or not offered): the dealer peeks, then the players act. */
export function afterInsurance(ctx: Ctx): void {
  const s = ctx.s;
  const up = s.dealerCards[0];
  if (!up) throw new Error('invariant: the dealer has an upcard');
  s.canTakeInsurance = false;
  if (dealerPeeksUnder(s.config, cardValue(up)) && dealerNatural(s)) {
    revealHole(s);
    settleRound(s);
    return;
  }
  s.gamePhase = 'playing';
  advance(ctx);
}

/**
 * Moves to the first hand that still needs the player, dealing the second card of a split
 * hand when it becomes current; split aces take their one card and stand (unless
 * hitSplitAces, or they can be resplit). When no hand needs the player, the dealer plays.
 */
export function advance(ctx: Ctx): void {
  const s = ctx.s;
  for (let guard = 0; guard < MAX_ADVANCE_STEPS; guard++) {
    const i = s.playerHands.findIndex((h) => h.status === 'playing');
    if (i < 0) {
      dealerPlayAndSettle(ctx);
      return;
    }
    s.currentHandIndex = i;
    const h = currentHand(s);
    if (h.cards.length === 1) h.cards.push(draw(ctx, true));
    const { total } = handTotal(h.cards);
    if (total === 21) {
      h.status = 'stood'; // a split 21 is not a blackjack: it just stands
      continue;
    }
    if (h.splitAces && !s.config.hitSplitAces) {
      const [a, b] = h.cards;
      const resplit = a && b && canSplitPair(s.config, cardValue(a), cardValue(b), 2, splitsAtSpot(s, h.spot), true);
      if (!resplit) {
        h.status = 'stood';
        continue;
      }
      s.gameStatus = `Hand ${i + 1}: split aces again or stand?`;
      return;
    }
    s.gameStatus = handPrompt(s, i, total);
    return;
  }
  throw new Error('invariant: advance() did not settle within its bound');
}

function handPrompt(s: GameState, i: number, total: number): string {
  const prefix = s.playerHands.length > 1 ? `Hand ${i + 1}: ` : '';
  return `${prefix}${fmt(total)}. Hit or stand?`;
}
