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
import { evaluateDealerRow } from './dealer-wasm.ts';

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

  constructor(private readonly table: DealerTable) {}

  /** Offset in `store` of the row for comp (named by key); read `store` after the call. */
  row(comp: Int32Array, key: number): number {
    const known = this.rowAt.get(key);
    if (known !== undefined) return known;
    if (this.storeUsed + OUTCOME_COUNT > this.store.length) {
      const bigger = new Float64Array(this.store.length * 2);
      bigger.set(this.store);
      this.store = bigger;
    }
    const offset = this.storeUsed;
    evaluateDealerRow(this.table, comp, this.scratch, this.store, offset);
    this.storeUsed += OUTCOME_COUNT;
    this.rowAt.set(key, offset);
    return offset;
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
