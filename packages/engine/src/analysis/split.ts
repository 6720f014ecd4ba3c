// Pair splitting, resplits included: the exact expected value of a fixed post-split policy.
//
// What is computed. Each split hand is played by a policy that depends on that hand's own
// cards only:
//  - 'optimal' mode, CDZ-: the hand does what would be best for the same cards as an UNSPLIT
//    hand, from the shoe minus the upcard and those cards (stand, hit, or double when DAS
//    allows), as the published hand calculators (Wizard of Odds, Farmer's analyser, MGP's CA)
//    do. Truly optimal post-split play would depend on the other hands' cards and is not
//    computable in reasonable time; CDZ- is the standard, reproducible definition.
//  - 'chart' mode: the hand follows the chart (what the simulator and chartEv play).
// A pair card dealt as a hand's second card is resplit while the spot has fewer than R hands.
// In 'chart' mode R is the rules' limit (the chart always resplits a pair it splits). In
// 'optimal' mode the value is the best over R = 2 .. the limit: a player may always stop
// resplitting, so more allowed splits (or RSA) can never lower the split EV.
//
// Why the value is exact (Farmer, "Algorithm for computing split EVs", the method of his
// analyser github.com/possibly-wrong/blackjack). Every participant (the second-card deals
// that decide how many hands there are, each hand's own draws, the dealer) stops by a rule
// on its own cards, and every card order of the shoe is equally likely, so the order in
// which they take their cards does not change the joint law of who gets what (as long as
// the shoe does not run out, which any analyser assumes). So deal all second cards first,
// then play one hand, then the dealer, then the other hands: a hand's value then depends only
// on how many extra pair cards (a) and non-pair second cards (b) the second-card deals took.
// With T(a, b) the shoe minus the upcard, both original pair cards, a more pair cards and b
// unknown non-pair cards:
//  X(a, b) value of a split hand whose second card is any card of T (a pair card dealt to it
//          after the limit is reached is played, not resplit); N(a, b) its second card is a
//          non-pair card;
//  X and N at b = 0 are computed from an analysis of that exact composition;
//  b > 0 from b - 1 by the exchangeability of an unseen card (removing an unknown card
//          changes no expected value): F(a, b-1) = v F(a+1, b-1) + (1 - v) F(a, b), v the
//          chance that the unknown card is the pair card.
// The split EV sums, over every sequence of pair / non-pair second cards until all hands
// have one or R hands exist, the sequence's probability times b N(a, b-1) for the hands that
// got a non-pair card and X(a, b) for the hands still waiting when the limit was reached.
// test/split-oracle.test.ts checks this to 1e-12 against playing out every card order.
import { canDoubleTotal, type Rules } from '../rules.ts';
import type { ChartValues } from './chart-values.ts';
import type { HandValues } from './hand-values.ts';
import { SIBLINGS_MAX } from './prefetch-planner.ts';
import { ChartPolicy, PolicyValues, UnsplitDecider, type HandPolicy } from './split-policy.ts';

/** 'optimal': CDZ- post-split play, the best resplit limit; 'chart': the chart, always resplitting. */
export type SplitMode = 'optimal' | 'chart';

/** The most hands a fresh pair of p may become (1: no split allowed). */
export function maxSplitHands(rules: Rules, p: number): number {
  if (rules.maxSplits < 1) return 1;
  return p === 1 && !rules.resplitAces ? 2 : rules.maxSplits + 1;
}

export interface SplitHandCounts {
  /** Expected number of hands whose second card is not the pair card. */
  nonPair: number;
  /** Expected number of hands that end as an unsplittable pair. */
  pair: number;
}

/**
 * Expected numbers of split hands, when every pair card dealt as a second card is resplit
 * while fewer than maxHands hands exist (exact removal of the pair cards).
 * @param pairCardsLeft pair cards in the shoe after the deal (both original pair cards out)
 * @param cardsLeft cards in that shoe
 */
export function splitHandCounts(pairCardsLeft: number, cardsLeft: number, maxHands: number): SplitHandCounts {
  if (maxHands < 2 || maxHands > 4) throw new RangeError(`maxHands must be 2..4 (got ${maxHands}).`);
  const result = { nonPair: 0, pair: 0 };
  const step = (
    hands: number,
    pending: number,
    pairsDrawn: number,
    othersDrawn: number,
    prob: number,
  ): void => {
    if (pending === 0 || prob === 0) return;
    const left = cardsLeft - pairsDrawn - othersDrawn;
    const q = left > 0 ? Math.max(0, pairCardsLeft - pairsDrawn) / left : 0;
    result.nonPair += prob * (1 - q);
    step(hands, pending - 1, pairsDrawn, othersDrawn + 1, prob * (1 - q));
    if (q > 0) {
      if (hands < maxHands) step(hands + 1, pending + 1, pairsDrawn + 1, othersDrawn, prob * q);
      else {
        result.pair += prob * q;
        step(hands, pending - 1, pairsDrawn + 1, othersDrawn, prob * q);
      }
    }
  };
  step(2, 2, 0, 0, 1);
  return result;
}

