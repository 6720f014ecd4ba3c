// Every way the dealer can finish from an upcard, grouped by the multiset of cards drawn.
//
// The probability of one drawing sequence from a composition n (N cards) is
//   prod_v n_v (n_v - 1) ... (n_v - k_v + 1) / (N (N - 1) ... (N - K + 1)),
// which depends only on the multiset {k_v} of cards drawn (K of them). So the dealer's
// final-total distribution for ANY composition is a sum over a fixed list of multisets,
// each weighted by how many drawing orders reach it: the list is enumerated once per
// (upcard, S17/H17) and then evaluated with a handful of multiplications per entry. This is
// what makes memoising the dealer by remaining composition cheap enough for a full chart.
//
// Sequences whose hole card (first draw) gives the dealer a blackjack are left out: the
// table gives P(final outcome AND no dealer blackjack); the blackjack itself is n_bj / N.

/** Outcome slots: 0..4 = final 17..21, 5 = bust. */
export const OUTCOME_COUNT = 6;
export const OUTCOME_BUST = 5;

export interface DealerTable {
  readonly upcard: number;
  readonly hitSoft17: boolean;
  /** Number of final multisets (leaves). */
  readonly count: number;
  /**
   * Trie of the multisets, cards sorted by value: node i > 0 extends its parent by one card;
   * link[i] = parent * 512 + card * 32 + (copies of that card already in the prefix), one
   * array so the evaluation loop touches little memory. Parents come first.
   * The unnormalised probability of a node is parent's * (n_card - copies); dividing by
   * N (N - 1) ... (N - K + 1) at the leaf gives the probability of one drawing order.
   */
  readonly link: Uint32Array;
  /** Per leaf: its trie node and number of drawing orders; leaves are grouped by outcome and K. */
  readonly leafNode: Int32Array;
  readonly orders: Float64Array;
  /** Group g = leaves groupStart[g] .. groupStart[g+1]-1, all with groupOutcome[g] and groupDrawn[g]. */
  readonly groupStart: Int32Array;
  readonly groupOutcome: Uint8Array;
  readonly groupDrawn: Uint8Array;
  readonly maxDrawn: number;
  /** Evaluation work buffer (one value per trie node). */
  readonly work: Float64Array;
}

const cache = new Map<number, DealerTable>();

export function dealerTable(upcard: number, hitSoft17: boolean): DealerTable {
  const cacheKey = upcard * 2 + (hitSoft17 ? 1 : 0);
  let table = cache.get(cacheKey);
  if (!table) {
    table = buildTable(upcard, hitSoft17);
    cache.set(cacheKey, table);
  }
  return table;
}

