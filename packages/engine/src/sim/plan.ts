// A SimPlan is everything the hot loop reads, compiled once from the user's options into flat
// typed arrays (structured-clonable, so the same plan goes to every worker). Nothing in it is
// computed in the loop: rule predicates, the true-count convention and the strategy are all
// turned into lookup tables here, from the shared implementations (rules.ts, the analyser's
// table, the counting module's true count).
import { dealerHits, earlySurrenderVs, losesAllStakesToBlackjack, RULE_LIMITS, surrenderBeforePeek, type Rules } from '../rules.ts';
import { canDoubleHand, canHitHand, canSplitPair, canSurrenderHand, dealerPeeksUnder } from '../game/rule-predicates.ts';
import { TABLE_SIZE, TABLE_SPLIT } from '../analysis/codes.ts';
import { CODE_COUNT, TC_BINS, TC_MAX, TC_MIN } from './layout.ts';
import type { PlayerTables } from './player-model.ts';

/** Seats at the table: the player's spots and the other players together. */
const SEATS_MAX = RULE_LIMITS.seats_max;

export interface SimPlan {
  readonly rules: Rules;
  /** Basic strategy, analyser layout (tableIndex of analysis/codes.ts). */
  readonly table: Uint8Array;
  /**
   * The analyser's exact EV of that strategy per hand (one unit, every round from a full
   * shoe): what the EV per unit bet of a --csm run with flat basic strategy must reproduce
   * (null when the table was overridden).
   */
  readonly exactBasicEv: number | null;
  /** Tag of each internal card code, scaled to integers (see tagScale). */
  readonly tags: Int32Array;
  /** True count by (running count + tcRcOffset) * (cards + 1) + unseen cards, clamped to the bins. */
  readonly tcLut: Int8Array;
  readonly tcRcOffset: number;
  /** Units bet at each true count bin (index tc - TC_MIN). */
  readonly rampUnits: Float64Array;
  /** Play only when the true count is at or above this (TC_MIN - 1 = always play). */
  readonly wongIn: number;
  /**
   * Count-adjusted play for every table cell at every true-count bin
   * (index (tc - TC_MIN) * TABLE_SIZE + tableIndex), sampled from the indices module's
   * bestPlay(); null = basic strategy only.
   */
  readonly decisions: Uint8Array | null;
  /** 1 where insurance (or even money) is taken, per true-count bin. */
  readonly insureAt: Uint8Array;
  /** Deal every round from a full shoe (continuous shuffle). */
  readonly csm: boolean;
  /** Bankroll for the simulated risk-of-ruin trips (0 = none). */
  readonly bankroll_units: number;
  /** Rule predicates of rules.ts / game/rule-predicates.ts / shoe.ts sampled into tables. */
  readonly predicates: RuleTables;
  /** The player's own mistakes and count errors ("simulate my game"); null = perfect play. */
  readonly player: PlayerTables | null;
  /**
   * The ace side count's bet (decision record 0051): [points per surplus ace, 1 / tag scale, aces
   * in the shoe, rounding 0 floor / 1 truncate / 2 round / 3 none] and the decks remaining by
   * unseen cards (the true-count convention's); null = the bet reads the true-count table.
   */
  readonly aceSide?: { readonly params: Float64Array; readonly decks: Float64Array } | null;
  /** The player's spots at each true-count bin (the count the bet is placed at); 1..7. */
  readonly spotsAt: Uint8Array;
  /** The table around the player: seats, wonging out, the shoe's end (decision record 0065). */
  readonly conditions: SimConditions;
}

export interface SimConditions {
  /** Other players, dealt after the player's spots from the same shoe, playing basic strategy. */
  readonly seats: number;
  /** Share of a seat's decisions that depart from the chart (0..1). */
  readonly seatErrorRate: number;
  /** Leave before a round whose true count is below this (TC_MIN - 1: never). */
  readonly wongOut: number;
  /** A player who left may sit down again in the same shoe (at wongIn). */
  readonly reenter: boolean;
  /** > 0: the shoe is shuffled after this many rounds instead of at the cut card. */
  readonly roundsPerShoe: number;
  /** The cut card lands uniformly within this many cards around its place (0: always there). */
  readonly cutSpread_cards: number;
}