/**
 * The splits of pairs from one analysis's shoe (`main`, the shoe before the split): the CDZ-
 * decider and the sub-analyses of the shoe with more pair cards out, kept from one split to the
 * next (their memos serve every split mode).
 */
export class PairSplits {
  /** withPairCardsOut() results by p * 8 + count. */
  private readonly subs = new Map<number, PolicyValues>();
  private readonly decider: UnsplitDecider;

  /** `chart`: the chart main plays, for the 'chart' mode (use() it first). */
  constructor(
    readonly main: HandValues,
    private readonly chart: ChartValues,
  ) {
    this.decider = new UnsplitDecider(main);
  }

  /**
   * U of splitting a pair of p (see the top of this file) into at most maxHands hands, each
   * played by CDZ- ('optimal') or by the chart ('chart'). Leaves main's composition reset.
   */
  value(p: number, mode: SplitMode, das: boolean, maxHands: number): number {
    if (maxHands < 2) return NaN;
    if (maxHands > 4) throw new RangeError(`at most 4 split hands (got ${maxHands}).`);
    const split = new PairSplit(this, p, mode === 'optimal' ? this.decider.policy(das) : new ChartPolicy(this.chart, das), das);
    return split.best(mode === 'optimal' ? 2 : maxHands, maxHands);
  }

  /**
   * The analysis of main's shoe with `count` more cards of value p out (cached). It shares
   * main's dealer rows: its compositions recur there and in its siblings.
   */
  withPairCardsOut(p: number, count: number): PolicyValues {
    const key = p * 8 + count;
    let sub = this.subs.get(key);
    if (!sub) {
      sub = new PolicyValues(this.main.withCardsOut(new Array<number>(count).fill(p)));
      this.subs.set(key, sub);
    }
    return sub;
  }
}

/** X(a, 0) and N(a, 0): a split hand's value, its second card any card / a non-pair card. */
interface SecondCardValues {
  x: number;
  n: number;
}

/** One split of a pair of p: the sums at the top of this file. */
class PairSplit {
  private readonly main: HandValues;
  /** Pair cards and other cards in T(0, 0), the shoe less the upcard and the pair. */
  private readonly nP: number;
  private readonly nO: number;
  /** P(dealer blackjack) once the pair is out. */
  private readonly bjAfterPair: number;
  /** Split aces take one card each and stand. */
  private readonly oneCardAces: boolean;
  /** X(a, 0) and N(a, 0) by a, from an analysis of the shoe with 2 + a pair cards out. */
  private readonly base: SecondCardValues[] = [];
  /** X(a, b) and N(a, b) for b > 0 (handValue()). */
  private readonly memo = new Map<number, number>();
  /**
   * A first pass over the sums (dryRun) finds which a they need (their control flow depends on
   * the counts alone); the walks then run in order of a, each asking for the dealer rows of the
   * later walks that share its rows (they stand on the same hands), so rows come in pairs.
   */
  private dryRun = true;
  private readonly needed = new Set<number>();

  constructor(
    private readonly splits: PairSplits,
    private readonly p: number,
    private readonly policy: HandPolicy,
    private readonly das: boolean,
  ) {
    const main = splits.main;
    this.main = main;
    main.setRemoved([p, p]);
    this.nP = main.cardsOf(p);
    this.nO = main.cardsLeft() - this.nP;
    this.bjAfterPair = 1 - main.noBlackjack();
    this.oneCardAces = p === 1 && !main.rules.hitSplitAces;
  }

  /** The split's U with the best resplit limit in lowest..maxHands; leaves main reset. */
  best(lowest: number, maxHands: number): number {
    for (let limit = lowest; limit <= maxHands; limit++) this.deals(limit, 2, 2, 0, 0, 1);
    this.dryRun = false;
    this.memo.clear();
    for (const a of [...this.needed].sort((x, y) => x - y)) this.baseAt(a);
    let best = -Infinity;
    for (let limit = lowest; limit <= maxHands; limit++) {
      best = Math.max(best, this.deals(limit, 2, 2, 0, 0, 1) - this.extraStakes(limit));
    }
    this.main.setRemoved([]);
    if (!Number.isFinite(best)) throw new Error(`split value of ${this.p}s is ${best} (bug)`);
    return best;
  }

