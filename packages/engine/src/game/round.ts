// The round from the deal to the end of the players' turns.

import { cardValue, handTotal, isTwoCardTwentyOne, valueOfCode } from '../cards.ts';
import { cardsDealt, createShoe, dealtCodes, needsShuffle } from '../shoe.ts';
import { draw, resetCount } from './dealing.ts';
import { handTo } from './deal-log.ts';
import { type StepDraft, currentHand } from './draft.ts';
import { formatCredits } from './format.ts';
import { refuse } from './refusal.ts';
import { retireShoe } from './reveal.ts';
import { canSplitPair, dealerPeeksUnder } from './rule-predicates.ts';
import { surrenderBeforePeek } from '../rules.ts';
import { computerSeatsSurrenderEarly, newComputerHand, playComputerSeats, seatLayout } from './seats.ts';
import { dealerNatural, dealerPlayAndSettle, revealHole, settleRound } from './settle.ts';
import type { ComputerHand, GameState, PlayerHand } from './types.ts';

/** Hands per spot can never exceed maxSplits + 1 <= 4; 7 spots: 28 hands. Loop guard for advance(). */
const MAX_ADVANCE_STEPS = 64;

export function newHand(spot: number, bet: number): PlayerHand {
  return { spot, cards: [], bet, status: 'playing', fromSplit: false, splitAces: false, evenMoney: false, outcome: null, payout: 0 };
}

/** Splits made so far at a spot = hands at the spot - 1. */
export function splitsAtSpot(state: GameState, spot: number): number {
  return state.playerHands.filter((h) => h.spot === spot).length - 1;
}

/** Cost of insurance: half the bet of every spot that is not a natural (naturals take even money instead). */
export function insuranceCost(state: GameState): number {
  return state.playerHands.filter((h) => h.status !== 'blackjack').reduce((a, h) => a + h.bet / 2, 0);
}

export function startRound(draft: StepDraft): void {
  const state = draft.state;
  const rules = state.config;
  // A continuous shuffler puts every card back after each round: a fresh shoe for every round
  // (its own commitment, revealed when the round is over; decision record 0050).
  if (!state.deck || rules.continuousShuffler || needsShuffle(state.deck, rules)) {
    if (!draft.rng) refuse('RNG_REQUIRED', 'The shoe needs a shuffle: no random source was given.');
    if (state.deck) retireShoe(draft, state.deck);
    state.deck = createShoe(rules.numDecks, draft.rng);
    state.cardsDealtFromShoe = cardsDealt(state.deck);
    resetCount(state);
  }
  if (!state.sittingOut) state.balance -= state.currentBet;
  if (state.balance < 0) throw new Error('invariant: bets were checked against the balance');
  state.runningCountAtBet = state.runningCount;
  // Every card dealt before the round is face up by now: the aces among them are the side count's.
  state.acesSeenAtBet = dealtCodes(state.deck).filter((code) => valueOfCode(code) === 1).length;
  state.roundStartPosition = state.deck.position;
  state.dealLog = [];
  state.playerHands = state.sittingOut ? [] : state.handBets.map((bet, spot) => newHand(spot, bet));
  const layout = seatLayout(rules);
  state.computerSeats = layout.flatMap((slot) => (slot.kind === 'computer' ? [{ seat: slot.seat, hands: [newComputerHand()] }] : []));
  state.dealerCards = [];
  state.holeCardRevealed = false;
  state.totalHandsFromSplits = 0;
  state.insuranceBet = 0;
  state.insuranceOffered = false;
  state.canTakeInsurance = false;
  state.lastResult = null;
  state.currentHandIndex = 0;
  state.gameInProgress = true;
  // In dealing order (seats.ts): one card to every seat, the dealer's upcard, again, the hole
  // card. Without the peek (European no hole card) there is no hole card: the dealer takes the
  // second card after the players have acted (settle.ts), so no card is face down (ADR 0050).
  const inOrder = dealingOrder(state, layout);
  for (let round = 0; round < 2; round++) {
    for (const h of inOrder) h.cards.push(draw(draft, true, handTo(state, h)));
    if (round === 0 || rules.dealerPeeks) state.dealerCards.push(draw(draft, round === 0, { kind: 'dealer', card: round === 0 ? 'up' : 'hole' }));
  }
  for (const h of inOrder) {
    if (isTwoCardTwentyOne(h.cards)) h.status = 'blackjack';
  }
  const up = state.dealerCards[0];
  if (!up) throw new Error('invariant: the dealer has an upcard');
  // Computer seats never insure (basic strategy); a player sitting out has nothing to insure.
  if (rules.insuranceAllowed && cardValue(up) === 1 && state.playerHands.length > 0) {
    state.gamePhase = 'insurance';
    state.insuranceOffered = true;
    state.canTakeInsurance = insuranceCost(state) <= state.balance;
    const anyNatural = state.playerHands.some((h) => h.status === 'blackjack');
    state.gameStatus = anyNatural ? 'Dealer shows an ace. Even money?' : 'Dealer shows an ace. Insurance?';
    return;
  }
  afterInsurance(draft);
}

