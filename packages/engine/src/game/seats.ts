// The computer seats: where they sit, and how they play. Casino order: the dealer deals and
// the seats act from first base (seat 0) to third base. The player's spots sit in the middle:
// ceil(n/2) computer seats before them and the rest after (one seat: before the player, who
// then has third base). Seats before the player act once insurance is settled and the dealer
// has peeked; seats after act when the player's last hand is done, before the dealer.
//
// A seat decides from what is on the table only (its hand, the upcard, the rules): never from
// the shoe's order or the hole card, so its play cannot signal a hidden card. It plays the
// rules' basic strategy chart (coach/chart-play.ts) and, with otherPlayersErrorPct, departs
// from it on that share of its decisions, drawn from the step's RNG (decision record 0029).

import { cardValue, handTotal, type Card } from '../cards.ts';
import { basicStrategyTable, chartPlay, surrendersEarlyByChart } from '../coach/chart-play.ts';
import type { ActionEvs, PlayerAction } from '../analysis/hand-ev.ts';
import { randomInt } from '../rng.ts';
import type { Rules } from '../rules.ts';
import { draw } from './dealing.ts';
import { seatsBefore } from './seat-layout.ts';

export { seatLayout, seatsBefore, type SeatSlot } from './seat-layout.ts';
import { handTo, logSplit } from './deal-log.ts';
import type { StepDraft } from './draft.ts';
import { refuse } from './refusal.ts';
import { canDoubleHand, canHitHand, canSplitPair, canSurrenderHand } from './rule-predicates.ts';
import type { ComputerHand, ComputerSeat, GameState } from './types.ts';


/** Hands per seat can never exceed maxSplits + 1 <= 4; each takes at most ~11 decisions. Loop guard. */
const MAX_SEAT_STEPS = 64;

export function newComputerHand(): ComputerHand {
  return { cards: [], status: 'playing', fromSplit: false, splitAces: false, outcome: null };
}

/** What a computer hand may do now (no money to check: a seat always covers its doubles and splits). */
export function computerLegal(rules: Rules, hand: ComputerHand, splitsSoFar: number, upcard: number): Record<PlayerAction, boolean> {
  const { total } = handTotal(hand.cards);
  const [a, b] = hand.cards;
  const pair = hand.cards.length === 2 && a !== undefined && b !== undefined;
  return {
    hit: canHitHand(rules, total, hand.splitAces),
    stand: true,
    double: canDoubleHand(rules, hand.cards.length, total, hand.fromSplit, hand.splitAces),
    split: pair && canSplitPair(rules, cardValue(a), cardValue(b), 2, splitsSoFar, hand.splitAces),
    surrender: canSurrenderHand(rules, hand.cards.length, hand.fromSplit, upcard),
  };
}

/**
 * The chart's play for a hand with these legal plays. Where the chart has no entry for the
 * hand's shape, chartPlay takes the better of hit and stand by the EVs it is given; a seat has
 * no EVs, so it hits a hard total up to 11 and a soft one up to 17, as any table regular would.
 */
export function computerChartPlay(rules: Rules, values: readonly number[], upcard: number, legal: Record<PlayerAction, boolean>, table: Uint8Array): PlayerAction {
  let hard = 0;
  for (const v of values) hard += v;
  const soft = values.includes(1) && hard <= 11;
  const hitOverStand = soft ? hard + 10 <= 17 : hard <= 11;
  const evs: ActionEvs = {
    stand: 0,
    hit: legal.hit ? (hitOverStand ? 1 : -1) : null,
    double: legal.double ? 0 : null,
    split: legal.split ? 0 : null,
    surrender: legal.surrender ? 0 : null,
  };
  return chartPlay(rules, values, upcard, evs, table);
}

/** The seat's play: the chart's, or, on an error draw, one of the other legal plays at random. */
function decide(draft: StepDraft, hand: ComputerHand, legal: Record<PlayerAction, boolean>, upcard: number): PlayerAction {
  const rules = draft.state.config;
  const book = computerChartPlay(rules, hand.cards.map(cardValue), upcard, legal, basicStrategyTable(rules));
  const errorPct = rules.otherPlayersErrorPct;
  if (errorPct <= 0) return book;
  // Drawn after the shoe was shuffled and committed: the draw picks a play, never a card.
  if (!draft.rng) refuse('RNG_REQUIRED', 'The other players make mistakes at random: no random source was given.');
  if (randomInt(draft.rng, 100) >= errorPct) return book;
  const others = (Object.keys(legal) as PlayerAction[]).filter((a) => legal[a] && a !== book);
  if (others.length === 0) return book;
  return others[randomInt(draft.rng, others.length)] as PlayerAction;
}