export interface RuleTables {
  /** Two-card hand: [(total * 2 + fromSplit) * 2 + splitAcesHand]. */
  readonly canDouble: Uint8Array;
  /** Pair of value v: [(v * 4 + splitsSoFar) * 2 + splitAcesHand]. */
  readonly canSplit: Uint8Array;
  /** Two-card hand at its turn: [fromSplit * 11 + upcard value]. */
  readonly canSurrender: Uint8Array;
  /** [total * 2 + splitAcesHand]. */
  readonly canHit: Uint8Array;
  /** [upcard value]. */
  readonly peeks: Uint8Array;
  /** [total * 2 + soft]. */
  readonly dealerDraws: Uint8Array;
  /** [cards left before the round]. */
  readonly shuffleBeforeRound: Uint8Array;
  /**
   * [upcard value]: 1 where surrender is early and asked before the peek (every spot answers
   * before the dealer checks), 2 where it is early at the hand's turn (no peek: a surrendered
   * hand keeps half against a blackjack), 0 where it is late or not offered (decision record 0050).
   */
  readonly earlySurrender: Uint8Array;
  /**
   * [no hole card (the dealer's second card after the players), a blackjack takes every stake
   * (no hole card, noHoleCardLosses 'all'), a natural takes even money when insurance is taken
   * or always (2: blackjack pays less than 3:2, where even money beats declining at any count)].
   */
  readonly flags: Uint8Array;
}

/** Rule predicates sampled over every input the loop can ask about. */
export function ruleTables(rules: Rules, needsShuffle: (remaining: number) => boolean): RuleTables {
  const b = (x: boolean): number => (x ? 1 : 0);
  const canDouble = new Uint8Array(22 * 4);
  const canHit = new Uint8Array(32 * 2);
  for (let t = 0; t <= 21; t++) {
    for (let fromSplit = 0; fromSplit <= 1; fromSplit++) {
      for (let aces = 0; aces <= 1; aces++) canDouble[(t * 2 + fromSplit) * 2 + aces] = b(canDoubleHand(rules, 2, t, fromSplit === 1, aces === 1));
    }
  }
  for (let t = 0; t < 32; t++) for (let aces = 0; aces <= 1; aces++) canHit[t * 2 + aces] = b(canHitHand(rules, t, aces === 1));
  const canSplit = new Uint8Array(11 * 4 * 2);
  for (let v = 1; v <= 10; v++) {
    for (let k = 0; k < 4; k++) for (let aces = 0; aces <= 1; aces++) canSplit[(v * 4 + k) * 2 + aces] = b(canSplitPair(rules, v, v, 2, k, aces === 1));
  }
  const canSurrender = new Uint8Array(2 * 11);
  const earlySurrender = new Uint8Array(11);
  for (let up = 1; up <= 10; up++) {
    canSurrender[up] = b(canSurrenderHand(rules, 2, false, up));
    canSurrender[11 + up] = b(canSurrenderHand(rules, 2, true, up));
    earlySurrender[up] = surrenderBeforePeek(rules, up) ? 1 : earlySurrenderVs(rules, up) ? 2 : 0;
  }
  const peeks = new Uint8Array(11);
  for (let up = 1; up <= 10; up++) peeks[up] = b(dealerPeeksUnder(rules, up));
  const dealerDraws = new Uint8Array(32 * 2);
  for (let t = 0; t < 32; t++) {
    dealerDraws[t * 2] = b(dealerHits(rules, t, false));
    dealerDraws[t * 2 + 1] = b(dealerHits(rules, t, true));
  }
  const n = rules.numDecks * 52;
  const shuffleBeforeRound = new Uint8Array(n + 1);
  for (let left = 0; left <= n; left++) shuffleBeforeRound[left] = b(needsShuffle(left));
  const flags = Uint8Array.of(b(!rules.dealerPeeks), b(losesAllStakesToBlackjack(rules)), evenMoneyFlag(rules));
  return { canDouble, canSplit, canSurrender, canHit, peeks, dealerDraws, shuffleBeforeRound, earlySurrender, flags };
}

/**
 * When a natural takes even money (decision record 0050). Declining pays blackjackPays unless the
 * hole card is a ten (p), even money pays 1: it is right when p > 1 - 1 / blackjackPays. At 3:2
 * that is insurance's own p > 1/3: the insurance index decides (1). At 6:5 or less (p > 1/6 or
 * lower) it is right unless fewer than one unseen card in six is a ten (a full shoe has four in
 * thirteen): the simulator takes it always (2), erring only in such shoes. At 2:1 (p > 1/2) it is
 * never right in practice (0). Between 6:5 and 3:2 (7:5) the insurance index decides, an
 * approximation.
 */
function evenMoneyFlag(rules: Rules): number {
  if (!rules.insuranceAllowed) return 0;
  if (rules.blackjackPays <= 1.2 + 1e-9) return 2;
  return rules.blackjackPays >= 2 - 1e-9 ? 0 : 1;
}

export type TrueCountFn = (runningCount: number, unseenCards: number) => number;

/**
 * Samples a true-count function (the counting module's convention) for every running count the
 * shoe can produce and every number of unseen cards, clamped to the bins. rcBound = the sum of
 * |tag| over the whole shoe (scaled), so no running count falls outside.
 */
