// Dealer play, settlement, session stats and the end-of-round message.
//
// No-hole-card (European, dealerPeeks false) convention (decision record 0050): the dealer has
// only the upcard while the players act and takes the second card, face up, when they are done.
// If it makes a blackjack, rules.noHoleCardLosses says what it takes: 'original', each spot's
// ORIGINAL bet only (money added by doubles and splits is refunded), or 'all', every stake on the
// table. A surrendered hand loses its whole bet to it too unless its surrender was early
// (rules.earlySurrender): late surrender only buys out against a dealer WITHOUT blackjack, as the
// analyser (analysis/hand-values.ts) and the simulator value it; test/sim-matches-game.test.ts pins it.

import { cardValue, handTotal, isTwoCardTwentyOne } from '../cards.ts';
import { dealerHits, earlySurrenderVs, losesAllStakesToBlackjack } from '../rules.ts';
import { draw, see } from './dealing.ts';
import { logEvent } from './deal-log.ts';
import type { StepDraft } from './draft.ts';
import { formatCredits } from './format.ts';
import { roundCredits, showdown, showdownReturn } from './rule-predicates.ts';
import { computerHandsLive } from './seats.ts';
import type { ComputerHand, GameState, HandOutcome, HandResult, PlayerHand } from './types.ts';

/** Generous bound: a dealer hand can never take more than 21 cards. */
const MAX_DEALER_CARDS = 22;

/**
 * The hole card is turned; without the peek the dealer takes the second card now instead,
 * face up (there never was a hole card).
 */
export function revealHole(state: GameState, draft: StepDraft): void {
  if (state.holeCardRevealed) return;
  if (state.dealerCards.length === 1) {
    state.dealerCards.push(draw(draft, true, { kind: 'dealer', card: 'draw' }));
    state.holeCardRevealed = true;
    return;
  }
  const hole = state.dealerCards[1];
  if (!hole) throw new Error('invariant: the dealer has a hole card');
  state.holeCardRevealed = true;
  see(state, hole);
  logEvent(draft, { kind: 'turn', card: hole, runningCount: state.runningCount, trueCount: state.trueCount });
}

export function dealerNatural(state: GameState): boolean {
  return isTwoCardTwentyOne(state.dealerCards);
}

/** The players are done: the dealer reveals and draws (unless no hand is left to beat), then settle. */
export function dealerPlayAndSettle(draft: StepDraft): void {
  const state = draft.state;
  revealHole(state, draft);
  // The dealer draws while any hand at the table, the computer seats' too, waits for him.
  const live = state.playerHands.some((h) => h.status === 'stood' || h.status === 'doubled') || computerHandsLive(state);
  if (live && !dealerNatural(state)) {
    for (let i = 0; i < MAX_DEALER_CARDS; i++) {
      const { total, soft } = handTotal(state.dealerCards);
      if (!dealerHits(state.config, total, soft)) break;
      state.dealerCards.push(draw(draft, true, { kind: 'dealer', card: 'draw' }));
    }
  }
  settleRound(state);
}

function settleHand(state: GameState, h: PlayerHand, isFirstOfSpot: boolean, dealerBj: boolean, dealerTotal: number): { outcome: HandOutcome; payout: number } {
  const rules = state.config;
  if (h.evenMoney) return { outcome: 'evenMoney', payout: h.bet * 2 };
  const natural = h.status === 'blackjack';
  const up = state.dealerCards[0];
  const early = up !== undefined && earlySurrenderVs(rules, cardValue(up));
  // Early surrender keeps half the bet whatever the dealer has (with the peek, a blackjack found
  // at the peek ends the round before any late surrender, so this is the only surrender it meets).
  if (h.status === 'surrendered' && (early || !dealerBj)) return { outcome: 'surrender', payout: roundCredits(h.bet / 2) };
  if (dealerBj && !natural && losesAllStakesToBlackjack(rules)) return { outcome: h.status === 'busted' ? 'bust' : 'loss', payout: 0 };
  if (dealerBj && !natural && !rules.dealerPeeks) {
    // Original bets only: the first hand of the spot loses the spot's original bet; doubles and split hands are refunded.
    const original = state.handBets[h.spot] ?? 0;
    const payout = isFirstOfSpot ? h.bet - original : h.bet;
    return { outcome: payout === h.bet ? 'push' : h.status === 'busted' ? 'bust' : 'loss', payout };
  }
  if (h.status === 'surrendered') return { outcome: 'surrender', payout: roundCredits(h.bet / 2) };
  if (h.status === 'busted') return { outcome: 'bust', payout: 0 };
  const total = handTotal(h.cards).total;
  const o = showdown(total, natural, dealerTotal, dealerBj);
  return { outcome: o, payout: showdownReturn(o, h.bet, rules) };
}

/** A computer hand's outcome, for the screen: no money moves. */
function computerOutcome(h: ComputerHand, dealerBj: boolean, dealerTotal: number): Exclude<HandOutcome, 'evenMoney'> {
  const natural = h.status === 'blackjack';
  if (dealerBj && !natural) return h.status === 'busted' ? 'bust' : 'loss';
  if (h.status === 'surrendered') return 'surrender';
  if (h.status === 'busted') return 'bust';
  return showdown(handTotal(h.cards).total, natural, dealerTotal, dealerBj);
}

