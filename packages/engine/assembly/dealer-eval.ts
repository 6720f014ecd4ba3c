// The dealer's outcome row for one shoe composition, evaluateDealer() of
// src/analysis/dealer-table.ts compiled to WebAssembly (nearly all of the analyser's time, and
// of the coach's on pair hands, is spent in it).
//
// The SAME arithmetic in the same order as the TypeScript: the same IEEE double products and
// sums, so every row is the same bits (test/analysis-dealer-wasm.test.ts checks it on every
// table). Keep the two in step: change one, change the other.
//
// Each group's sum is a chain of dependent additions, so summing one group after another waits
// on the adder's latency at every leaf. The groups are independent until they are added into
// the outcome slots, so they are summed four at a time (each sum still adds its own terms in
// node order, the same bits), longest first (groupOrder), into groupSum; then added into the
// slots in group order, as the TypeScript does.
//
// Layout (byte offsets, chosen by src/analysis/dealer-wasm.ts): a table's trie (link u32 as
// byte offsets, see the node loop,
// nodeOrders f64, work f64 per node; groupStart, groupEnd, groupOutcome, groupDrawn, groupOrder
// i32 and groupSum f64 per group) and one scratch area: comp i32[11], remaining f64[11 * 32],
// inverse f64[32], out f64[6].

/** Where the JavaScript side may start placing data. */
export const HEAP_BASE: usize = (__heap_base + 15) & ~15;

/** The product of a group's leaf term: work[i] * nodeOrders[i]. */
@inline function term(work: usize, nodeOrders: usize, i: i32): f64 {
  return load<f64>(work + ((<usize>i) << 3)) * load<f64>(nodeOrders + ((<usize>i) << 3));
}

export function evaluate(
  link: usize,
  nodes: i32,
  nodeOrders: usize,
  work: usize,
  groupStart: usize,
  groupEnd: usize,
  groupOutcome: usize,
  groupDrawn: usize,
  groupOrder: usize,
  groupSum: usize,
  groups: i32,
  maxDrawn: i32,
  comp: usize,
  remaining: usize,
  inverse: usize,
  out: usize,
): void {
  // (n_v - j) for the copies j < maxDrawn that a trie node can hold already.
  let total: i32 = 0;
  for (let v = 1; v <= 10; v++) {
    const n = load<i32>(comp + ((<usize>v) << 2));
    total += n;
    for (let j = 0; j < maxDrawn; j++) store<f64>(remaining + ((<usize>(v * 32 + j)) << 3), n > j ? <f64>(n - j) : 0.0);
  }
  store<f64>(inverse, 1.0);
  for (let k = 1; k <= maxDrawn; k++) {
    const left = total - k + 1;
    const previous = load<f64>(inverse + ((<usize>(k - 1)) << 3));
    store<f64>(inverse + ((<usize>k) << 3), left > 0 ? previous / <f64>left : 0.0);
  }
  store<f64>(work, 1.0);
  // link[i]: the byte offsets of the node's parent in work (high 16 bits) and of its factor in
  // remaining (low 16 bits), so that the loop only adds.
  let at = work + 8;
  const end = link + ((<usize>nodes) << 2);
  for (let l = link + 4; l < end; l += 4) {
    const k = load<u32>(l);
    store<f64>(at, load<f64>(work + (<usize>(k >>> 16))) * load<f64>(remaining + (<usize>(k & 0xffff))));
    at += 8;
  }
  // Four groups at a time, lengths l0 >= l1 >= l2 >= l3: four chains while all four have terms,
  // then three, two, one.
  for (let q = 0; q < groups; q += 4) {
    const g0 = load<i32>(groupOrder + ((<usize>q) << 2));
    const g1 = q + 1 < groups ? load<i32>(groupOrder + ((<usize>(q + 1)) << 2)) : -1;
    const g2 = q + 2 < groups ? load<i32>(groupOrder + ((<usize>(q + 2)) << 2)) : -1;
    const g3 = q + 3 < groups ? load<i32>(groupOrder + ((<usize>(q + 3)) << 2)) : -1;
    const s0 = load<i32>(groupStart + ((<usize>g0) << 2));
    const l0 = load<i32>(groupEnd + ((<usize>g0) << 2)) - s0;
    const s1 = g1 < 0 ? 0 : load<i32>(groupStart + ((<usize>g1) << 2));
    const l1 = g1 < 0 ? 0 : load<i32>(groupEnd + ((<usize>g1) << 2)) - s1;
    const s2 = g2 < 0 ? 0 : load<i32>(groupStart + ((<usize>g2) << 2));
    const l2 = g2 < 0 ? 0 : load<i32>(groupEnd + ((<usize>g2) << 2)) - s2;
    const s3 = g3 < 0 ? 0 : load<i32>(groupStart + ((<usize>g3) << 2));
    const l3 = g3 < 0 ? 0 : load<i32>(groupEnd + ((<usize>g3) << 2)) - s3;
    let sum0: f64 = 0;
    let sum1: f64 = 0;
    let sum2: f64 = 0;
    let sum3: f64 = 0;
    let j = 0;
    for (; j < l3; j++) {
      sum0 += term(work, nodeOrders, s0 + j);
      sum1 += term(work, nodeOrders, s1 + j);
      sum2 += term(work, nodeOrders, s2 + j);
      sum3 += term(work, nodeOrders, s3 + j);
    }
    for (; j < l2; j++) {
      sum0 += term(work, nodeOrders, s0 + j);
      sum1 += term(work, nodeOrders, s1 + j);
      sum2 += term(work, nodeOrders, s2 + j);
    }
    for (; j < l1; j++) {
      sum0 += term(work, nodeOrders, s0 + j);
      sum1 += term(work, nodeOrders, s1 + j);
    }
    for (; j < l0; j++) sum0 += term(work, nodeOrders, s0 + j);
    store<f64>(groupSum + ((<usize>g0) << 3), sum0);
    if (g1 >= 0) store<f64>(groupSum + ((<usize>g1) << 3), sum1);
    if (g2 >= 0) store<f64>(groupSum + ((<usize>g2) << 3), sum2);
    if (g3 >= 0) store<f64>(groupSum + ((<usize>g3) << 3), sum3);
  }
  for (let o = 0; o < 6; o++) store<f64>(out + ((<usize>o) << 3), 0.0);
  for (let g = 0; g < groups; g++) {
    const slot = out + ((<usize>load<i32>(groupOutcome + ((<usize>g) << 2))) << 3);
    const drawn = load<i32>(groupDrawn + ((<usize>g) << 2));
    const sum = load<f64>(groupSum + ((<usize>g) << 3));
    store<f64>(slot, load<f64>(slot) + sum * load<f64>(inverse + ((<usize>drawn) << 3)));
  }
}
