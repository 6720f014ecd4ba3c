// The game as a pure reducer: step(state, action, rng?) returns a new state whose version is one
// more, or refuses with a code and a human reason and returns the SAME state object (version
// unchanged). The RNG is needed only to shuffle (at a deal when the shoe is at or below
// shufflePoint, or if the shoe runs out mid-round).

import { cardValue, handTotal } from '../cards.ts';
import type { Rng } from '../rng.ts';
import { surrenderBeforePeek, surrenderOffered, validateRules } from '../rules.ts';
import { betStepMessage, isBetPayable } from '../bet-step.ts';
import { resetCount, draw } from './dealing.ts';
import { handTo, logEvent, logSplit, type DealPlay } from './deal-log.ts';
import { type StepDraft, currentHand, draftOf } from './draft.ts';
import { formatCredits } from './format.ts';
import { INITIAL_GAME_STATUS } from './create.ts';
import { clearRound } from './clear-round.ts';
import { Refusal, refuse } from './refusal.ts';
import { publishHeldShoes, retireShoe } from './reveal.ts';
import { afterInsurance, advance, earlySurrenderPrompt, insuranceCost, nextEarlySurrenderHand, peekAndPlay, splitsAtSpot, startRound } from './round.ts';
import { canDoubleHand, canHitHand, canSplitPair, canSurrenderHand } from './rule-predicates.ts';
import type { GameAction, GameState, StepResult } from './types.ts';

export function step(state: GameState, action: GameAction, rng?: Rng): StepResult {
  try {
    const draft = draftOf(state, rng);
    apply(draft, action);
    // The one place a held shoe is published: after the step, when its hidden card is turned.
    publishHeldShoes(draft);
    draft.state.version = state.version + 1;
    return { ok: true, state: draft.state, published: draft.published, dealt: draft.dealt };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, code: e.code, reason: e.message, state };
    throw e;
  }
}

/** The player's plays, as the deal log names them (a refused one is dropped with its draft). */
function logPlay(draft: StepDraft, action: GameAction): void {
  const state = draft.state;
  const h = state.playerHands[state.currentHandIndex];
  if (!state.gameInProgress || h === undefined) return;
  const play = playName(action);
  if (play === null) return;
  const to = handTo(state, h);
  if (to.kind !== 'seat') throw new Error('invariant: a player hand sits at a seat');
  logEvent(draft, { kind: 'play', play, seat: to.seat, hand: to.hand });
}

function playName(action: GameAction): DealPlay | null {
  switch (action.type) {
    case 'hit':
    case 'stand':
    case 'double':
    case 'split':
    case 'surrender':
      return action.type;
    case 'insurance':
      return action.take ? 'insurance' : 'noInsurance';
    case 'earlySurrender':
      return action.take ? 'earlySurrender' : 'playOn';
    default:
      return null;
  }
}