function take(draft: StepDraft, hand: ComputerHand): Card {
  const card = draw(draft, true, handTo(draft.state, hand));
  hand.cards.push(card);
  return card;
}

/** Plays one of the seat's hands one decision; false when the seat has no hand left to play. */
function playOne(draft: StepDraft, seat: ComputerSeat, upcard: number): boolean {
  const rules = draft.state.config;
  const i = seat.hands.findIndex((h) => h.status === 'playing');
  const hand = seat.hands[i];
  if (!hand) return false;
  if (hand.cards.length === 1) take(draft, hand);
  const total = handTotal(hand.cards).total;
  if (total >= 21) {
    hand.status = total > 21 ? 'busted' : 'stood';
    return true;
  }
  const legal = computerLegal(rules, hand, seat.hands.length - 1, upcard);
  if (hand.splitAces && !rules.hitSplitAces && !legal.split) {
    hand.status = 'stood';
    return true;
  }
  const play = decide(draft, hand, legal, upcard);
  applyPlay(draft, seat, i, hand, play);
  return true;
}

function applyPlay(draft: StepDraft, seat: ComputerSeat, i: number, hand: ComputerHand, play: PlayerAction): void {
  switch (play) {
    case 'stand':
      hand.status = 'stood';
      return;
    case 'surrender':
      hand.status = 'surrendered';
      return;
    case 'hit': {
      take(draft, hand);
      const t = handTotal(hand.cards).total;
      if (t > 21) hand.status = 'busted';
      else if (t === 21) hand.status = 'stood';
      return;
    }
    case 'double':
      take(draft, hand);
      hand.status = handTotal(hand.cards).total > 21 ? 'busted' : 'doubled';
      return;
    case 'split': {
      const [a, b] = hand.cards;
      if (!a || !b) throw new Error('invariant: a split hand has two cards');
      const aces = cardValue(a) === 1;
      hand.cards = [a];
      hand.fromSplit = true;
      hand.splitAces = aces;
      seat.hands.splice(i + 1, 0, { cards: [b], status: 'playing', fromSplit: true, splitAces: aces, outcome: null });
      logSplit(draft, hand);
      return;
    }
  }
}

/** Plays every hand of a seat to its end. */
export function playComputerSeat(draft: StepDraft, seat: ComputerSeat): void {
  const up = draft.state.dealerCards[0];
  if (!up) throw new Error('invariant: the dealer has an upcard');
  for (let guard = 0; guard < MAX_SEAT_STEPS; guard++) if (!playOne(draft, seat, cardValue(up))) return;
  throw new Error('invariant: a computer seat did not finish within its bound');
}

/**
 * Early surrender before the peek (decision record 0050): each seat's two-card hand surrenders
 * where the chart, with surrender open, says so. Seats decide by the book here, without their
 * error draws: no card is dealt, so the order of the answers changes nothing at the table.
 */
export function computerSeatsSurrenderEarly(draft: StepDraft): void {
  const state = draft.state;
  const up = state.dealerCards[0];
  if (!up) throw new Error('invariant: the dealer has an upcard');
  const rules = state.config;
  for (const seat of state.computerSeats) {
    const hand = seat.hands[0];
    if (!hand || hand.status !== 'playing' || hand.cards.length !== 2) continue;
    if (surrendersEarlyByChart(rules, hand.cards.map(cardValue), cardValue(up))) hand.status = 'surrendered';
  }
}

/** Plays the computer seats that come before the player's spots (`before`) or every one still to play. */
export function playComputerSeats(draft: StepDraft, which: 'before' | 'rest'): void {
  const state = draft.state;
  const limit = which === 'before' ? seatsBefore(state.config) : Infinity;
  state.computerSeats.forEach((seat, k) => {
    if (k < limit) playComputerSeat(draft, seat);
  });
}

/** Any computer hand the dealer must still play against. */
export function computerHandsLive(state: GameState): boolean {
  return state.computerSeats.some((s) => s.hands.some((h) => h.status === 'stood' || h.status === 'doubled'));
}
