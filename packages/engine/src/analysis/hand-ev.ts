// Per-hand answers: the expected value of each legal action for a player hand against an
// upcard, the dealer's final-total probabilities, and "how much did this decision cost?".
// EVs are in units of the initial bet. With the dealer peeking they are conditioned on the
// dealer not having blackjack (what a player facing the decision knows); without the peek
// they include the chance of a dealer blackjack, which takes the original bet only.
import { canDoubleTotal, surrenderBeforePeek, surrenderOffered, type Rules } from '../rules.ts';
import { ACE, assertCard, cardCount, valuesTotal, removeCards, type Composition } from './composition.ts';
import { OUTCOME_BUST } from './dealer-table.ts';
import { maxSplitHands } from './split.ts';
import { UpcardAnalysis } from './upcard-analysis.ts';
import { PLAYER_ACTIONS, type PlayerAction } from './actions.ts';

// In a module of their own so that a screen naming the moves does not import the analysis.
export { PLAYER_ACTIONS, type PlayerAction };

/** EV of each action; null when the action is not allowed for this hand. */
export type ActionEvs = Record<PlayerAction, number | null>;

export interface HandOptions {
  /** The hand came from a split of this many hands already (no surrender; double only with DAS). */
  isSplitHand?: boolean;
  /** Hands the spot has after earlier splits (1 = unsplit); limits further splits. */
  handsAtSpot?: number;
  /**
   * The early-surrender question (decision record 0050): the dealer peeks under this upcard
   * but has not yet, so the EVs are not conditioned on no dealer blackjack (every option but
   * surrender loses the bet to one) and surrender is early. Without it, a hand against an
   * upcard whose surrender is early and before the peek is past that question: no surrender.
   */
  beforePeek?: boolean;
}


function checkHand(hand: readonly number[], upcard: number): void {
  if (hand.length < 2) throw new RangeError('a hand has at least two cards.');
  hand.forEach(assertCard);
  assertCard(upcard);
  if (valuesTotal(hand).total > 21) throw new RangeError(`the hand ${hand.join(',')} is already bust.`);
}

/**
 * Exact EV of every legal action for `hand` against `upcard`. `shoe` is the composition before
 * the hand and the upcard were dealt (both are removed here). Hit = hit once, then play
 * optimally (composition-dependent). Split = split.ts: CDZ- post-split play, the best resplit
 * limit. This is the coaches' entry point (coach/ builds the shoe from the seen cards): for a
 * hand that came from a split pass isSplitHand and handsAtSpot; a hand of three or more cards
 * has stand and hit; cards at other spots are simply not in `shoe`.
 */
export function handEvs(
  rules: Rules,
  shoe: Composition,
  hand: readonly number[],
  upcard: number,
  options: HandOptions = {},
): ActionEvs {
  checkHand(hand, upcard);
  const afterDeal = removeCards(shoe, [...hand, upcard]); // throws if a card is not in the shoe
  if (cardCount(afterDeal) < 1) throw new RangeError('the shoe is empty after the deal.');
  // The analysis removes the upcard itself; the hand's cards are set as removed cards.
  return evsFrom(rules, new UpcardAnalysis(rules, shoe, upcard), hand, options);
}

