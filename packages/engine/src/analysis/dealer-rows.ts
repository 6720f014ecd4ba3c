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
  private readonly comp0 = new Int32Array(11);
  private readonly comp1 = new Int32Array(11);
  /**
   * A row prefetch() was asked for that found no partner: it will be asked for (prefetch is
   * told only of such rows), so the next row evaluated alone is evaluated with it instead. Its
   * key is NaN when there is none; one for full rows, one for bust-only rows.
   */
  private readonly pendingFull = new Int32Array(11);
  private pendingFullKey = NaN;
  private readonly pendingBust = new Int32Array(11);
  private pendingBustKey = NaN;

  constructor(private readonly table: DealerTable) {}

  /** Offset in `store` of the row for comp (named by key); read `store` after the call. */
  row(comp: Int32Array, key: number): number {
    const known = this.rowAt.get(key);
    if (known !== undefined) return known;
    const pending = this.pendingFullKey;
    if (!Number.isNaN(pending) && pending !== key) {
      this.fullPair(comp, key, this.pendingFull, pending);
      return this.rowAt.get(key) as number;
    }
    this.pendingFullKey = NaN;
    const offset = this.claim();
    evaluateDealerRow(this.table, comp, this.scratch, this.store, offset);
    this.rowAt.set(key, offset);
    return offset;
  }

  /** P(dealer busts and has no blackjack): from the full row when there is one, else the bust-only table. */
  bust(comp: Int32Array, key: number): number {
    const full = this.rowAt.get(key);
    if (full !== undefined) return this.store[full + OUTCOME_BUST] as number;
    const known = this.bustAt.get(key);
    if (known !== undefined) return known;
    const pending = this.pendingBustKey;
    if (!Number.isNaN(pending) && pending !== key) {
      this.bustPair(comp, key, this.pendingBust, pending);
      return this.bustAt.get(key) as number;
    }
    this.pendingBustKey = NaN;
    evaluateDealerRow(this.table.bust ?? this.table, comp, this.scratch, this.bustRow, 0);
    const p = this.bustRow[OUTCOME_BUST] as number;
    this.bustAt.set(key, p);
    return p;
  }

  /** Full rows of a and b, evaluated together; a pending row among them is pending no more. */
  private fullPair(a: Int32Array, keyA: number, b: Int32Array, keyB: number): void {
    const offsetA = this.claim();
    const offsetB = this.claim();
    evaluateDealerRowPair(this.table, a, b, this.scratch, this.store, offsetA, this.store, offsetB);
    this.rowAt.set(keyA, offsetA);
    this.rowAt.set(keyB, offsetB);
    if (this.pendingFullKey === keyA || this.pendingFullKey === keyB) this.pendingFullKey = NaN;
  }

  /** Bust-only rows of a and b, evaluated together. */
  private bustPair(a: Int32Array, keyA: number, b: Int32Array, keyB: number): void {
    evaluateDealerRowPair(this.table.bust ?? this.table, a, b, this.scratch, this.bustRow, 0, this.bustRow1, 0);
    this.bustAt.set(keyA, this.bustRow[OUTCOME_BUST] as number);
    this.bustAt.set(keyB, this.bustRow1[OUTCOME_BUST] as number);
    if (this.pendingBustKey === keyA || this.pendingBustKey === keyB) this.pendingBustKey = NaN;
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
   * Evaluates, two at a time, rows that row() or bust() will certainly be asked for: for each
   * i < count, the composition `comp` less one card of value cards[i] and extra[i] more cards of
   * value extraCard, named by keys[i], its full row when full[i] (else its bust-only row),
   * unless it is known already. A hand's next
   * cards lead to up to ten such compositions; a pair of rows costs much less than two
   * (dealer-wasm.ts). The same bits as asking for each alone.
   */
  prefetch(
    comp: Int32Array,
    cards: Int32Array,
    extra: Int32Array,
    extraCard: number,
    keys: Float64Array,
    full: Uint8Array,
    count: number,
  ): void {
    if (!dealerWasmPairActive()) return; // one at a time gains nothing from asking early
    let waitingFull = -1;
    let waitingBust = -1;
    for (let i = 0; i < count; i++) {
      const key = keys[i] as number;
      if (this.rowAt.has(key)) continue;
      if (full[i] === 1) {
        if (waitingFull < 0) waitingFull = i;
        else {
          this.lessOne(this.comp0, comp, cards[waitingFull] as number, extra[waitingFull] as number, extraCard);
          this.lessOne(this.comp1, comp, cards[i] as number, extra[i] as number, extraCard);
          this.fullPair(this.comp0, keys[waitingFull] as number, this.comp1, key);
          waitingFull = -1;
        }
      } else if (!this.bustAt.has(key)) {
        if (waitingBust < 0) waitingBust = i;
        else {
          this.lessOne(this.comp0, comp, cards[waitingBust] as number, extra[waitingBust] as number, extraCard);
          this.lessOne(this.comp1, comp, cards[i] as number, extra[i] as number, extraCard);
          this.bustPair(this.comp0, keys[waitingBust] as number, this.comp1, key);
          waitingBust = -1;
        }
      }
    }
    // A row left without a partner waits for the next row evaluated alone.
    if (waitingFull >= 0) {
      this.lessOne(this.comp0, comp, cards[waitingFull] as number, extra[waitingFull] as number, extraCard);
      this.leave(keys[waitingFull] as number, true);
    }
    if (waitingBust >= 0) {
      this.lessOne(this.comp0, comp, cards[waitingBust] as number, extra[waitingBust] as number, extraCard);
      this.leave(keys[waitingBust] as number, false);
    }
  }

  /** Makes the row of comp0 pending, or evaluates it with the row already pending. */
  private leave(key: number, full: boolean): void {
    const pending = full ? this.pendingFullKey : this.pendingBustKey;
    if (!Number.isNaN(pending)) {
      if (pending !== key) {
        if (full) this.row(this.comp0, key);
        else this.bust(this.comp0, key);
      }
      return;
    }
    if (full) {
      this.pendingFull.set(this.comp0);
      this.pendingFullKey = key;
    } else {
      this.pendingBust.set(this.comp0);
      this.pendingBustKey = key;
    }
  }

  /** comp less one c and `extra` more of extraCard, into `into`. */
  private lessOne(into: Int32Array, comp: Int32Array, c: number, extra: number, extraCard: number): void {
    into.set(comp);
    into[c] = (into[c] as number) - 1;
    if (extra > 0) into[extraCard] = (into[extraCard] as number) - extra;
  }
}
