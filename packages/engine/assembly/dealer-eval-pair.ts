// Two or four dealer rows at once: evaluate() of assembly/dealer-eval.ts for two (evaluatePair)
// or four (evaluateQuad) shoe compositions side by side, one in each lane of 128-bit vectors
// (WebAssembly SIMD). Each lane does the same IEEE double products and sums in the same order as
// evaluate() and evaluateDealer() of src/analysis/dealer-table.ts, so each row is the same bits
// as theirs (test/analysis-dealer-wasm.test.ts checks it); the trie's links, node loop and group
// bookkeeping are shared by the rows, which is what makes them cheaper than single rows.
//
// Layout: the table's trie as for evaluate() (link as byte offsets for two lanes, nodeOrders,
// groupStart, groupEnd, groupOutcome, groupDrawn, groupOrder), and lane-interleaved work areas: work f64[nodes][2],
// groupSum f64[groups][2], remaining f64[11 * 32][2], inverse f64[32][2], outcome f64[6][2];
// comp0 and comp1 i32[11]; out0 and out1 f64[6].

/** Where the JavaScript side may start placing data. */
export const HEAP_BASE: usize = (__heap_base + 15) & ~15;

@inline function term(work: usize, nodeOrders: usize, i: i32): v128 {
  return f64x2.mul(v128.load(work + ((<usize>i) << 4)), v128.load64_splat(nodeOrders + ((<usize>i) << 3)));
}

export function evaluatePair(
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
  comp0: usize,
  comp1: usize,
  remaining: usize,
  inverse: usize,
  outcome: usize,
  out0: usize,
  out1: usize,
): void {
  let total0: i32 = 0;
  let total1: i32 = 0;
  for (let v = 1; v <= 10; v++) {
    const n0 = load<i32>(comp0 + ((<usize>v) << 2));
    const n1 = load<i32>(comp1 + ((<usize>v) << 2));
    total0 += n0;
    total1 += n1;
    for (let j = 0; j < maxDrawn; j++) {
      const at = remaining + ((<usize>(v * 32 + j)) << 4);
      store<f64>(at, n0 > j ? <f64>(n0 - j) : 0.0);
      store<f64>(at, n1 > j ? <f64>(n1 - j) : 0.0, 8);
    }
  }
  store<f64>(inverse, 1.0);
  store<f64>(inverse, 1.0, 8);
  for (let k = 1; k <= maxDrawn; k++) {
    const at = inverse + ((<usize>k) << 4);
    const left0 = total0 - k + 1;
    const left1 = total1 - k + 1;
    store<f64>(at, left0 > 0 ? load<f64>(at - 16) / <f64>left0 : 0.0);
    store<f64>(at, left1 > 0 ? load<f64>(at - 8) / <f64>left1 : 0.0, 8);
  }
  v128.store(work, f64x2.splat(1.0));
  // link[i]: the byte offsets of the node's parent in work (high 16 bits) and of its factor in
  // remaining (low 16 bits), so that the loop only adds.
  let at = work + 16;
  const end = link + ((<usize>nodes) << 2);
  for (let l = link + 4; l < end; l += 4) {
    const k = load<u32>(l);
    v128.store(at, f64x2.mul(v128.load(work + (<usize>(k >>> 16))), v128.load(remaining + (<usize>(k & 0xffff)))));
    at += 16;
  }
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
    let sum0 = f64x2.splat(0.0);
    let sum1 = f64x2.splat(0.0);
    let sum2 = f64x2.splat(0.0);
    let sum3 = f64x2.splat(0.0);
    let j = 0;
    for (; j < l3; j++) {
      sum0 = f64x2.add(sum0, term(work, nodeOrders, s0 + j));
      sum1 = f64x2.add(sum1, term(work, nodeOrders, s1 + j));
      sum2 = f64x2.add(sum2, term(work, nodeOrders, s2 + j));
      sum3 = f64x2.add(sum3, term(work, nodeOrders, s3 + j));
    }
    for (; j < l2; j++) {
      sum0 = f64x2.add(sum0, term(work, nodeOrders, s0 + j));
      sum1 = f64x2.add(sum1, term(work, nodeOrders, s1 + j));
      sum2 = f64x2.add(sum2, term(work, nodeOrders, s2 + j));
    }
    for (; j < l1; j++) {
      sum0 = f64x2.add(sum0, term(work, nodeOrders, s0 + j));
      sum1 = f64x2.add(sum1, term(work, nodeOrders, s1 + j));
    }
    for (; j < l0; j++) sum0 = f64x2.add(sum0, term(work, nodeOrders, s0 + j));
    v128.store(groupSum + ((<usize>g0) << 4), sum0);
    if (g1 >= 0) v128.store(groupSum + ((<usize>g1) << 4), sum1);
    if (g2 >= 0) v128.store(groupSum + ((<usize>g2) << 4), sum2);
    if (g3 >= 0) v128.store(groupSum + ((<usize>g3) << 4), sum3);
  }
  for (let o = 0; o < 6; o++) v128.store(outcome + ((<usize>o) << 4), f64x2.splat(0.0));
  for (let g = 0; g < groups; g++) {
    const slot = outcome + ((<usize>load<i32>(groupOutcome + ((<usize>g) << 2))) << 4);
    const drawn = load<i32>(groupDrawn + ((<usize>g) << 2));
    const sum = v128.load(groupSum + ((<usize>g) << 4));
    v128.store(slot, f64x2.add(v128.load(slot), f64x2.mul(sum, v128.load(inverse + ((<usize>drawn) << 4)))));
  }
  for (let o = 0; o < 6; o++) {
    store<f64>(out0 + ((<usize>o) << 3), load<f64>(outcome + ((<usize>o) << 4)));
    store<f64>(out1 + ((<usize>o) << 3), load<f64>(outcome + ((<usize>o) << 4), 8));
  }
}