function buildTable(upcard: number, hitSoft17: boolean): DealerTable {
  const index = new Map<number, number>();
  const outcome: number[] = [];
  const drawn: number[] = [];
  const orders: number[] = [];
  const multisets: Int32Array[] = [];
  const counts = new Int32Array(11);
  // Blackjack hole card for this upcard (none for 2..9).
  const bjHole = upcard === 1 ? 10 : upcard === 10 ? 1 : 0;

  const visit = (hard: number, ace: boolean, n: number, key: number): void => {
    const soft = ace && hard <= 11;
    const total = soft ? hard + 10 : hard;
    const stands = total > 21 || total > 17 || (total === 17 && !(soft && hitSoft17));
    if (stands) {
      let i = index.get(key);
      if (i === undefined) {
        i = outcome.length;
        index.set(key, i);
        outcome.push(total > 21 ? OUTCOME_BUST : total - 17);
        drawn.push(n);
        orders.push(0);
        multisets.push(counts.slice());
      }
      orders[i] = (orders[i] as number) + 1;
      return;
    }
    if (n > 24) throw new Error('dealer draw depth exceeded (bug)');
    for (let c = 1; c <= 10; c++) {
      if (n === 0 && c === bjHole) continue;
      counts[c] = (counts[c] as number) + 1;
      visit(hard + c, ace || c === 1, n + 1, key + 32 ** (c - 1));
      counts[c] = (counts[c] as number) - 1;
    }
  };
  visit(upcard, upcard === 1, 0, 0);

  // Trie over the multisets written as card lists sorted by value.
  const parent: number[] = [-1];
  const code: number[] = [0];
  const nodeOf = new Map<string, number>([['', 0]]);
  const leafNode: number[] = [];
  for (const m of multisets) {
    let prefix = '';
    let node = 0;
    for (let v = 10; v >= 1; v--) {
      for (let k = 0; k < (m[v] as number); k++) {
        prefix += `${v},`;
        let next = nodeOf.get(prefix);
        if (next === undefined) {
          next = parent.length;
          parent.push(node);
          code.push(v * 32 + k);
          nodeOf.set(prefix, next);
        }
        node = next;
      }
    }
    leafNode.push(node);
  }
  // Breadth-first node order: a node's parent is never the node just computed, so the
  // evaluation loop has no store-to-load dependency chain (3x faster than depth-first order).
  const depth = parent.map(() => 0);
  for (let i = 1; i < parent.length; i++) depth[i] = (depth[parent[i] as number] as number) + 1;
  const byDepth = depth.map((_, i) => i).sort((a, b) => (depth[a] as number) - (depth[b] as number) || a - b);
  const newIndex = new Int32Array(parent.length);
  byDepth.forEach((old, i) => {
    newIndex[old] = i;
  });
  const bfsParent = byDepth.map((old) => (old === 0 ? -1 : (newIndex[parent[old] as number] as number)));
  const bfsCode = byDepth.map((old) => code[old] as number);
  for (let l = 0; l < leafNode.length; l++) leafNode[l] = newIndex[leafNode[l] as number] as number;
  const maxDrawn = Math.max(...drawn);
  if (maxDrawn >= 31) throw new Error('dealer draws too many cards for the tables (bug)');
  // Group leaves by (outcome, K) so evaluation divides by N (N-1) ... once per group.
  const groupKey = (i: number): number => (outcome[i] as number) * 32 + (drawn[i] as number);
  const sorted = outcome.map((_, i) => i).sort((a, b) => groupKey(a) - groupKey(b));
  const groupStart: number[] = [];
  const groupOutcome: number[] = [];
  const groupDrawn: number[] = [];
  sorted.forEach((leaf, j) => {
    if (j === 0 || groupKey(leaf) !== groupKey(sorted[j - 1] as number)) {
      groupStart.push(j);
      groupOutcome.push(outcome[leaf] as number);
      groupDrawn.push(drawn[leaf] as number);
    }
  });
  groupStart.push(sorted.length);
  return {
    upcard,
    hitSoft17,
    count: outcome.length,
    link: Uint32Array.from(byDepth, (_, i) => (i === 0 ? 0 : (bfsParent[i] as number) * 512 + (bfsCode[i] as number))),
    leafNode: Int32Array.from(sorted, (i) => leafNode[i] as number),
    orders: Float64Array.from(sorted, (i) => orders[i] as number),
    groupStart: Int32Array.from(groupStart),
    groupOutcome: Uint8Array.from(groupOutcome),
    groupDrawn: Uint8Array.from(groupDrawn),
    maxDrawn,
    work: new Float64Array(parent.length),
  };
}

/** Scratch buffers for evaluateDealer(); one per caller, reused, so evaluation does not allocate. */
export class DealerScratch {
  /** (n_v - j) at v * 32 + j. */
  readonly remaining = new Float64Array(11 * 32);
  /** 1 / (N (N - 1) ... (N - K + 1)) at K. */
  readonly inverse = new Float64Array(32);
}

/**
 * Writes P(outcome AND no dealer blackjack) for the dealer drawing from comp (the upcard and
 * every other dealt card already removed) into out[offset .. offset + 5].
 */
export function evaluateDealer(table: DealerTable, comp: ArrayLike<number>, scratch: DealerScratch, out: Float64Array, offset: number): void {
  const Q = scratch.remaining;
  let total = 0;
  for (let v = 1; v <= 10; v++) {
    const n = comp[v] as number;
    total += n;
    for (let j = 0; j < 32; j++) Q[v * 32 + j] = n > j ? n - j : 0;
  }
  const inv = scratch.inverse;
  inv[0] = 1;
  for (let k = 1; k <= table.maxDrawn; k++) {
    const left = total - k + 1;
    inv[k] = left > 0 ? (inv[k - 1] as number) / left : 0;
  }
  const { link, work, leafNode, orders, groupStart, groupOutcome, groupDrawn } = table;
  const nodes = link.length;
  work[0] = 1;
  for (let i = 1; i < nodes; i++) {
    const k = link[i] as number;
    work[i] = (work[k >>> 9] as number) * (Q[k & 511] as number);
  }
  for (let o = 0; o < OUTCOME_COUNT; o++) out[offset + o] = 0;
  const groups = groupOutcome.length;
  for (let g = 0; g < groups; g++) {
    let sum = 0;
    const end = groupStart[g + 1] as number;
    for (let l = groupStart[g] as number; l < end; l++) sum += (work[leafNode[l] as number] as number) * (orders[l] as number);
    const slot = offset + (groupOutcome[g] as number);
    out[slot] = (out[slot] as number) + sum * (inv[groupDrawn[g] as number] as number);
  }
}
