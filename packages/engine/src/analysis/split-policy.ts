// How a split hand is played (split.ts computes the split's value from these): a post-split
// policy gives the action at each state of one hand from that hand's own cards, and
// PolicyValues gives the U-value of a hand played by one, in a sub-analysis of the split.
//  - CDZ- (the 'optimal' mode): what would be best for the same cards as an UNSPLIT hand,
//    decided by UnsplitDecider in the analysis of the shoe before the split;
//  - the chart (the 'chart' mode): ChartPolicy, from the chart that analysis plays.
import { canDoubleTotal } from '../rules.ts';
import type { ChartValues } from './chart-values.ts';
import { TABLE_DOUBLE, TABLE_HIT, TABLE_STAND } from './codes.ts';
import type { HandValues } from './hand-values.ts';

/** U-values closer than this are a tie for UnsplitDecider.action() (rounding is ~1e-15). */
const TIE_U = 1e-12;

/** A post-split playing policy: the action at each state of one hand. */
export interface HandPolicy {
  /** Names the policy (values are memoised under it). */
  readonly key: string;
  /** TABLE_STAND, TABLE_HIT or TABLE_DOUBLE for the hand as it stands. */
  action(hard: number, ace: boolean, mayDouble: boolean): number;
  /** The hand drew c / gave c back (a policy may follow the hand in its own analysis). */
  drew(c: number): void;
  returned(c: number): void;
  /** About to ask action() after each next card (dasFirst: a split hand's second card). */
  prefetch(hard: number, ace: boolean, dasFirst: boolean): void;
}

/**
 * CDZ-'s decisions, in the analysis of the shoe before the split kept at exactly the hand's
 * cards (the policy draws and returns them there). One per analysis: its memo serves every split.
 */
export class UnsplitDecider {
  /** action() by removed-card key, without and with the double allowed. */
  private readonly memo: Map<number, number>[] = [new Map(), new Map()];

  constructor(readonly hand: HandValues) {}

  /** The CDZ- policy, doubling after the split or not. */
  policy(das: boolean): HandPolicy {
    return new UnsplitPolicy(this, das);
  }

  /**
   * The CDZ- action of a hand whose cards are exactly the removed cards: the best of stand,
   * hit (then optimal) and double (when mayDouble) for that hand as an unsplit hand. Ties
   * within TIE_U go to the earlier of stand, hit, double, so the policy is one well-defined
   * function of the cards however the values were rounded. A hard 11 or less always hits
   * (standing cannot beat it, see HandValues.bestValue).
   */
  action(hard: number, ace: boolean, mayDouble: boolean): number {
    const hand = this.hand;
    const memo = this.memo[mayDouble ? 1 : 0] as Map<number, number>;
    const known = memo.get(hand.memoKey());
    if (known !== undefined) return known;
    const total = ace && hard <= 11 ? hard + 10 : hard;
    let action = TABLE_STAND;
    if (total < 21) {
      let best: number;
      if (!ace && hard <= 11) {
        action = TABLE_HIT;
        best = hand.hitValue(hard, ace, 0);
      } else {
        best = hand.standValue(total);
        const hit = hand.hitValue(hard, ace, 0);
        if (hit > best + TIE_U) {
          action = TABLE_HIT;
          best = hit;
        }
      }
      if (mayDouble && hand.doubleValue(hard, ace) > best + TIE_U) action = TABLE_DOUBLE;
    }
    memo.set(hand.memoKey(), action);
    return action;
  }

  /**
   * Before action() of the hand after each next card: the rows it will stand on. `dasFirst`:
   * the double is allowed where canDoubleTotal() allows it after a split (the hand's second
   * card), else not at all.
   */
  prefetch(hard: number, ace: boolean, dasFirst: boolean): void {
    const hand = this.hand;
    for (let c = 1; c <= 10; c++) {
      const h = hard + c;
      if (hand.cardsOf(c) === 0 || h > 21) continue;
      const a = ace || c === 1;
      const total = a && h <= 11 ? h + 10 : h;
      if (total >= 21 || (!a && h <= 11)) continue; // stands without a value, or hits
      const mayDouble = dasFirst && canDoubleTotal(hand.rules, total, true);
      if ((this.memo[mayDouble ? 1 : 0] as Map<number, number>).has(hand.memoKeyAfter(c))) continue;
      hand.ask(c, total);
    }
    hand.prefetchAsked();
  }
}

