/**
 * "By the book": whether the player played a whole shoe by the basic strategy chart of the
 * table's rules, judged on the server from the table's own state (never from what a client
 * reports). Each decision of the shoe is compared with the chart (basic-charts.ts); the tally
 * lives with the table row (`game_tables.shoe_play`). When a shoe is replaced after it was
 * dealt down to its shuffle point, a tally with decisions and no departure is a clean shoe.
 *
 * Departures: a play other than the chart's (index plays included: the achievement is for
 * basic strategy), and taking insurance. A decision made before the chart for the rules was
 * built is "unjudged", and a shoe with one is not clean: nothing is ever credited on a guess.
 */
import {
  cardValue,
  chartPlay,
  currentHand,
  fullShoe,
  insuranceChoice,
  surrendersEarlyByChart,
  legalPlays,
  needsShuffle,
  visible,
  type ActionEvs,
  type GameAction,
  type GameState,
  type ShoeState,
} from '@card-counter/engine';
import { basicCharts } from '../../strategy/basic-charts.ts';

export interface ShoePlay {
  /** The commitment of the shoe this tally is about. */
  commitment: string;
  decisions: number;
  departures: number;
  unjudged: number;
}

type Verdict = 'book' | 'departure' | 'unjudged' | 'none';

const PLAYS = new Set<GameAction['type']>(['hit', 'stand', 'double', 'split', 'surrender']);

/** The verdict on `action` taken in `state` (before the step). 'none': not a decision. */
export function verdictOf(state: GameState, action: GameAction): Verdict {
  if (action.type === 'insurance') {
    if (state.gamePhase !== 'insurance') return 'none';
    // Basic strategy never insures; it takes even money where the payout makes it right (6:5), off the top.
    const book = insuranceChoice({
      rules: state.config,
      unseen: fullShoe(state.config.numDecks),
      insuranceStake: state.playerHands.reduce((a, h) => a + (h.status === 'blackjack' ? 0 : h.bet / 2), 0),
      evenMoneyBet: state.playerHands.reduce((a, h) => a + (h.status === 'blackjack' ? h.bet : 0), 0),
      insureByIndex: false,
    }).shouldTake;
    return action.take === book ? 'book' : 'departure';
  }
  if (action.type === 'earlySurrender') {
    if (state.gamePhase !== 'surrender') return 'none';
    const hand = state.playerHands[state.currentHandIndex];
    const up = state.dealerCards[0];
    if (hand === undefined || up === undefined) return 'none';
    const chart = basicCharts.get(state.config);
    if (chart === null) return 'unjudged';
    return action.take === surrendersEarlyByChart(state.config, hand.cards.map(cardValue), cardValue(up), chart) ? 'book' : 'departure';
  }
  if (!PLAYS.has(action.type) || state.gamePhase !== 'playing') return 'none';
  const view = visible(state);
  const hand = currentHand(view);
  const up = view.dealerCards[0];
  if (hand === null || hand === undefined || up === null || up === undefined) return 'none';
  const legal = legalPlays(view);
  if (!legal[action.type as keyof typeof legal]) return 'none'; // the engine refuses it: no decision
  const chart = basicCharts.get(state.config);
  if (chart === null) return 'unjudged';
  const values = hand.cards.map(cardValue);
  const upValue = cardValue(up);
  // Legal plays as the chart lookup wants them (non-null = allowed). Where the chart has no
  // entry for the hand's shape it falls back on the better of hit and stand by EV; asking with
  // both orders tells that case apart, and there either of the two is by the book.
  const evs = (hitOverStand: boolean): ActionEvs => ({
    stand: hitOverStand ? 0 : 1,
    hit: legal.hit ? (hitOverStand ? 1 : 0) : null,
    double: legal.double ? 0 : null,
    split: legal.split ? 0 : null,
    surrender: legal.surrender ? 0 : null,
  });
  const a = chartPlay(state.config, values, upValue, evs(true), chart);
  const b = chartPlay(state.config, values, upValue, evs(false), chart);
  if (a === b) return a === action.type ? 'book' : 'departure';
  return action.type === 'hit' || action.type === 'stand' ? 'book' : 'departure';
}

/** The tally after `action` in `state`; a new shoe starts a new tally. */
export function nextShoePlay(prev: ShoePlay | null, state: GameState, action: GameAction): ShoePlay | null {
  if (state.deck === null) return prev;
  const commitment = state.deck.commitment;
  const tally =
    prev !== null && prev.commitment === commitment
      ? prev
      : { commitment, decisions: 0, departures: 0, unjudged: 0 };
  const verdict = verdictOf(state, action);
  if (verdict === 'none') return tally;
  return {
    ...tally,
    decisions: tally.decisions + 1,
    departures: tally.departures + (verdict === 'departure' ? 1 : 0),
    unjudged: tally.unjudged + (verdict === 'unjudged' ? 1 : 0),
  };
}

/**
 * Whether replacing `old` ends a clean shoe: it was dealt down to its shuffle point (a shoe left
 * early by a reset or a change of rules does not count), and every decision in it was judged
 * by the book.
 */
export function isCleanShoe(tally: ShoePlay | null, old: ShoeState, shufflePoint: number): boolean {
  if (tally === null || tally.commitment !== old.commitment) return false;
  // Its shuffle point, or only its reserve left (ADR 0042: a shoe never deals its reserve).
  const dealtDown = needsShuffle(old, { shufflePoint });
  return dealtDown && tally.decisions > 0 && tally.departures === 0 && tally.unjudged === 0;
}
