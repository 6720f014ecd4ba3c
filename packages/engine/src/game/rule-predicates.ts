// Small rule predicates on plain numbers, shared by the game reducer and the simulator (and
// usable by the analyser), so that every part of the engine plays the same rules.
// Card values: 1 = ace, 2..9, 10 = ten-valued. Totals are best totals (ace as 11 when it fits).

import { type Rules, canDoubleTotal, surrenderAtTurn } from '../rules.ts';

/** A natural: two cards totalling 21 on a hand that did not come from a split. */
export function isNatural(numCards: number, total: number, fromSplit: boolean): boolean {
  return numCards === 2 && total === 21 && !fromSplit;
}

/**
 * May this two-card pair be split? splitsSoFar counts splits already made at this spot.
 * Split aces can be split again only with resplitAces. Ten-valued cards split by value
 * (K,Q is a pair), as most casinos allow.
 */
export function canSplitPair(rules: Rules, value1: number, value2: number, numCards: number, splitsSoFar: number, isSplitAcesHand: boolean): boolean {
  if (numCards !== 2 || value1 !== value2) return false;
  if (splitsSoFar >= rules.maxSplits) return false;
  if (isSplitAcesHand && !rules.resplitAces) return false;
  return true;
}

/** May the hand double? Two cards, total allowed by doubleDownRestriction, DAS for split hands, split aces only with hitSplitAces. */
export function canDoubleHand(rules: Rules, numCards: number, total: number, fromSplit: boolean, isSplitAcesHand: boolean): boolean {
  if (numCards !== 2) return false;
  if (isSplitAcesHand && !rules.hitSplitAces) return false;
  return canDoubleTotal(rules, total, fromSplit);
}

/** May the hand hit? Split aces take one card only unless hitSplitAces. */
export function canHitHand(rules: Rules, total: number, isSplitAcesHand: boolean): boolean {
  if (total >= 21) return false;
  return !isSplitAcesHand || rules.hitSplitAces;
}

/**
 * Surrender at the hand's turn: first two cards of a hand that did not come from a split, against
 * an upcard the rules offer it for, unless it was asked before the peek (rules.ts surrenderAtTurn).
 */
export function canSurrenderHand(rules: Rules, numCards: number, fromSplit: boolean, upcardValue: number): boolean {
  return surrenderAtTurn(rules, upcardValue) && numCards === 2 && !fromSplit;
}

/** Does the dealer check for blackjack under this upcard (before the players act)? */
export function dealerPeeksUnder(rules: Rules, upcardValue: number): boolean {
  return rules.dealerPeeks && (upcardValue === 1 || upcardValue === 10);
}

export type ShowdownOutcome = 'blackjack' | 'win' | 'push' | 'loss';

/**
 * Outcome of a hand that was played out (not busted, not surrendered) against the dealer's
 * final hand. A natural beats any dealer 21 but a dealer natural; a dealer natural beats
 * every other player hand (including a split 21).
 */
export function showdown(playerTotal: number, playerNatural: boolean, dealerTotal: number, dealerNatural: boolean): ShowdownOutcome {
  if (playerTotal > 21) return 'loss';
  if (playerNatural) return dealerNatural ? 'push' : 'blackjack';
  if (dealerNatural) return 'loss';
  if (dealerTotal > 21 || playerTotal > dealerTotal) return 'win';
  return playerTotal === dealerTotal ? 'push' : 'loss';
}

/** Rounds a credit amount to cents (payouts like 6:5 on 7 give 8.4; no float noise). */
export function roundCredits(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Credits returned for a stake (stake included): blackjack 1 + blackjackPays, win 2, push 1, loss 0. */
export function showdownReturn(outcome: ShowdownOutcome, stake: number, rules: Pick<Rules, 'blackjackPays'>): number {
  switch (outcome) {
    case 'blackjack':
      return roundCredits(stake + stake * rules.blackjackPays);
    case 'win':
      return stake * 2;
    case 'push':
      return stake;
    case 'loss':
      return 0;
  }
}
