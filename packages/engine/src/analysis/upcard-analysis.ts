// The exact analysis of player hands against one dealer upcard from one shoe composition: what
// the analyser's users (chart.ts, strategy.ts, hand-ev.ts, the index generator) hold. It puts
// together the parts, each in its own file:
//  - hand-values.ts: the composition walked, the dealer's rows, optimal play (the U-values
//    and how they relate to EVs are explained there);
//  - chart-values.ts: playing a fixed chart;
//  - split.ts (with split-policy.ts): splitting a pair, resplits included;
//  - prefetch-planner.ts: the dealer rows the walks will need, asked for together.
import { canDoubleTotal, surrenderOffered, type Rules } from '../rules.ts';
import { ChartValues } from './chart-values.ts';
import type { Composition } from './composition.ts';
import { HandValues, type AnalysisOptions } from './hand-values.ts';
import { maxSplitHands, PairSplits, type SplitMode } from './split.ts';

export type { AnalysisOptions } from './hand-values.ts';

/** U-values of the options of a two-card hand; NaN where the option is not available. */
export interface TwoCardValues {
  stand: number;
  hit: number;
  double: number;
  split: number;
  surrender: number;
}

export class UpcardAnalysis {
  readonly rules: Rules;
  readonly upcard: number;
  private readonly hand: HandValues;
  private readonly chart: ChartValues;
  private readonly splits: PairSplits;

  /** shoe: the composition before the upcard was dealt (the upcard is removed here). */
  constructor(rules: Rules, shoe: Composition, upcard: number, options: AnalysisOptions = {}) {
    this.hand = new HandValues(rules, shoe, upcard, options);
    this.chart = new ChartValues(this.hand);
    this.splits = new PairSplits(this.hand, this.chart);
    this.rules = rules;
    this.upcard = upcard;
  }

  // ---- the composition ----

  /** Resets the composition to the shoe minus the upcard and minus `removed`. */
  setRemoved(removed: readonly number[]): void {
    this.hand.setRemoved(removed);
  }

  /** Probability that the next card is c, from the current composition. */
  cardProbability(c: number): number {
    return this.hand.cardProbability(c);
  }

  /** P(no dealer blackjack) for the current composition. */
  noBlackjack(): number {
    return this.hand.noBlackjack();
  }

  /** Dealer outcome row for the current composition: [17, 18, 19, 20, 21, bust], and no BJ. */
  dealerRow(): number[] {
    return this.hand.dealerRow();
  }

  /** A fresh analysis of the same shoe, rules and upcard with `cards` also removed. */
  withRemoved(cards: readonly number[]): UpcardAnalysis {
    return new UpcardAnalysis(this.rules, this.hand.shoeWithout(cards), this.upcard, this.hand.options);
  }

  // ---- values of the hand of the removed cards (U-values, see hand-values.ts) ----

  /** U of standing on `total` (a total over 21 is a bust). */
  standValue(total: number): number {
    return this.hand.standValue(total);
  }

  /** U of hitting once and then playing optimally; context: 0, or p for a hand split from p. */
  hitValue(hard: number, ace: boolean, context: number): number {
    return this.hand.hitValue(hard, ace, context);
  }

  /** U of doubling: one card, then stand, twice the stake. */
  doubleValue(hard: number, ace: boolean): number {
    return this.hand.doubleValue(hard, ace);
  }

  surrenderValue(): number {
    return this.hand.surrenderValue();
  }

  /** Sets the chart (lookup table) that chartHitValue() and 'chart' splits play. */
  useChart(table: Uint8Array): void {
    this.chart.use(table);
  }

  /** U of hitting once and then playing by the chart. */
  chartHitValue(hard: number, ace: boolean, context: number): number {
    return this.chart.hitValue(hard, ace, context);
  }

  /**
   * U of splitting a pair of p into at most maxHands hands (default: what the rules allow for
   * a fresh pair). mode 'optimal' plays each split hand by the CDZ- policy (see split.ts),
   * 'chart' by the chart. Leaves the composition reset.
   */
  splitValue(p: number, mode: SplitMode, das: boolean, maxHands = maxSplitHands(this.rules, p)): number {
    return this.splits.value(p, mode, das, maxHands);
  }

  /** U-values of every option of the two-card hand (a, b); leaves the composition reset. */
  twoCardValues(a: number, b: number): TwoCardValues {
    const r = this.rules;
    const hand = this.hand;
    hand.setRemoved([a, b]);
    const hard = a + b;
    const ace = a === 1 || b === 1;
    const total = ace && hard <= 11 ? hard + 10 : hard;
    const values: TwoCardValues = {
      stand: hand.standValue(total),
      hit: total < 21 ? hand.hitValue(hard, ace, 0) : NaN,
      double: canDoubleTotal(r, total, false) ? hand.doubleValue(hard, ace) : NaN,
      surrender: surrenderOffered(r, this.upcard) ? hand.surrenderValue() : NaN,
      split: NaN,
    };
    hand.setRemoved([]);
    if (a === b && maxSplitHands(r, a) >= 2) values.split = this.splitValue(a, 'optimal', r.doubleAfterSplit);
    return values;
  }
}
