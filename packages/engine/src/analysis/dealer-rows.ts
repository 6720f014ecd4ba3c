// The dealer's outcome rows by shoe composition, memoised, shared by an analysis and the
// sub-analyses the split step makes of the same shoe with more pair cards out.
//
// Why shared: a split of p needs the shoe with 2, 3, ... pair cards out (one sub-analysis each,
// see split.ts) besides the shoe itself, and the same composition recurs across them (a split
// hand holding one more p in one sub-analysis is the same shoe as a hand without it in the
// next). The dealer's row is a function of the composition alone, so one evaluation serves
// all of them; evaluating rows is nearly all of the analyser's time.
//
// Keys name the composition by the cards removed from the ROOT analysis's shoe (the one the
// sharing analyses came from), as mixed-radix digits per card value: up to 4.9e12, exact in a
// double. A row, full or bust-only, is the same bits whichever analysis asked first: it is
// evaluateDealer() of the same counts (and the bust-only table's bust probability equals the
// full table's, bit for bit: the same leaves, products and sums in the same order). Rows are
// evaluated by WebAssembly where it is available (dealer-wasm.ts), the same bits.
import { DealerScratch, OUTCOME_BUST, OUTCOME_COUNT, type DealerTable } from './dealer-table.ts';
import { dealerWasmPairActive, evaluateDealerRow, evaluateDealerRowPair } from './dealer-wasm.ts';

/** Most cards of one value a sharing sub-analysis may have out beyond the root's shoe. */
export const SHARED_EXTRA_MAX = 10;

export class DealerRows {
  /** Rows: P(final 17..21 or bust, and no dealer blackjack), OUTCOME_COUNT per row. */
  store = new Float64Array(OUTCOME_COUNT * 1024);
  private storeUsed = 0;
  private readonly rowAt = new Map<number, number>();
  private readonly bustAt = new Map<number, number>();
  private readonly bustRow = new Float64Array(OUTCOME_COUNT);
  private readonly bustRow1 = new Float64Array(OUTCOME_COUNT);
  private readonly scratch = new DealerScratch();
  /** prefetch(): the compositions of a waiting row and of the row paired with it. */
  private readonly comp0 = new Int32Array(11);
  private readonly comp1 = new Int32Array(11);

  constructor(private readonly table: DealerTable) {}

  /** Offset in `store` of the row for comp (named by key); read `store` after the call. */
  row(comp: Int32Array, key: number): number {
    const known = this.rowAt.get(key);
    if (known !== undefined) return known;
    const offset = this.claim();
    evaluateDealerRow(this.table, comp, this.scratch, this.store, offset);
    this.rowAt.set(key, offset);
    return offset;
  }

  /** Room in `store` for one more row (growing it replaces the array). */
  private claim(): number {
    if (this.storeUsed + OUTCOME_COUNT > this.store.length) {
      const bigger = new Float64Array(this.store.length * 2);
      bigger.set(this.store);
      this.store = bigger;
    }
    const offset = this.storeUsed;
    this.storeUsed += OUTCOME_COUNT;
    return offset;
  }

  /**
   * Evaluates, two at a time, the rows that row() or bust() will be asked for next: for each
   * i < count, the composition `comp` less one card of value cards[i], named by keys[i], its
   * full row when full[i] (else its bust-only row), unless it is known already. A hand's next
   * cards lead to up to ten such compositions; a pair of rows costs much less than two
   * (dealer-wasm.ts). The same bits as asking for each alone.
   */
  prefetch(comp: Int32Array, cards: Int32Array, keys: Float64Array, full: Uint8Array, count: number): void {
    if (!dealerWasmPairActive()) return; // one at a time gains nothing from asking early
    let waitingFull = -1;
    let waitingBust = -1;
    for (let i = 0; i < count; i++) {
      const key = keys[i] as number;
      if (this.rowAt.has(key)) continue;
      if (full[i] === 1) {
        if (waitingFull < 0) waitingFull = i;
        else {
          this.fullPair(comp, cards[waitingFull] as number, keys[waitingFull] as number, cards[i] as number, key);
          waitingFull = -1;
        }
      } else if (!this.bustAt.has(key)) {
        if (waitingBust < 0) waitingBust = i;
        else {
          this.bustPair(comp, cards[waitingBust] as number, keys[waitingBust] as number, cards[i] as number, key);
          waitingBust = -1;
        }
      }
    }
    // A row left without a partner waits to be asked for: it may never be.
  }

  private lessOne(comp: Int32Array, c0: number, c1: number): void {
    this.comp0.set(comp);
    this.comp1.set(comp);
    this.comp0[c0] = (this.comp0[c0] as number) - 1;
    this.comp1[c1] = (this.comp1[c1] as number) - 1;
  }

  private fullPair(comp: Int32Array, c0: number, key0: number, c1: number, key1: number): void {
    this.lessOne(comp, c0, c1);
    const offset0 = this.claim();
    const offset1 = this.claim();
    evaluateDealerRowPair(this.table, this.comp0, this.comp1, this.scratch, this.store, offset0, this.store, offset1);
    this.rowAt.set(key0, offset0);
    this.rowAt.set(key1, offset1);
  }

  private bustPair(comp: Int32Array, c0: number, key0: number, c1: number, key1: number): void {
    this.lessOne(comp, c0, c1);
    const table = this.table.bust ?? this.table;
    evaluateDealerRowPair(table, this.comp0, this.comp1, this.scratch, this.bustRow, 0, this.bustRow1, 0);
    this.bustAt.set(key0, this.bustRow[OUTCOME_BUST] as number);
    this.bustAt.set(key1, this.bustRow1[OUTCOME_BUST] as number);
  }

  /** P(dealer busts and has no blackjack): from the full row when there is one, else the bust-only table. */
  bust(comp: Int32Array, key: number): number {
    const full = this.rowAt.get(key);
    if (full !== undefined) return this.store[full + OUTCOME_BUST] as number;
    let p = this.bustAt.get(key);
    if (p === undefined) {
      evaluateDealerRow(this.table.bust ?? this.table, comp, this.scratch, this.bustRow, 0);
      p = this.bustRow[OUTCOME_BUST] as number;
      this.bustAt.set(key, p);
    }
    return p;
  }
}