  /** X(a, 0) and N(a, 0) (the dry run only notes that a is needed). */
  private baseAt(a: number): SecondCardValues {
    if (this.dryRun) {
      this.needed.add(a);
      return { x: 0, n: 0 };
    }
    const known = this.base[a];
    if (known) return known;
    const { p, splits } = this;
    const sub = splits.withPairCardsOut(p, 2 + a);
    const later = [...this.needed]
      .filter((b) => b > a && splits.withPairCardsOut(p, 2 + b).hand.sharesRowsWith(sub.hand))
      .sort((x, y) => x - y);
    sub.hand.walkWithSiblings(p, later.slice(0, SIBLINGS_MAX).map((b) => b - a));
    this.main.setRemoved([p]); // the decider holds the hand's own cards
    const values = this.secondCards(sub);
    sub.hand.walkWithSiblings(0, []);
    this.base[a] = values;
    return values;
  }

  /** The walk over a split hand's second card c in `sub`, then its play by the policy. */
  private secondCards(sub: PolicyValues): SecondCardValues {
    const { p, policy, das, oneCardAces } = this;
    const hand = sub.hand;
    const left = hand.cardsLeft();
    const pairLeft = hand.cardsOf(p);
    const values = { x: 0, n: 0 };
    if (oneCardAces) hand.prefetchStands(p, true);
    else sub.prefetch(p, p === 1, policy, das);
    for (let c = 1; c <= 10; c++) {
      const k = hand.cardsOf(c);
      if (k === 0) continue;
      const hard = p + c;
      const ace = p === 1 || c === 1;
      hand.draw(c);
      policy.drew(c);
      const total = ace && hard <= 11 ? hard + 10 : hard;
      const mayDouble = das && canDoubleTotal(hand.rules, total, true) && !oneCardAces;
      const v = oneCardAces ? hand.standValue(total) : sub.value(hard, ace, mayDouble, policy);
      policy.returned(c);
      hand.undraw(c);
      values.x += (k / left) * v;
      if (c !== p) values.n += (k / (left - pairLeft)) * v;
    }
    return values;
  }

  /**
   * X(a, b) ('x') or N(a, b) ('n'): for b > 0 from F(a, b-1) and F(a+1, b-1); v = chance that
   * the unknown card is a pair card, among the cards of T(a, b-1) less the hand's own second
   * card for N.
   */
  private handValue(kind: 'x' | 'n', a: number, b: number): number {
    if (b === 0) return this.baseAt(a)[kind];
    const key = (kind === 'x' ? 100 : 0) + 10 * a + b;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const pairs = this.nP - a;
    const v = pairs / (pairs + this.nO - b + (kind === 'x' ? 1 : 0));
    if (!(v >= 0 && v < 1)) throw new Error(`split: F(${a}, ${b}) needs a non-pair card the shoe lacks (bug)`);
    const withPair = pairs > 0 ? v * this.handValue(kind, a + 1, b - 1) : 0;
    const f = (this.handValue(kind, a, b - 1) - withPair) / (1 - v);
    this.memo.set(key, f);
    return f;
  }

  /** The second-card deals, over the hands waiting for one (pending), up to `limit` hands. */
  private deals(limit: number, hands: number, pending: number, a: number, b: number, prob: number): number {
    if (prob === 0) return 0;
    if (pending === 0) return prob * b * this.handValue('n', a, b - 1);
    if (hands === limit) {
      return prob * ((b > 0 ? b * this.handValue('n', a, b - 1) : 0) + pending * this.handValue('x', a, b));
    }
    const left = this.nP - a + this.nO - b;
    if (left === 0) return 0; // the shoe ran out, which no analyser models: no value, no crash
    const q = (this.nP - a) / left;
    let u = this.deals(limit, hands, pending - 1, a, b + 1, prob * (1 - q));
    if (q > 0) u += this.deals(limit, hands + 1, pending + 1, a + 1, b, prob * q);
    return u;
  }

  /**
   * Stakes beyond the original bet that a dealer blackjack also takes ('all' only): given the
   * blackjack, the hole card is known and out of the shoe.
   */
  private extraStakes(limit: number): number {
    if (!this.main.losesAllStakesToBlackjack() || this.bjAfterPair === 0) return 0;
    const { p, nP, nO } = this;
    const hole = this.main.upcard === 1 ? 10 : 1;
    const counts = limit === 2 ? { nonPair: 2, pair: 0 } : splitHandCounts(nP - (hole === p ? 1 : 0), nP + nO - 1, limit);
    return (counts.nonPair + counts.pair - 1) * this.bjAfterPair;
  }
}
