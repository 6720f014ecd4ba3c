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
import { dealerWasmPairActive, evaluateDealerRow, evaluateDealerRowsAtOnce } from './dealer-wasm.ts';

/** Most cards of one value a sharing sub-analysis may have out beyond the root's shoe. */
export const SHARED_EXTRA_MAX = 10;

export class DealerRows {
  /** Rows: P(final 17..21 or bust, and no dealer blackjack), OUTCOME_COUNT per row. */
  store = new Float64Array(OUTCOME_COUNT * 1024);
  private storeUsed = 0;
  private readonly rowAt = new Map<number, number>();
  private readonly bustAt = new Map<number, number>();
  private readonly bustRow = new Float64Array(OUTCOME_COUNT);
  private readonly scratch = new DealerScratch();
  /** Rows evaluated together: up to four compositions, their keys, their rows. */
  private readonly batch = new Int32Array(4 * 11);
  private readonly batchKey = new Float64Array(4);
  private readonly batchOut = new Float64Array(4 * OUTCOME_COUNT);
  /** prefetch(): the rows of each kind waiting for partners (indices into its arguments). */
  private readonly waitFull = new Int32Array(3);
  private readonly waitBust = new Int32Array(3);
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
      this.put(0, comp, key);
      this.put(1, this.pendingFull, pending);
      this.evaluateBatch(true, 2);
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
      this.put(0, comp, key);
      this.put(1, this.pendingBust, pending);
      this.evaluateBatch(false, 2);
      return this.bustAt.get(key) as number;
    }
    this.pendingBustKey = NaN;
    evaluateDealerRow(this.table.bust ?? this.table, comp, this.scratch, this.bustRow, 0);
    const p = this.bustRow[OUTCOME_BUST] as number;
    this.bustAt.set(key, p);
    return p;
  }

  private put(lane: number, comp: Int32Array, key: number): void {
    this.batch.set(comp.subarray(0, 11), 11 * lane);
    this.batchKey[lane] = key;
  }

  /** Evaluates the batch's first n (2 or 4) rows together and records them. */
  private evaluateBatch(full: boolean, n: 2 | 4): void {
    const out = this.batchOut;
    evaluateDealerRowsAtOnce(full ? this.table : (this.table.bust ?? this.table), this.batch, n, this.scratch, out);
    for (let i = 0; i < n; i++) {
      const key = this.batchKey[i] as number;
      if (full) {
        const offset = this.claim();
        for (let o = 0; o < OUTCOME_COUNT; o++) this.store[offset + o] = out[OUTCOME_COUNT * i + o] as number;
        this.rowAt.set(key, offset);
        if (this.pendingFullKey === key) this.pendingFullKey = NaN;
      } else {
        this.bustAt.set(key, out[OUTCOME_COUNT * i + OUTCOME_BUST] as number);
        if (this.pendingBustKey === key) this.pendingBustKey = NaN;
      }
    }
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
   * Evaluates, four or two at a time, rows that row() or bust() will certainly be asked for: for
   * each i < count, the composition `comp` less one card of value cards[i] and extra[i] more
   * cards of value extraCard, named by keys[i], its full row when full[i] (else its bust-only
   * row), unless it is known already. A hand's next cards lead to up to ten such compositions
   * (fifty with the split step's sibling shoes); rows together cost much less than one by one
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
    let fulls = 0;
    let busts = 0;
    for (let i = 0; i < count; i++) {
      const key = keys[i] as number;
      if (this.rowAt.has(key)) continue;
      const isFull = full[i] === 1;
      if (!isFull && this.bustAt.has(key)) continue;
      const wait = isFull ? this.waitFull : this.waitBust;
      const waiting = isFull ? fulls : busts;
      if (waiting < 3) {
        wait[waiting] = i;
        if (isFull) fulls++;
        else busts++;
        continue;
      }
      for (let lane = 0; lane < 3; lane++) this.putLess(lane, comp, wait[lane] as number, cards, extra, extraCard, keys);
      this.putLess(3, comp, i, cards, extra, extraCard, keys);
      this.evaluateBatch(isFull, 4);
      if (isFull) fulls = 0;
      else busts = 0;
    }
    this.finish(comp, cards, extra, extraCard, keys, true, fulls);
    this.finish(comp, cards, extra, extraCard, keys, false, busts);
  }

  /** The rows still waiting after prefetch()'s fours: a pair, and one left pending. */
  private finish(
    comp: Int32Array,
    cards: Int32Array,
    extra: Int32Array,
    extraCard: number,
    keys: Float64Array,
    full: boolean,
    waiting: number,
  ): void {
    const wait = full ? this.waitFull : this.waitBust;
    let first = 0;
    if (waiting >= 2) {
      this.putLess(0, comp, wait[0] as number, cards, extra, extraCard, keys);
      this.putLess(1, comp, wait[1] as number, cards, extra, extraCard, keys);
      this.evaluateBatch(full, 2);
      first = 2;
    }
    if (waiting > first) {
      this.putLess(0, comp, wait[first] as number, cards, extra, extraCard, keys);
      this.leave(full);
    }
  }

  /** Lane `lane` of the batch: comp less cards[i] and extra[i] of extraCard, named keys[i]. */
  private putLess(
    lane: number,
    comp: Int32Array,
    i: number,
    cards: Int32Array,
    extra: Int32Array,
    extraCard: number,
    keys: Float64Array,
  ): void {
    const at = 11 * lane;
    const b = this.batch;
    b.set(comp.subarray(0, 11), at);
    const c = cards[i] as number;
    b[at + c] = (b[at + c] as number) - 1;
    const e = extra[i] as number;
    if (e > 0) b[at + extraCard] = (b[at + extraCard] as number) - e;
    this.batchKey[lane] = keys[i] as number;
  }

  /** Makes the batch's lane-0 row pending, or evaluates it with the row already pending. */
  private leave(full: boolean): void {
    const key = this.batchKey[0] as number;
    const pending = full ? this.pendingFullKey : this.pendingBustKey;
    if (!Number.isNaN(pending)) {
      if (pending !== key) {
        this.put(1, full ? this.pendingFull : this.pendingBust, pending);
        this.evaluateBatch(full, 2);
      }
      return;
    }
    if (full) {
      this.pendingFull.set(this.batch.subarray(0, 11));
      this.pendingFullKey = key;
    } else {
      this.pendingBust.set(this.batch.subarray(0, 11));
      this.pendingBustKey = key;
    }
  }
}
