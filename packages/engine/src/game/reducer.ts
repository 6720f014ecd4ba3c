// The game as a pure reducer: step(state, action, rng?) returns a new state, or refuses with a
// human reason and returns the SAME state object. The RNG is needed only to shuffle (at a deal
// when the shoe is at or below shufflePoint, or if the shoe runs out mid-round).

import { cardValue, handTotal } from '../cards.ts';
import type { Rng } from '../rng.ts';
import { validateRules } from '../rules.ts';
import { revealShoe } from '../shoe.ts';
import { type Ctx, Refusal, currentHand, draft, draw, fmt, refuse, resetCount } from './context.ts';
import { INITIAL_GAME_STATUS } from './create.ts';
import { afterInsurance, advance, insuranceCost, splitsAtSpot, startRound } from './round.ts';
import { canDoubleHand, canHitHand, canSplitPair, canSurrenderHand } from './rule-predicates.ts';
import type { GameAction, GameState, StepResult } from './types.ts';

export function step(state: GameState, action: GameAction, rng?: Rng): StepResult {
  try {
    const ctx: Ctx = { s: draft(state), rng };
    apply(ctx, action);
    return { ok: true, state: ctx.s };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, reason: e.message, state };
    throw e;
  }
}

function apply(ctx: Ctx, action: GameAction): void {
  const s = ctx.s;
  switch (action.type) {
    case 'bet':
    case 'placeBet':
      if (s.gamePhase === 'roundOver') clearTable(s);
      requirePhase(s, 'betting', 'You can only bet between rounds.');
      placeBet(s, action.amount, action.spot);
      return;
    case 'deal':
      if (s.gamePhase === 'roundOver') clearTable(s);
      requirePhase(s, 'betting', 'A round is already in progress.');
      if (s.handBets.some((b) => !(b > 0))) refuse(s.handBets.length > 1 ? 'Place a bet on every spot first.' : 'Place your bet first.');
      if (s.currentBet > s.balance) refuse(`Not enough balance: your bets total ${fmt(s.currentBet)} but you have ${fmt(s.balance)}.`);
      startRound(ctx);
      return;
    case 'insurance':
      requirePhase(s, 'insurance', 'Insurance is not on offer now.');
      if (action.take) takeInsurance(s);
      afterInsurance(ctx);
      return;
    case 'hit':
      return hit(ctx);
    case 'stand':
      requirePhase(s, 'playing', 'There is no hand to stand on.');
      currentHand(s).status = 'stood';
      advance(ctx);
      return;
    case 'double':
      return double(ctx);
    case 'split':
      return split(ctx);
    case 'surrender':
      return surrender(ctx);
    case 'newRound':
      requirePhase(s, 'roundOver', 'Finish the round first.');
      clearTable(s);
      return;
    case 'reset':
      return reset(s);
    case 'setConfig':
      return setConfig(s, action.rules);
    default:
      refuse(`Unknown action ${JSON.stringify((action as { type?: unknown }).type)}.`);
  }
}

function requirePhase(s: GameState, phase: GameState['gamePhase'], reason: string): void {
  if (s.gamePhase !== phase) refuse(reason);
}

function placeBet(s: GameState, amount: number, spot: number | undefined): void {
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) refuse('A bet must be a whole number of credits (0 clears it).');
  if (spot !== undefined && (!Number.isInteger(spot) || spot < 0 || spot >= s.handBets.length)) refuse(`There is no spot ${spot} at this table.`);
  const bets = s.handBets.map((b, i) => (spot === undefined || spot === i ? amount : b));
  const total = bets.reduce((a, b) => a + b, 0);
  if (total > s.balance) refuse(`Not enough balance: bets would total ${fmt(total)} but you have ${fmt(s.balance)}.`);
  s.handBets = bets;
  s.currentBet = total;
  s.gameStatus = total > 0 ? `Bet ${fmt(total)}. Click Deal!` : INITIAL_GAME_STATUS;
}

/** Back to betting; the spot bets stay for the next deal unless the balance no longer covers them. */
function clearTable(s: GameState): void {
  s.gamePhase = 'betting';
  s.gameInProgress = false;
  s.playerHands = [];
  s.dealerCards = [];
  s.holeCardRevealed = false;
  s.currentHandIndex = 0;
  s.insuranceBet = 0;
  s.insuranceOffered = false;
  s.canTakeInsurance = false;
  s.totalHandsFromSplits = 0;
  if (s.currentBet > s.balance) {
    s.handBets = s.handBets.map(() => 0);
    s.currentBet = 0;
  }
  s.gameStatus = INITIAL_GAME_STATUS;
}

