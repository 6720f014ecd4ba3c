// The dealer's outcome row for one shoe composition, evaluateDealer() of
// src/analysis/dealer-table.ts compiled to WebAssembly (nearly all of the analyser's time, and
// of the coach's on pair hands, is spent in it; here it runs about three times faster).
//
// The SAME arithmetic in the same order as the TypeScript: the same IEEE double products and
// sums, so every row is the same bits (test/analysis-dealer-wasm.test.ts checks it on every
// table). Keep the two in step: change one, change the other.
//
// Layout (byte offsets, chosen by src/analysis/dealer-wasm.ts): a table's trie (link u32,
// nodeOrders f64, work f64 per node; groupStart, groupEnd, groupOutcome, groupDrawn i32 per
// group) and one scratch area: comp i32[11], remaining f64[11 * 32], inverse f64[32], out f64[6].

/** Where the JavaScript side may start placing data. */
export const HEAP_BASE: usize = (__heap_base + 15) & ~15;

export function evaluate(
  link: usize,
  nodes: i32,
  nodeOrders: usize,
  work: usize,
  groupStart: usize,
  groupEnd: usize,
  groupOutcome: usize,
  groupDrawn: usize,
  groups: i32,
  maxDrawn: i32,
  comp: usize,
  remaining: usize,
  inverse: usize,
  out: usize,
): void {
  let total: i32 = 0;
  for (let v = 1; v <= 10; v++) {
    const n = load<i32>(comp + ((<usize>v) << 2));
    total += n;
    for (let j = 0; j < 32; j++) store<f64>(remaining + ((<usize>(v * 32 + j)) << 3), n > j ? <f64>(n - j) : 0.0);
  }
  store<f64>(inverse, 1.0);
  for (let k = 1; k <= maxDrawn; k++) {
    const left = total - k + 1;
    const previous = load<f64>(inverse + ((<usize>(k - 1)) << 3));
    store<f64>(inverse + ((<usize>k) << 3), left > 0 ? previous / <f64>left : 0.0);
  }
  store<f64>(work, 1.0);
  for (let i = 1; i < nodes; i++) {
    const k = load<u32>(link + ((<usize>i) << 2));
    const parent = load<f64>(work + ((<usize>(k >>> 9)) << 3));
    store<f64>(work + ((<usize>i) << 3), parent * load<f64>(remaining + ((<usize>(k & 511)) << 3)));
  }
  for (let o = 0; o < 6; o++) store<f64>(out + ((<usize>o) << 3), 0.0);
  for (let g = 0; g < groups; g++) {
    let sum: f64 = 0;
    const end = load<i32>(groupEnd + ((<usize>g) << 2));
    for (let i = load<i32>(groupStart + ((<usize>g) << 2)); i < end; i++) {
      sum += load<f64>(work + ((<usize>i) << 3)) * load<f64>(nodeOrders + ((<usize>i) << 3));
    }
    const slot = out + ((<usize>load<i32>(groupOutcome + ((<usize>g) << 2))) << 3);
    const drawn = load<i32>(groupDrawn + ((<usize>g) << 2));
    store<f64>(slot, load<f64>(slot) + sum * load<f64>(inverse + ((<usize>drawn) << 3)));
  }
}