export function trueCountTable(tc: TrueCountFn, rcBound: number, cards: number, tagScale: number): { lut: Int8Array; offset: number } {
  if (!Number.isInteger(rcBound) || rcBound < 0 || rcBound > 10000) throw new RangeError(`bad running count bound ${rcBound}`);
  const width = cards + 1;
  const lut = new Int8Array((2 * rcBound + 1) * width);
  for (let rc = -rcBound; rc <= rcBound; rc++) {
    for (let unseen = 0; unseen <= cards; unseen++) {
      const t = unseen === 0 ? 0 : tc(rc / tagScale, unseen);
      const clamped = Math.max(TC_MIN, Math.min(TC_MAX, Number.isFinite(t) ? t : 0));
      lut[(rc + rcBound) * width + unseen] = Math.round(clamped);
    }
  }
  return { lut, offset: rcBound };
}

/** Asserts the invariants the loop relies on (sizes, ranges), so a bad plan fails loudly. */
export function checkPlan(p: SimPlan): void {
  const n = p.rules.numDecks * 52;
  if (p.table.length !== TABLE_SIZE) throw new RangeError('plan.table has the wrong size');
  if (p.tags.length !== CODE_COUNT) throw new RangeError('plan.tags has the wrong size');
  if (p.tcLut.length !== (2 * p.tcRcOffset + 1) * (n + 1)) throw new RangeError('plan.tcLut has the wrong size');
  if (p.rampUnits.length !== TC_BINS) throw new RangeError('plan.rampUnits has the wrong size');
  if (p.decisions && p.decisions.length !== TABLE_SIZE * TC_BINS) throw new RangeError('plan.decisions has the wrong size');
  if (p.insureAt.length !== TC_BINS) throw new RangeError('plan.insureAt has the wrong size');
  if (p.player && (p.player.mistakeRate.length !== TABLE_SIZE || p.player.mistakePlay.length !== TABLE_SIZE || (p.player.rcNoise && p.player.rcNoise.length !== 256))) {
    throw new RangeError('plan.player has the wrong size');
  }
  if (p.predicates.shuffleBeforeRound.length !== n + 1) throw new RangeError('plan.shuffleBeforeRound has the wrong size');
  if (p.aceSide && (p.aceSide.params.length !== 4 || p.aceSide.decks.length !== n + 1)) throw new RangeError('plan.aceSide has the wrong size');
  if (p.predicates.canSurrender.length !== 22 || p.predicates.earlySurrender.length !== 11 || p.predicates.flags.length !== 3) throw new RangeError('plan.predicates has the wrong size');
  if (p.spotsAt.length !== TC_BINS) throw new RangeError('plan.spotsAt has the wrong size');
  const c = p.conditions;
  if (!Number.isInteger(c.seats) || c.seats < 0 || c.seats > 6) throw new RangeError(`other players must be 0..6 (got ${c.seats})`);
  for (const k of p.spotsAt) if (k < 1 || k + c.seats > SEATS_MAX) throw new RangeError(`spots ${k} and ${c.seats} other players do not fit the table's ${SEATS_MAX} seats`);
  if (!(c.seatErrorRate >= 0 && c.seatErrorRate <= 1)) throw new RangeError(`the other players' error rate must be 0..1 (got ${c.seatErrorRate})`);
  if (!Number.isInteger(c.wongOut) || c.wongOut < TC_MIN - 1 || c.wongOut > TC_MAX) throw new RangeError(`wong-out count out of range: ${c.wongOut}`);
  if (!Number.isInteger(c.roundsPerShoe) || c.roundsPerShoe < 0 || c.roundsPerShoe > 1000) throw new RangeError(`rounds per shoe must be 0..1000 (got ${c.roundsPerShoe})`);
  if (!Number.isInteger(c.cutSpread_cards) || c.cutSpread_cards < 0 || c.cutSpread_cards > n) throw new RangeError(`the cut card's spread must be 0..${n} cards (got ${c.cutSpread_cards})`);
  // The loop asks a hand of three cards or more only hit or stand: no play may say split where
  // the cell's split bit (bit 1 of tableIndex) is 0 (the loop traps on one).
  for (const plays of [p.table, p.decisions, p.player?.mistakePlay]) {
    if (!plays) continue;
    for (let i = 0; i < plays.length; i++) {
      if (plays[i] === TABLE_SPLIT && (i & 2) === 0) throw new RangeError(`plan: a split where no split is allowed (cell ${i % TABLE_SIZE})`);
    }
  }
  for (let i = 0; i < TC_BINS; i++) {
    const u = p.rampUnits[i] as number;
    if (!(u >= 0 && u <= 1e6)) throw new RangeError(`ramp units out of range: ${u}`);
  }
}