/**
 * Insurance decided (or not offered): early surrender is asked where it comes before the peek
 * (decision record 0050), then the dealer peeks, then the players act.
 */
export function afterInsurance(draft: StepDraft): void {
  const state = draft.state;
  const up = state.dealerCards[0];
  if (!up) throw new Error('invariant: the dealer has an upcard');
  state.canTakeInsurance = false;
  if (surrenderBeforePeek(state.config, cardValue(up))) {
    computerSeatsSurrenderEarly(draft);
    const first = nextEarlySurrenderHand(state, -1);
    if (first >= 0) {
      state.gamePhase = 'surrender';
      state.currentHandIndex = first;
      state.gameStatus = earlySurrenderPrompt(state, first);
      return;
    }
  }
  peekAndPlay(draft);
}

/** The next hand after index `after` that is asked the early-surrender question (any hand but a natural), or -1. */
export function nextEarlySurrenderHand(state: GameState, after: number): number {
  for (let i = after + 1; i < state.playerHands.length; i++) if (state.playerHands[i]?.status === 'playing') return i;
  return -1;
}

export function earlySurrenderPrompt(state: GameState, i: number): string {
  const prefix = state.playerHands.length > 1 ? `Hand ${i + 1}: s` : 'S';
  return `${prefix}urrender early, before the dealer checks for blackjack?`;
}

/** Every early-surrender question answered (or none asked): the dealer peeks, then the players act. */
export function peekAndPlay(draft: StepDraft): void {
  const state = draft.state;
  const up = state.dealerCards[0];
  if (!up) throw new Error('invariant: the dealer has an upcard');
  if (dealerPeeksUnder(state.config, cardValue(up)) && dealerNatural(state)) {
    revealHole(state, draft);
    settleRound(state);
    return;
  }
  state.gamePhase = 'playing';
  playComputerSeats(draft, 'before');
  advance(draft);
}

/** The first hand of every seat, player's and computer's, in dealing order. */
function dealingOrder(state: GameState, layout: ReturnType<typeof seatLayout>): (PlayerHand | ComputerHand)[] {
  return layout.map((slot) => {
    const hand = slot.kind === 'player' ? state.playerHands[slot.spot] : state.computerSeats.find((c) => c.seat === slot.seat)?.hands[0];
    if (slot.kind === 'player' && state.sittingOut) return null;
    if (!hand) throw new Error(`invariant: seat ${slot.seat} has a hand`);
    return hand;
  }).filter((h): h is PlayerHand | ComputerHand => h !== null);
}

/**
 * Moves to the first hand that still needs the player, dealing the second card of a split
 * hand when it becomes current; split aces take their one card and stand (unless
 * hitSplitAces, or they can be resplit). When no hand needs the player, the dealer plays.
 */
export function advance(draft: StepDraft): void {
  const state = draft.state;
  for (let guard = 0; guard < MAX_ADVANCE_STEPS; guard++) {
    const i = state.playerHands.findIndex((h) => h.status === 'playing');
    if (i < 0) {
      playComputerSeats(draft, 'rest');
      dealerPlayAndSettle(draft);
      return;
    }
    state.currentHandIndex = i;
    const h = currentHand(state);
    if (h.cards.length === 1) h.cards.push(draw(draft, true, handTo(state, h)));
    const { total } = handTotal(h.cards);
    if (total === 21) {
      h.status = 'stood'; // a split 21 is not a blackjack: it just stands
      continue;
    }
    if (h.splitAces && !state.config.hitSplitAces) {
      const [a, b] = h.cards;
      const resplit = a && b && canSplitPair(state.config, cardValue(a), cardValue(b), 2, splitsAtSpot(state, h.spot), true);
      if (!resplit) {
        h.status = 'stood';
        continue;
      }
      state.gameStatus = `Hand ${i + 1}: split aces again or stand?`;
      return;
    }
    state.gameStatus = handPrompt(state, i, total);
    return;
  }
  throw new Error('invariant: advance() did not settle within its bound');
}

function handPrompt(state: GameState, i: number, total: number): string {
  const prefix = state.playerHands.length > 1 ? `Hand ${i + 1}: ` : '';
  return `${prefix}${formatCredits(total)}. Hit or stand?`;
}