function evsFrom(rules: Rules, a: UpcardAnalysis, hand: readonly number[], options: HandOptions): ActionEvs {
  const isSplit = options.isSplitHand ?? false;
  const handsAtSpot = options.handsAtSpot ?? 1;
  const { hard, total } = valuesTotal(hand);
  const ace = hand.includes(ACE);
  const two = hand.length === 2;
  a.setRemoved(hand);
  const noBj = a.noBlackjack();
  const askedBeforePeek = surrenderBeforePeek(rules, a.upcard);
  const beforePeek = askedBeforePeek && (options.beforePeek ?? false) && two && !isSplit;
  const conditioned = rules.dealerPeeks && !beforePeek;
  // U-values -> reported EV.
  const report = (u: number): number => (conditioned ? u / noBj : u - (1 - noBj));
  const natural = two && total === 21 && !isSplit;
  if (natural) {
    const ev = conditioned ? rules.blackjackPays : rules.blackjackPays * noBj;
    return { stand: ev, hit: null, double: null, split: null, surrender: null };
  }
  const evs: ActionEvs = {
    stand: report(a.standValue(total)),
    hit: null,
    double: null,
    split: null,
    surrender: null,
  };
  if (total < 21) evs.hit = report(a.hitValue(hard, ace, 0));
  if (two && canDoubleTotal(rules, total, isSplit) && !(isSplit && hand[0] === ACE && !rules.hitSplitAces)) {
    evs.double = report(a.doubleValue(hard, ace));
  }
  const surrenderNow = askedBeforePeek ? beforePeek : surrenderOffered(rules, a.upcard);
  if (two && !isSplit && surrenderNow) evs.surrender = report(a.surrenderValue());
  const pair = two && hand[0] === hand[1];
  const splitsLeft = rules.maxSplits + 1 - handsAtSpot;
  const acesBlocked = pair && hand[0] === ACE && isSplit && !rules.resplitAces;
  if (pair && splitsLeft > 0 && !acesBlocked) {
    // This split's hands may resplit into the spot's remaining hands; the spot's other hands'
    // own later resplits are not charged to it.
    const maxHands = Math.min(maxSplitHands(rules, hand[0] as number), splitsLeft + 1);
    evs.split = report(a.splitValue(hand[0] as number, 'optimal', rules.doubleAfterSplit, maxHands));
  }
  return evs;
}

/** The best action and its EV among the legal ones. */
export function bestAction(evs: ActionEvs): { action: PlayerAction; ev: number } {
  let best: PlayerAction = 'stand';
  let bestEv = -Infinity;
  for (const action of PLAYER_ACTIONS) {
    const ev = evs[action];
    if (ev !== null && ev > bestEv) {
      best = action;
      bestEv = ev;
    }
  }
  return { action: best, ev: bestEv };
}

/**
 * How much the chosen action cost, in units of the bet: best EV - EV of the action (0 for the
 * best play). Throws if the action is not legal for the hand.
 */
export function decisionCost(
  rules: Rules,
  shoe: Composition,
  hand: readonly number[],
  upcard: number,
  action: PlayerAction,
  options: HandOptions = {},
): number {
  const evs = handEvs(rules, shoe, hand, upcard, options);
  const chosen = evs[action];
  if (chosen === null) throw new RangeError(`${action} is not allowed for this hand.`);
  return Math.max(0, bestAction(evs).ev - chosen);
}

export interface DealerProbabilities {
  /** P(final total 17..21) and P(bust): conditioned on no blackjack when the dealer peeks. */
  final: { 17: number; 18: number; 19: number; 20: number; 21: number; bust: number };
  /** P(dealer blackjack) from this composition (before any peek). */
  blackjack: number;
  /** True when `final` is conditioned on no dealer blackjack (dealer peeks, upcard A or 10). */
  conditioned: boolean;
}

/**
 * The dealer's final-total probabilities for `upcard` from `shoe` (the composition before the
 * upcard was dealt). With the peek, `final` sums to 1 (given no blackjack); without it, `final`
 * plus `blackjack` sums to 1.
 */
export function dealerProbabilities(rules: Rules, shoe: Composition, upcard: number): DealerProbabilities {
  assertCard(upcard);
  const a = new UpcardAnalysis(rules, shoe, upcard);
  const row = a.dealerRow();
  const noBj = a.noBlackjack();
  const conditioned = rules.dealerPeeks && noBj < 1;
  const scale = conditioned ? 1 / noBj : 1;
  const at = (i: number): number => (row[i] as number) * scale;
  return {
    final: { 17: at(0), 18: at(1), 19: at(2), 20: at(3), 21: at(4), bust: at(OUTCOME_BUST) },
    blackjack: 1 - noBj,
    conditioned,
  };
}