function apply(draft: StepDraft, action: GameAction): void {
  const state = draft.state;
  logPlay(draft, action);
  switch (action.type) {
    case 'bet':
      if (state.gamePhase === 'roundOver') clearTable(state);
      requirePhase(state, 'betting', 'You can only bet between rounds.');
      placeBet(state, action.amount, action.spot);
      return;
    case 'deal':
      if (state.gamePhase === 'roundOver') clearTable(state);
      requirePhase(state, 'betting', 'A round is already in progress.');
      if (state.sittingOut) {
        // The player watches: nothing is staked, the computer seats play the round.
        startRound(draft);
        return;
      }
      if (state.handBets.some((b) => !(b > 0))) refuse('NO_BET', state.handBets.length > 1 ? 'Place a bet on every spot first.' : 'Place your bet first.');
      // A bet placed before bets went in steps (a stored table): refused here, never paid short.
      if (!state.handBets.every((b) => isBetPayable(state.config, b))) refuse('BET_NOT_PAYABLE', betStepMessage(state.config));
      if (state.currentBet > state.balance) {
        refuse('INSUFFICIENT_BALANCE', `Not enough balance: your bets total ${formatCredits(state.currentBet)} but you have ${formatCredits(state.balance)}.`);
      }
      startRound(draft);
      return;
    case 'insurance':
      if (state.gamePhase !== 'insurance') refuse('INSURANCE_NOT_OFFERED', 'Insurance is not on offer now.');
      if (action.take) takeInsurance(state);
      afterInsurance(draft);
      return;
    case 'earlySurrender':
      return earlySurrender(draft, action.take);
    case 'hit':
      return hit(draft);
    case 'stand':
      requirePhase(state, 'playing', 'There is no hand to stand on.');
      currentHand(state).status = 'stood';
      advance(draft);
      return;
    case 'double':
      return double(draft);
    case 'split':
      return split(draft);
    case 'surrender':
      return surrender(draft);
    case 'newRound':
      requirePhase(state, 'roundOver', 'Finish the round first.');
      clearTable(state);
      return;
    case 'reset':
      return reset(state);
    case 'setConfig':
      return setConfig(draft, action.rules);
    case 'sitOut':
    case 'sitIn':
      return sit(state, action.type === 'sitOut');
    case 'newShoe':
      return newShoe(draft);
    default:
      refuse('UNKNOWN_ACTION', `Unknown action ${JSON.stringify((action as { type?: unknown }).type)}.`);
  }
}

function requirePhase(state: GameState, phase: GameState['gamePhase'], reason: string): void {
  if (state.gamePhase !== phase) refuse('WRONG_PHASE', reason);
}

function placeBet(state: GameState, amount: number, spot: number | undefined): void {
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) refuse('INVALID_BET', 'A bet must be a whole number of credits (0 clears it).');
  if (spot !== undefined && (!Number.isInteger(spot) || spot < 0 || spot >= state.handBets.length)) refuse('INVALID_SPOT', `There is no spot ${spot} at this table.`);
  if (!isBetPayable(state.config, amount)) refuse('BET_NOT_PAYABLE', betStepMessage(state.config));
  const bets = state.handBets.map((b, i) => (spot === undefined || spot === i ? amount : b));
  const total = bets.reduce((a, b) => a + b, 0);
  if (total > state.balance) refuse('INSUFFICIENT_BALANCE', `Not enough balance: bets would total ${formatCredits(total)} but you have ${formatCredits(state.balance)}.`);
  state.handBets = bets;
  state.currentBet = total;
  state.gameStatus = total > 0 ? `Bet ${formatCredits(total)}. Click Deal!` : INITIAL_GAME_STATUS;
}

/** Back to betting; the spot bets stay for the next deal unless the balance no longer covers them. */
function clearTable(state: GameState): void {
  clearRound(state);
  if (state.currentBet > state.balance) {
    state.handBets = state.handBets.map(() => 0);
    state.currentBet = 0;
  }
  state.gameStatus = INITIAL_GAME_STATUS;
}

function takeInsurance(state: GameState): void {
  const cost = insuranceCost(state);
  if (cost > state.balance) refuse('INSUFFICIENT_BALANCE', `Not enough balance for insurance (${formatCredits(cost)}).`);
  for (const h of state.playerHands) if (h.status === 'blackjack') h.evenMoney = true;
  state.insuranceBet = cost;
  state.balance -= cost;
}

function hit(draft: StepDraft): void {
  const state = draft.state;
  requirePhase(state, 'playing', 'There is no hand to hit.');
  const h = currentHand(state);
  const { total } = handTotal(h.cards);
  if (!canHitHand(state.config, total, h.splitAces)) refuse('HIT_NOT_ALLOWED', h.splitAces ? 'Split aces take one card only.' : 'You cannot hit 21.');
  h.cards.push(draw(draft, true, handTo(state, h)));
  const after = handTotal(h.cards).total;
  if (after > 21) h.status = 'busted';
  else if (after === 21) h.status = 'stood';
  advance(draft);
}

