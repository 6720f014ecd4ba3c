// The count-adjusted play: the basic-strategy action (computed by the caller, e.g. from the
// analyser's chart) corrected by the Hi-Lo index plays at the given true count. This module
// imports nothing from analysis/ so there is no dependency cycle.

import { type Card, cardValue, totalOfValues } from '../cards.ts';
import { type Rules, canDoubleTotal, surrenderOffered } from '../rules.ts';
import { INSURANCE_INDEX, type IndexPlay, indexPlays } from './table.ts';

export type PlayAction = 'hit' | 'stand' | 'double' | 'split' | 'surrender';

export interface BestPlayInput {
  /** The player's cards (values 1..10 or Cards). */
  hand: readonly (number | Card)[];
  /** Dealer upcard (value 1..10 or a Card). */
  upcard: number | Card;
  /** Hi-Lo true count (floored, see counting/true-count.ts). */
  trueCount: number;
  rules: Rules;
  /** The basic-strategy play for this hand, already legal for it. */
  basicAction: PlayAction;
  /** The hand came from a split (no surrender; doubling per doubleAfterSplit). */
  fromSplit?: boolean;
  /** Whether another split is allowed (split limit not reached); default true. */
  splitAllowed?: boolean;
  /**
   * The index plays to use (e.g. a generated table for another count, see generated-plays.ts);
   * default the published Hi-Lo ones for the rules. trueCount is then that table's count.
   */
  plays?: readonly IndexPlay[];
}

export interface BestPlay {
  action: PlayAction;
  /** The index entry that decided the play, when one applied (deviation or not). */
  index: IndexPlay | null;
  /** True when the play differs from basicAction. */
  deviation: boolean;
}

const valueOf = (c: number | Card): number => (typeof c === 'number' ? c : cardValue(c));

/** Take insurance (or even money) at TC >= +3 (Hi-Lo), or at the given index of another table. */
export function shouldTakeInsurance(trueCount: number, index: number = INSURANCE_INDEX): boolean {
  return trueCount >= index;
}

export function bestPlay(input: BestPlayInput): BestPlay {
  const values = input.hand.map(valueOf);
  const up = valueOf(input.upcard);
  if (values.length < 2) throw new RangeError('bestPlay needs a hand of at least two cards');
  const { total, soft } = totalOfValues(values);
  const twoCards = values.length === 2;
  const isPair = twoCards && values[0] === values[1];
  const fromSplit = input.fromSplit ?? false;
  // Late, or early where the rules have it (the caller asks before the peek for that upcard).
  const canSurrender = surrenderOffered(input.rules, up) && twoCards && !fromSplit;
  const canDouble = twoCards && canDoubleTotal(input.rules, total, fromSplit);
  const canSplit = isPair && (input.splitAllowed ?? true);
  const plays = input.plays ?? indexPlays(input.rules);
  const basic = input.basicAction;
  const result = (action: PlayAction, index: IndexPlay | null): BestPlay => ({ action, index, deviation: action !== basic });

  // 1. Surrender indices come first (a surrendered hand is not played on).
  let fallback: PlayAction = basic;
  if (!soft && !isPair) {
    const fab = plays.find((p) => p.set === 'Fab4' && p.total === total && p.upcard === up);
    if (fab && canSurrender) {
      if (input.trueCount >= fab.index) return result('surrender', fab);
      // Below the index the hand is played out; the next rules decide between hit and stand.
      if (basic === 'surrender') fallback = 'hit';
    }
  }
  if (fallback === 'surrender') return result('surrender', null);

  // 2. Pair plays (tens against 5 and 6).
  if (isPair && canSplit) {
    const pair = plays.find((p) => p.kind === 'pair' && p.total === values[0] && p.upcard === up);
    if (pair) return result(input.trueCount >= pair.index ? 'split' : fallback, pair);
  }
  if (fallback === 'split') return result('split', null);

  // 3. Hard-total plays (stand/hit at any card count; doubles only when doubling is legal).
  if (!soft) {
    const hard = plays.find((p) => p.set === 'I18' && p.kind === 'hard' && p.total === total && p.upcard === up);
    if (hard) {
      if (hard.action === 'double') {
        if (canDouble) return result(input.trueCount >= hard.index ? 'double' : 'hit', hard);
      } else {
        return result(input.trueCount >= hard.index ? (hard.action as PlayAction) : (hard.otherwise as PlayAction), hard);
      }
    }
  }
  return result(fallback, null);
}