/** evaluatePair() for four compositions (comps i32[4][11], outs f64[4][6]), in two vectors. */
/** Lanes 0-1 (half 0) or 2-3 (half 16) of a group term of evaluateQuad(). */
@inline function termQ(work: usize, nodeOrders: usize, i: i32, half: usize): v128 {
  return f64x2.mul(v128.load(work + ((<usize>i) << 5) + half), v128.load64_splat(nodeOrders + ((<usize>i) << 3)));
}

export function evaluateQuad(
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
  comps: usize,
  remaining: usize,
  inverse: usize,
  outcome: usize,
  outs: usize,
): void {
  for (let lane = 0; lane < 4; lane++) {
    const comp = comps + ((<usize>lane) * 44);
    let total: i32 = 0;
    for (let v = 1; v <= 10; v++) {
      const n = load<i32>(comp + ((<usize>v) << 2));
      total += n;
      for (let j = 0; j < maxDrawn; j++) store<f64>(remaining + ((<usize>(v * 32 + j)) << 5) + ((<usize>lane) << 3), n > j ? <f64>(n - j) : 0.0);
    }
    const inv = inverse + ((<usize>lane) << 3);
    store<f64>(inv, 1.0);
    for (let k = 1; k <= maxDrawn; k++) {
      const at = inv + ((<usize>k) << 5);
      const left = total - k + 1;
      store<f64>(at, left > 0 ? load<f64>(at - 32) / <f64>left : 0.0);
    }
  }
  v128.store(work, f64x2.splat(1.0));
  v128.store(work, f64x2.splat(1.0), 16);
  // link[i] holds evaluatePair()'s byte offsets (two lanes): doubled for four.
  let at = work + 32;
  const end = link + ((<usize>nodes) << 2);
  for (let l = link + 4; l < end; l += 4) {
    const k = load<u32>(l);
    const parent = work + ((<usize>(k >>> 16)) << 1);
    const q = remaining + ((<usize>(k & 0xffff)) << 1);
    v128.store(at, f64x2.mul(v128.load(parent), v128.load(q)));
    v128.store(at, f64x2.mul(v128.load(parent, 16), v128.load(q, 16)), 16);
    at += 32;
  }
  // Two groups at a time, each in two vectors: four chains of additions.
  for (let q = 0; q < groups; q += 2) {
    const g0 = load<i32>(groupOrder + ((<usize>q) << 2));
    const g1 = q + 1 < groups ? load<i32>(groupOrder + ((<usize>(q + 1)) << 2)) : -1;
    const s0 = load<i32>(groupStart + ((<usize>g0) << 2));
    const l0 = load<i32>(groupEnd + ((<usize>g0) << 2)) - s0;
    const s1 = g1 < 0 ? 0 : load<i32>(groupStart + ((<usize>g1) << 2));
    const l1 = g1 < 0 ? 0 : load<i32>(groupEnd + ((<usize>g1) << 2)) - s1;
    let a0 = f64x2.splat(0.0);
    let b0 = f64x2.splat(0.0);
    let a1 = f64x2.splat(0.0);
    let b1 = f64x2.splat(0.0);
    let j = 0;
    for (; j < l1; j++) {
      a0 = f64x2.add(a0, termQ(work, nodeOrders, s0 + j, 0));
      b0 = f64x2.add(b0, termQ(work, nodeOrders, s0 + j, 16));
      a1 = f64x2.add(a1, termQ(work, nodeOrders, s1 + j, 0));
      b1 = f64x2.add(b1, termQ(work, nodeOrders, s1 + j, 16));
    }
    for (; j < l0; j++) {
      a0 = f64x2.add(a0, termQ(work, nodeOrders, s0 + j, 0));
      b0 = f64x2.add(b0, termQ(work, nodeOrders, s0 + j, 16));
    }
    v128.store(groupSum + ((<usize>g0) << 5), a0);
    v128.store(groupSum + ((<usize>g0) << 5), b0, 16);
    if (g1 >= 0) {
      v128.store(groupSum + ((<usize>g1) << 5), a1);
      v128.store(groupSum + ((<usize>g1) << 5), b1, 16);
    }
  }
  for (let o = 0; o < 6; o++) {
    v128.store(outcome + ((<usize>o) << 5), f64x2.splat(0.0));
    v128.store(outcome + ((<usize>o) << 5), f64x2.splat(0.0), 16);
  }
  for (let g = 0; g < groups; g++) {
    const slot = outcome + ((<usize>load<i32>(groupOutcome + ((<usize>g) << 2))) << 5);
    const drawn = load<i32>(groupDrawn + ((<usize>g) << 2));
    const sum = groupSum + ((<usize>g) << 5);
    const inv = inverse + ((<usize>drawn) << 5);
    v128.store(slot, f64x2.add(v128.load(slot), f64x2.mul(v128.load(sum), v128.load(inv))));
    v128.store(slot, f64x2.add(v128.load(slot, 16), f64x2.mul(v128.load(sum, 16), v128.load(inv, 16))), 16);
  }
  for (let lane = 0; lane < 4; lane++) {
    for (let o = 0; o < 6; o++) store<f64>(outs + ((<usize>(lane * 6 + o)) << 3), load<f64>(outcome + ((<usize>o) << 5) + ((<usize>lane) << 3)));
  }
}