function double(draft: StepDraft): void {
  const state = draft.state;
  requirePhase(state, 'playing', 'There is no hand to double.');
  const h = currentHand(state);
  const { total } = handTotal(h.cards);
  if (h.cards.length !== 2) refuse('DOUBLE_NOT_ALLOWED', 'You can only double on your first two cards.');
  if (h.fromSplit && !state.config.doubleAfterSplit) refuse('DOUBLE_NOT_ALLOWED', 'Doubling after a split is not allowed at this table.');
  if (!canDoubleHand(state.config, h.cards.length, total, h.fromSplit, h.splitAces)) {
    refuse('DOUBLE_NOT_ALLOWED', h.splitAces ? 'Split aces cannot be doubled.' : `You can only double on ${state.config.doubleDownRestriction} at this table.`);
  }
  if (h.bet > state.balance) refuse('INSUFFICIENT_BALANCE', `Not enough balance to double (${formatCredits(h.bet)} needed).`);
  state.balance -= h.bet;
  h.bet *= 2;
  h.cards.push(draw(draft, true, handTo(state, h)));
  h.status = handTotal(h.cards).total > 21 ? 'busted' : 'doubled';
  advance(draft);
}

function split(draft: StepDraft): void {
  const state = draft.state;
  requirePhase(state, 'playing', 'There is no hand to split.');
  const h = currentHand(state);
  const [a, b] = h.cards;
  if (h.cards.length !== 2 || !a || !b || cardValue(a) !== cardValue(b)) refuse('NOT_A_PAIR', 'You can only split two cards of the same value.');
  const splits = splitsAtSpot(state, h.spot);
  if (!canSplitPair(state.config, cardValue(a), cardValue(b), 2, splits, h.splitAces)) {
    refuse('SPLIT_LIMIT', h.splitAces ? 'Split aces cannot be split again at this table.' : `No more splits: the limit is ${state.config.maxSplits}.`);
  }
  if (h.bet > state.balance) refuse('INSUFFICIENT_BALANCE', `Not enough balance to split (${formatCredits(h.bet)} needed).`);
  state.balance -= h.bet;
  const aces = cardValue(a) === 1;
  const second = { ...h, cards: [b], fromSplit: true, splitAces: aces, status: 'playing' as const };
  h.cards = [a];
  h.fromSplit = true;
  h.splitAces = aces;
  state.playerHands.splice(state.currentHandIndex + 1, 0, second);
  logSplit(draft, h);
  state.totalHandsFromSplits += 1;
  advance(draft);
}

function surrender(draft: StepDraft): void {
  const state = draft.state;
  if (state.gamePhase === 'surrender') refuse('WRONG_PHASE', 'Early surrender is asked now: answer it (surrender early or play on).');
  requirePhase(state, 'playing', 'There is no hand to surrender.');
  const h = currentHand(state);
  const up = upcardValue(state);
  if (!surrenderOffered(state.config, up)) refuse('SURRENDER_NOT_ALLOWED', 'Surrender is not allowed at this table.');
  if (surrenderBeforePeek(state.config, up)) refuse('SURRENDER_NOT_ALLOWED', 'Against this upcard surrender is early only: it was asked before the dealer checked for blackjack.');
  if (!canSurrenderHand(state.config, h.cards.length, h.fromSplit, up)) refuse('SURRENDER_NOT_ALLOWED', 'You can only surrender your first two cards, before splitting.');
  h.status = 'surrendered';
  advance(draft);
}

