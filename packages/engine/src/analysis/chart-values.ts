// The values of a hand played by a fixed chart (a lookup table, codes.ts): what the chart's
// EV (strategy.ts), the simulator and a split hand in 'chart' mode (split-policy.ts) play.
// Hands of three or more cards, and split hands past their decisions, only hit or stand.
import { TABLE_HIT, tableIndex } from './codes.ts';
import type { HandValues } from './hand-values.ts';

export class ChartValues {
  private table: Uint8Array | null = null;
  /** Bumped by use(), so that a chart policy's memo key names the chart it follows. */
  private version = 0;
  /** Memo per context, as HandValues' optimal-play memo: 0 = plain hand, p = split from p. */
  private readonly memo: Map<number, number>[] = Array.from({ length: 11 }, () => new Map());

  constructor(private readonly hand: HandValues) {}

  /** Sets the table value() plays; clears the memo. */
  use(table: Uint8Array): void {
    this.table = table;
    this.version++;
    for (const m of this.memo) m.clear();
  }

  /** Names the chart use() set last (a chart policy's memo key). */
  key(): string {
    return `chart${this.version}`;
  }

  private tableAction(total: number, soft: boolean, dd: boolean): number {
    const t = this.table;
    if (!t) throw new Error('useChart() first');
    return t[tableIndex(total, soft ? 1 : 0, this.hand.upcard, dd ? 1 : 0, 0, 0)] as number;
  }

  /** The chart's action (TABLE_STAND, TABLE_HIT or TABLE_DOUBLE) for a hand of no pair. */
  action(hard: number, ace: boolean, mayDouble: boolean): number {
    const soft = ace && hard <= 11;
    return this.tableAction(soft ? hard + 10 : hard, soft, mayDouble);
  }

  /** U of a hand of 3+ cards (or a split hand past its decisions) played by the chart. */
  value(hard: number, ace: boolean, context: number): number {
    const hand = this.hand;
    const memo = this.memo[context] as Map<number, number>;
    const known = memo.get(hand.memoKey());
    if (known !== undefined) return known;
    const soft = ace && hard <= 11;
    const total = soft ? hard + 10 : hard;
    let u: number;
    if (total >= 21) u = hand.standValue(total);
    else {
      const a = this.tableAction(total, soft, false);
      u = a === TABLE_HIT ? this.hitValue(hard, ace, context) : hand.standValue(total);
    }
    memo.set(hand.memoKey(), u);
    return u;
  }

  /** Before the walk of hitValue(): the rows of the next hands the chart stands on. */
  private prefetchHit(hard: number, ace: boolean, context: number): void {
    const hand = this.hand;
    const memo = this.memo[context] as Map<number, number>;
    for (let c = 1; c <= 10; c++) {
      const h = hard + c;
      if (hand.cardsOf(c) === 0 || h > 21) continue;
      if (memo.has(hand.memoKeyAfter(c))) continue;
      const soft = (ace || c === 1) && h <= 11;
      const total = soft ? h + 10 : h;
      if (total < 21 && this.tableAction(total, soft, false) === TABLE_HIT) continue;
      hand.ask(c, total);
    }
    hand.prefetchAsked();
  }

  /**
   * U of hitting once and then playing by the chart. The walk over the next card is this
   * file's own, like HandValues.hitValue's, rather than one walk taking what plays next as an
   * argument: one call target per loop keeps these hot loops monomorphic.
   */
  hitValue(hard: number, ace: boolean, context: number): number {
    this.prefetchHit(hard, ace, context);
    const hand = this.hand;
    let u = 0;
    const inv = 1 / hand.cardsLeft();
    for (let c = 1; c <= 10; c++) {
      const n = hand.cardsOf(c);
      if (n === 0) continue;
      const h = hard + c;
      if (h > 21) {
        u -= n * inv * hand.noBlackjackWithout(c); // bust: drawn virtually, keeps memo keys small
        continue;
      }
      hand.draw(c);
      u += n * inv * this.value(h, ace || c === 1, context);
      hand.undraw(c);
    }
    return u;
  }
}
