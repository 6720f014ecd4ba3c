// The prefetch planner: the dealer rows a walk will certainly ask for next, asked for together.
//
// standValue() of a hand after each of its possible next cards needs one dealer row each;
// naming them before walking the cards lets DealerRows.prefetch evaluate them two or four at a
// time (decision record 0019). Who plans what: each walk knows which of its next hands it will
// stand on, and names those rows (the optimal walk in hand-values.ts, the chart's in
// chart-values.ts, the post-split policies' in split-policy.ts); the planner names each row by
// its key, adds the same row in the split step's sibling shoes (split.ts), and hands them over
// at once. Only rows that will certainly be asked for are named: a wasted row would cost more
// than pairing saves.
import type { DealerRows } from './dealer-rows.ts';
import { ROOT_DIGIT } from './memo-keys.ts';

/** Rows asked for at once: ten next cards, in this shoe and up to four sibling shoes. */
const ASK_MAX = 50;
/** Sibling shoes one walk may ask for besides its own. */
export const SIBLINGS_MAX = ASK_MAX / 10 - 1;

export class PrefetchPlanner {
  /** The rows asked for since the last flush(): next card, sibling cards out, key, full or bust-only. */
  private readonly askCards = new Int32Array(ASK_MAX);
  private readonly askExtra = new Int32Array(ASK_MAX);
  private readonly askKeys = new Float64Array(ASK_MAX);
  private readonly askFull = new Uint8Array(ASK_MAX);
  private asked = 0;
  /**
   * Set by split.ts while this analysis walks a split hand's policy: the sub-analyses with
   * `siblingOffsets[i]` more cards of value `siblingCard` out, whose walks come later and share
   * these dealer rows. They will stand on the same hands (the policy is the decider's, not the
   * shoe's), so their rows are asked for here too, and paired with these.
   */
  private siblingCard = 0;
  private siblingOffsets: readonly number[] = [];

  /** `comp`: the composition the analysis walks (in place), whose next cards are asked for. */
  constructor(private readonly comp: Int32Array) {}

  /**
   * The row that standValue(total) will need after drawing c from the composition that
   * `rootKey` names (a sibling's: `extra` more sibling cards out).
   */
  ask(rootKey: number, c: number, total: number, extra = 0): void {
    const i = this.asked++;
    this.askCards[i] = c;
    this.askExtra[i] = extra;
    this.askKeys[i] = rootKey + (ROOT_DIGIT[c] as number) + extra * (ROOT_DIGIT[this.siblingCard] as number);
    this.askFull[i] = total <= 16 ? 0 : 1;
  }

  /** ask(), and the same row in every sibling shoe that still holds its extra cards. */
  askWithSiblings(rootKey: number, c: number, total: number): void {
    this.ask(rootKey, c, total);
    const left = (this.comp[this.siblingCard] as number) - (c === this.siblingCard ? 1 : 0);
    for (const extra of this.siblingOffsets) if (extra <= left) this.ask(rootKey, c, total, extra);
  }

  /** Hands the rows asked for since the last flush to `rows`, to be evaluated together. */
  flush(rows: DealerRows): void {
    if (this.asked > 0) {
      rows.prefetch(this.comp, this.askCards, this.askExtra, this.siblingCard, this.askKeys, this.askFull, this.asked);
    }
    this.asked = 0;
  }

  /** Rows asked for and not flushed yet. */
  pending(): number {
    return this.asked;
  }

  /** For split.ts: see siblingCard. */
  walkWithSiblings(card: number, offsets: readonly number[]): void {
    if (offsets.length > SIBLINGS_MAX) throw new RangeError(`at most ${SIBLINGS_MAX} siblings (got ${offsets.length}).`);
    this.siblingCard = card;
    this.siblingOffsets = offsets;
  }
}
