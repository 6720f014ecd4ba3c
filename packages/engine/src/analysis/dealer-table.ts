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
  /** Per node: number of drawing orders if the node is a final multiset, else 0. */
  readonly nodeOrders: Float64Array;
  /** Group g = final-multiset nodes groupStart[g] .. groupEnd[g]-1, all with groupOutcome[g], K = groupDrawn[g]. */
  readonly groupStart: Int32Array;
  readonly groupEnd: Int32Array;
  readonly groupOutcome: Uint8Array;
  readonly groupDrawn: Uint8Array;
  /** The groups longest first (ties by index): the WebAssembly copy sums them four at a time. */
  readonly groupOrder: Int32Array;
  readonly maxDrawn: number;
  /** Evaluation work buffer (one value per trie node). */
  readonly work: Float64Array;
  /**
   * The same table restricted to the busting multisets (about 60% of the work): a player
   * standing on 16 or less only needs P(dealer busts), U = 2 P(bust) - P(no BJ).
   */
  readonly bust: DealerTable | null;
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

  const all = outcome.map((_, k) => k);
  const full = assemble(upcard, hitSoft17, all, outcome, drawn, orders, multisets, null);
  const bustLeaves = all.filter((k) => outcome[k] === OUTCOME_BUST);
  const bust = assemble(upcard, hitSoft17, bustLeaves, outcome, drawn, orders, multisets, null);
  return { ...full, bust };
}

/** Builds the evaluation trie for a subset of the leaves (all of them, or the busts only). */
function assemble(
  upcard: number,
  hitSoft17: boolean,
  leaves: readonly number[],
  outcomeAll: readonly number[],
  drawnAll: readonly number[],
  ordersAll: readonly number[],
  multisetsAll: readonly Int32Array[],
  bust: DealerTable | null,
): DealerTable {
  const outcome = leaves.map((k) => outcomeAll[k] as number);
  const drawn = leaves.map((k) => drawnAll[k] as number);
  const orders = leaves.map((k) => ordersAll[k] as number);
  const multisets = leaves.map((k) => multisetsAll[k] as Int32Array);
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
  // Node order: by depth (breadth-first: a node's parent is never the node just computed, so
  // the evaluation loop has no store-to-load dependency chain), and within a depth the final
  // multisets grouped by outcome, so each (outcome, K) group is one contiguous node range.
  // (Depth = cards drawn K, so a group shares the divisor N (N - 1) ... (N - K + 1).)
  const depth = parent.map(() => 0);
  for (let i = 1; i < parent.length; i++) depth[i] = (depth[parent[i] as number] as number) + 1;
  const leafOf = parent.map(() => -1);
  leafNode.forEach((node, leaf) => {
    if ((leafOf[node] as number) !== -1) throw new Error('two multisets share a trie node (bug)');
    leafOf[node] = leaf;
  });
  const classOf = (node: number): number => {
    const leaf = leafOf[node] as number;
    return (depth[node] as number) * 8 + (leaf === -1 ? 7 : (outcome[leaf] as number));
  };
  const order = depth.map((_, i) => i).sort((a, b) => classOf(a) - classOf(b) || a - b);
  const newIndex = new Int32Array(parent.length);
  order.forEach((old, i) => {
    newIndex[old] = i;
  });
  const link = Uint32Array.from(order, (old) => (old === 0 ? 0 : (newIndex[parent[old] as number] as number) * 512 + (code[old] as number)));
  const nodeOrders = Float64Array.from(order, (old) => {
    const leaf = leafOf[old] as number;
    return leaf === -1 ? 0 : (orders[leaf] as number);
  });
  const maxDrawn = Math.max(...drawn);
  if (maxDrawn >= 31) throw new Error('dealer draws too many cards for the tables (bug)');
  const groupStart: number[] = [];
  const groupEnd: number[] = [];
  const groupOutcome: number[] = [];
  const groupDrawn: number[] = [];
  order.forEach((old, i) => {
    const leaf = leafOf[old] as number;
    if (leaf === -1) return;
    const last = groupEnd.length - 1;
    if (last >= 0 && groupEnd[last] === i && groupOutcome[last] === outcome[leaf] && groupDrawn[last] === depth[old]) {
      groupEnd[last] = i + 1;
    } else {
      groupStart.push(i);
      groupEnd.push(i + 1);
      groupOutcome.push(outcome[leaf] as number);
      groupDrawn.push(depth[old] as number);
    }
  });
  const groupOrder = Int32Array.from(groupStart.keys()).sort(
    (a, b) => (groupEnd[b] as number) - (groupStart[b] as number) - ((groupEnd[a] as number) - (groupStart[a] as number)) || a - b,
  );
  return {
    upcard,
    hitSoft17,
    count: outcome.length,
    link,
    nodeOrders,
    groupStart: Int32Array.from(groupStart),
    groupEnd: Int32Array.from(groupEnd),
    groupOutcome: Uint8Array.from(groupOutcome),
    groupDrawn: Uint8Array.from(groupDrawn),
    groupOrder,
    maxDrawn,
    work: new Float64Array(parent.length),
    bust,
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
  const { link, work, nodeOrders, groupStart, groupEnd, groupOutcome, groupDrawn } = table;
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
    const end = groupEnd[g] as number;
    for (let i = groupStart[g] as number; i < end; i++) sum += (work[i] as number) * (nodeOrders[i] as number);
    const slot = offset + (groupOutcome[g] as number);
    out[slot] = (out[slot] as number) + sum * (inv[groupDrawn[g] as number] as number);
  }
}