/** CDZ-: the unsplit hand's best action, from the decider kept at exactly the hand's cards. */
class UnsplitPolicy implements HandPolicy {
  readonly key: string;
  constructor(
    private readonly decider: UnsplitDecider,
    das: boolean,
  ) {
    this.key = das ? 'cdz-das' : 'cdz';
  }
  action(hard: number, ace: boolean, mayDouble: boolean): number {
    return this.decider.action(hard, ace, mayDouble);
  }
  drew(c: number): void {
    this.decider.hand.draw(c);
  }
  returned(c: number): void {
    this.decider.hand.undraw(c);
  }
  prefetch(hard: number, ace: boolean, dasFirst: boolean): void {
    this.decider.prefetch(hard, ace, dasFirst);
  }
}

/** The chart: a double only where allowed, and a 3+ card hand only hits or stands. */
export class ChartPolicy implements HandPolicy {
  readonly key: string;
  constructor(
    private readonly chart: ChartValues,
    das: boolean,
  ) {
    this.key = `${chart.key()}${das ? '-das' : ''}`;
  }
  action(hard: number, ace: boolean, mayDouble: boolean): number {
    const a = this.chart.action(hard, ace, mayDouble);
    if (mayDouble && (a === TABLE_DOUBLE || a === TABLE_STAND)) return a;
    return a === TABLE_HIT || mayDouble ? TABLE_HIT : TABLE_STAND;
  }
  drew(): void {}
  returned(): void {}
  prefetch(): void {}
}

/** The values of hands played by a policy, in one sub-analysis of a split (split.ts). */
export class PolicyValues {
  /** value() by policy key, then removed-card key. */
  private readonly memos = new Map<string, Map<number, number>>();
  private lastKey = '';
  private lastMemo: Map<number, number> | null = null;

  constructor(readonly hand: HandValues) {}

  /** value()'s memo for the policy (the last one found kept at hand). */
  private memoOf(policy: HandPolicy): Map<number, number> {
    if (policy.key === this.lastKey && this.lastMemo) return this.lastMemo;
    let memo = this.memos.get(policy.key);
    if (!memo) {
      memo = new Map();
      this.memos.set(policy.key, memo);
    }
    this.lastKey = policy.key;
    this.lastMemo = memo;
    return memo;
  }

  /**
   * Before value() of the hand after each next card: the rows of the cards after which the
   * policy stands. Finding the policy's action is the decider's work (another analysis,
   * memoised there), so it does not disturb this analysis's asks; asserted.
   */
  prefetch(hard: number, ace: boolean, policy: HandPolicy, dasFirst: boolean): void {
    const hand = this.hand;
    policy.prefetch(hard, ace, dasFirst);
    const memo = this.memoOf(policy);
    for (let c = 1; c <= 10; c++) {
      const h = hard + c;
      if (hand.cardsOf(c) === 0 || h > 21) continue;
      if (memo.has(hand.memoKeyAfter(c))) continue;
      const a = ace || c === 1;
      const total = a && h <= 11 ? h + 10 : h;
      let action = TABLE_STAND;
      if (total < 21) {
        const asked = hand.pendingAsks();
        hand.draw(c);
        policy.drew(c);
        action = policy.action(h, a, dasFirst && canDoubleTotal(hand.rules, total, true));
        policy.returned(c);
        hand.undraw(c);
        if (hand.pendingAsks() !== asked) throw new Error('PolicyValues.prefetch: the policy asked for rows here (bug)');
      }
      if (action === TABLE_STAND) hand.askWithSiblings(c, total);
    }
    hand.prefetchAsked();
  }

  /**
   * U of a hand played on by `policy` (stand, hit or double at each state); `hard`/`ace` are the
   * whole hand's, including cards the caller removed up front. Memoised by policy.key and
   * composition.
   */
  value(hard: number, ace: boolean, mayDouble: boolean, policy: HandPolicy): number {
    const hand = this.hand;
    const memo = this.memoOf(policy);
    const known = memo.get(hand.memoKey());
    if (known !== undefined) return known;
    const total = ace && hard <= 11 ? hard + 10 : hard;
    const action = total >= 21 ? TABLE_STAND : policy.action(hard, ace, mayDouble);
    let u: number;
    if (action === TABLE_STAND) u = hand.standValue(total);
    else if (action === TABLE_DOUBLE) u = hand.doubleValue(hard, ace);
    else {
      this.prefetch(hard, ace, policy, false);
      u = 0;
      const inv = 1 / hand.cardsLeft();
      for (let c = 1; c <= 10; c++) {
        const n = hand.cardsOf(c);
        if (n === 0) continue;
        if (hard + c > 21) {
          u -= n * inv * hand.noBlackjackWithout(c);
          continue;
        }
        hand.draw(c);
        policy.drew(c);
        u += n * inv * this.value(hard + c, ace || c === 1, false, policy);
        policy.returned(c);
        hand.undraw(c);
      }
    }
    memo.set(hand.memoKey(), u);
    return u;
  }
}