function takeInsurance(s: GameState): void {
  const cost = insuranceCost(s);
  if (cost > s.balance) refuse(`Not enough balance for insurance (${fmt(cost)}).`);
  for (const h of s.playerHands) if (h.status === 'blackjack') h.evenMoney = true;
  s.insuranceBet = cost;
  s.balance -= cost;
}

function hit(ctx: Ctx): void {
  const s = ctx.s;
  requirePhase(s, 'playing', 'There is no hand to hit.');
  const h = currentHand(s);
  const { total } = handTotal(h.cards);
  if (!canHitHand(s.config, total, h.splitAces)) refuse(h.splitAces ? 'Split aces take one card only.' : 'You cannot hit 21.');
  h.cards.push(draw(ctx, true));
  const after = handTotal(h.cards).total;
  if (after > 21) h.status = 'busted';
  else if (after === 21) h.status = 'stood';
  advance(ctx);
}

function double(ctx: Ctx): void {
  const s = ctx.s;
  requirePhase(s, 'playing', 'There is no hand to double.');
  const h = currentHand(s);
  const { total } = handTotal(h.cards);
  if (h.cards.length !== 2) refuse('You can only double on your first two cards.');
  if (h.fromSplit && !s.config.doubleAfterSplit) refuse('Doubling after a split is not allowed at this table.');
  if (!canDoubleHand(s.config, h.cards.length, total, h.fromSplit, h.splitAces)) {
    refuse(h.splitAces ? 'Split aces cannot be doubled.' : `You can only double on ${s.config.doubleDownRestriction} at this table.`);
  }
  if (h.bet > s.balance) refuse(`Not enough balance to double (${fmt(h.bet)} needed).`);
  s.balance -= h.bet;
  h.bet *= 2;
  h.cards.push(draw(ctx, true));
  h.status = handTotal(h.cards).total > 21 ? 'busted' : 'doubled';
  advance(ctx);
}

function split(ctx: Ctx): void {
  const s = ctx.s;
  requirePhase(s, 'playing', 'There is no hand to split.');
  const h = currentHand(s);
  const [a, b] = h.cards;
  if (h.cards.length !== 2 || !a || !b || cardValue(a) !== cardValue(b)) refuse('You can only split two cards of the same value.');
  const splits = splitsAtSpot(s, h.spot);
  if (!canSplitPair(s.config, cardValue(a), cardValue(b), 2, splits, h.splitAces)) {
    refuse(h.splitAces ? 'Split aces cannot be split again at this table.' : `No more splits: the limit is ${s.config.maxSplits}.`);
  }
  if (h.bet > s.balance) refuse(`Not enough balance to split (${fmt(h.bet)} needed).`);
  s.balance -= h.bet;
  const aces = cardValue(a) === 1;
  const second = { ...h, cards: [b], fromSplit: true, splitAces: aces, status: 'playing' as const };
  h.cards = [a];
  h.fromSplit = true;
  h.splitAces = aces;
  s.playerHands.splice(s.currentHandIndex + 1, 0, second);
  s.totalHandsFromSplits += 1;
  advance(ctx);
}

function surrender(ctx: Ctx): void {
  const s = ctx.s;
  requirePhase(s, 'playing', 'There is no hand to surrender.');
  const h = currentHand(s);
  if (!s.config.surrenderAllowed) refuse('Surrender is not allowed at this table.');
  if (!canSurrenderHand(s.config, h.cards.length, h.fromSplit)) refuse('You can only surrender your first two cards, before splitting.');
  h.status = 'surrendered';
  advance(ctx);
}

/** Reset keeps balance, config, session stats and the shoe (with its count); refused mid-round so no stake is abandoned. */
function reset(s: GameState): void {
  if (s.gameInProgress) refuse('Finish the round before resetting.');
  clearTable(s);
  s.handBets = s.handBets.map(() => 0);
  s.currentBet = 0;
  s.lastResult = null;
}

function setConfig(s: GameState, input: unknown): void {
  if (s.gameInProgress) refuse('Rules can only change between rounds.');
  const v = validateRules(input);
  if (!v.ok) refuse(v.message);
  const old = s.config;
  s.config = v.rules;
  if (v.rules.numDecks !== old.numDecks) {
    // A different shoe: publish the old one, shuffle a new one at the next deal.
    if (s.deck) s.lastShoeReveal = revealShoe(s.deck);
    s.deck = null;
    s.cardsDealtFromShoe = 0;
    s.roundStartPosition = 0;
    resetCount(s);
  }
  if (v.rules.numInitialHands !== old.numInitialHands) {
    s.handBets = new Array<number>(v.rules.numInitialHands).fill(0);
    s.currentBet = 0;
  }
  clearTable(s);
}