export function settleRound(state: GameState): void {
  const dealerBj = dealerNatural(state);
  const dealerTotal = handTotal(state.dealerCards).total;
  const seenSpots = new Set<number>();
  const results: HandResult[] = [];
  let paid = 0;
  let staked = 0;
  for (const h of state.playerHands) {
    // Hands never played (a dealer blackjack found at the peek) stand as dealt.
    if (h.status === 'playing') h.status = 'stood';
    const first = !seenSpots.has(h.spot);
    seenSpots.add(h.spot);
    const { outcome, payout } = settleHand(state, h, first, dealerBj, dealerTotal);
    h.outcome = outcome;
    h.payout = payout;
    paid += payout;
    staked += h.bet;
    results.push({ spot: h.spot, cards: h.cards.slice(), bet: h.bet, outcome, payout, net: roundCredits(payout - h.bet) });
  }
  for (const seat of state.computerSeats)
    for (const h of seat.hands) {
      if (h.status === 'playing') h.status = 'stood';
      h.outcome = computerOutcome(h, dealerBj, dealerTotal);
    }
  const insurancePayout = dealerBj ? state.insuranceBet * 3 : 0;
  paid += insurancePayout;
  staked += state.insuranceBet;
  state.balance = roundCredits(state.balance + paid);
  if (state.balance < 0) throw new Error(`invariant: balance went negative (${state.balance})`);
  const net = roundCredits(paid - staked);
  updateStats(state, results, state.insuranceBet, insurancePayout, net);
  state.lastResult = {
    hands: results,
    dealerCards: state.dealerCards.slice(),
    dealerTotal,
    dealerBlackjack: dealerBj,
    insuranceBet: state.insuranceBet,
    insurancePayout,
    totalBet: roundCredits(staked),
    net,
    runningCountAtBet: state.runningCountAtBet,
  };
  state.gamePhase = 'roundOver';
  state.gameInProgress = false;
  state.canTakeInsurance = false;
  state.gameStatus = roundMessage(results, dealerBj, dealerTotal, net);
}

function updateStats(state: GameState, hands: readonly HandResult[], insuranceBet: number, insurancePayout: number, roundNet: number): void {
  const st = state.sessionStats;
  for (const h of hands) {
    st.handsPlayed += 1;
    st.totalBet = roundCredits(st.totalBet + h.bet);
    if (h.net > 0) {
      st.handsWon += 1;
      st.totalWon = roundCredits(st.totalWon + h.net);
    } else if (h.net < 0) {
      st.handsLost += 1;
      st.totalLost = roundCredits(st.totalLost - h.net);
    } else st.handsPushed += 1;
  }
  if (insuranceBet > 0) {
    st.totalBet = roundCredits(st.totalBet + insuranceBet);
    const insNet = insurancePayout - insuranceBet;
    if (insNet > 0) st.totalWon = roundCredits(st.totalWon + insNet);
    else st.totalLost = roundCredits(st.totalLost - insNet);
  }
  // Biggest win / loss and streaks are per round (all spots and insurance together).
  if (roundNet > 0) {
    st.biggestWin = Math.max(st.biggestWin, roundNet);
    st.currentStreak = st.currentStreak > 0 ? st.currentStreak + 1 : 1;
  } else if (roundNet < 0) {
    st.biggestLoss = Math.max(st.biggestLoss, -roundNet);
    st.currentStreak = st.currentStreak < 0 ? st.currentStreak - 1 : -1;
  }
  st.bestStreak = Math.max(st.bestStreak, st.currentStreak);
  st.worstStreak = Math.min(st.worstStreak, st.currentStreak);
}

function roundMessage(hands: readonly HandResult[], dealerBj: boolean, dealerTotal: number, net: number): string {
  if (hands.length === 0) return dealerBj ? 'Dealer has blackjack. You sat this round out' : `Dealer ${dealerTotal > 21 ? 'busts' : `has ${dealerTotal}`}. You sat this round out`;
  const only = hands.length === 1 ? hands[0] : undefined;
  if (!only) {
    if (dealerBj) return `Dealer has blackjack. ${net >= 0 ? 'You win' : 'You lose'} ${formatCredits(Math.abs(net))} this round`;
    if (net > 0) return `You win ${formatCredits(net)} this round`;
    if (net < 0) return `You lose ${formatCredits(-net)} this round`;
    return 'Push: you break even this round';
  }
  switch (only.outcome) {
    case 'blackjack':
      return 'Blackjack! You win';
    case 'evenMoney':
      return 'Even money paid';
    case 'surrender':
      return 'Surrendered: half your bet is returned';
    case 'bust':
      return dealerBj ? 'Dealer has blackjack' : 'Bust';
    case 'push':
      return dealerBj ? 'Push: you both have blackjack' : 'Push';
    case 'win':
      return dealerTotal > 21 ? 'Dealer busts! You win' : 'You win';
    case 'loss':
      return dealerBj ? 'Dealer has blackjack' : 'Dealer wins';
  }
}