/** The early-surrender question of the current hand; after the last one the dealer peeks (round.ts). */
function earlySurrender(draft: StepDraft, take: boolean): void {
  const state = draft.state;
  if (state.gamePhase !== 'surrender') refuse('WRONG_PHASE', 'Early surrender is not on offer now.');
  if (typeof take !== 'boolean') refuse('UNKNOWN_ACTION', 'earlySurrender takes take: true or false.');
  const h = currentHand(state);
  if (take) h.status = 'surrendered';
  const next = nextEarlySurrenderHand(state, state.currentHandIndex);
  if (next >= 0) {
    state.currentHandIndex = next;
    state.gameStatus = earlySurrenderPrompt(state, next);
    return;
  }
  state.currentHandIndex = 0;
  peekAndPlay(draft);
}

function upcardValue(state: GameState): number {
  const up = state.dealerCards[0];
  if (!up) throw new Error('invariant: the dealer has an upcard');
  return cardValue(up);
}

/** Reset keeps balance, config, session stats and the shoe (with its count); refused mid-round so no stake is abandoned. */
function reset(state: GameState): void {
  if (state.gameInProgress) refuse('WRONG_PHASE', 'Finish the round before resetting.');
  clearTable(state);
  state.handBets = state.handBets.map(() => 0);
  state.currentBet = 0;
  state.lastResult = null;
}

/** Sitting out (or back in) between rounds; the bets stay for the player's return. */
function sit(state: GameState, out: boolean): void {
  if (state.gameInProgress) refuse('WRONG_PHASE', out ? 'Finish the round before sitting out.' : 'Wait for the round to end to come back in.');
  if (out && state.config.otherPlayers === 0) refuse('NO_OTHER_PLAYERS', 'There is nobody else at the table: add other players in the table settings to watch them play.');
  clearTable(state);
  state.sittingOut = out;
  state.gameStatus = out ? 'You are sitting out: click Deal to watch a round.' : INITIAL_GAME_STATUS;
}

/** The shoe leaves play now and is published at once (no card of it is hidden between rounds). */
function retireToNewShoe(draft: StepDraft): void {
  const state = draft.state;
  if (state.deck) retireShoe(draft, state.deck);
  state.deck = null;
  state.cardsDealtFromShoe = 0;
  state.roundStartPosition = 0;
  resetCount(state);
}

function newShoe(draft: StepDraft): void {
  if (draft.state.gameInProgress) refuse('WRONG_PHASE', 'Finish the round before changing the shoe.');
  retireToNewShoe(draft);
  clearTable(draft.state);
  draft.state.gameStatus = 'New shoe: it is shuffled at the next deal, and the old one is revealed in the shoe history.';
}

function setConfig(draft: StepDraft, input: unknown): void {
  const state = draft.state;
  if (state.gameInProgress) refuse('WRONG_PHASE', 'Rules can only change between rounds.');
  const v = validateRules(input);
  if (!v.ok) refuse(v.key === 'seats' ? 'TABLE_FULL' : 'INVALID_RULES', v.message);
  const old = state.config;
  state.config = v.rules;
  // A different shoe: publish the old one, shuffle a new one at the next deal.
  if (v.rules.numDecks !== old.numDecks) retireToNewShoe(draft);
  if (v.rules.otherPlayers === 0) state.sittingOut = false;
  if (v.rules.numInitialHands !== old.numInitialHands) {
    // The spots kept keep their bets, new spots start empty; clearTable drops them all if the balance no longer covers them.
    state.handBets = Array.from({ length: v.rules.numInitialHands }, (_, spot) => state.handBets[spot] ?? 0);
    state.currentBet = state.handBets.reduce((a, b) => a + b, 0);
  }
  // Bets the new rules cannot pay exactly come off their spots (nothing is staked between rounds), and the player is told.
  const payable = state.handBets.map((b) => (isBetPayable(v.rules, b) ? b : 0));
  const cleared = payable.some((b, i) => b !== state.handBets[i]);
  state.handBets = payable;
  state.currentBet = payable.reduce((a, b) => a + b, 0);
  clearTable(state);
  if (cleared) state.gameStatus = `Bets cleared: ${betStepMessage(v.rules)}`;
}
