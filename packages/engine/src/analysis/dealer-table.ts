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
  /** Number of multisets. */
  readonly count: number;
  readonly outcome: Uint8Array;
  /** Cards drawn (hole card included). */
  readonly drawn: Uint8Array;
  /** Number of drawing orders that reach this multiset and stop there. */
  readonly orders: Float64Array;
  /** Entry i's (value, k) factors are factor[start[i]] .. factor[start[i+1]-1], coded v * 16 + k. */
  readonly start: Uint32Array;
  readonly factor: Uint16Array;
  /** Largest k per value and largest K over all entries (sizes of the evaluation scratch). */
  readonly maxPerValue: Int32Array;
  readonly maxDrawn: number;
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
      visit(hard + c, ace || c === 1, n + 1, key + 16 ** (c - 1));
      counts[c] = (counts[c] as number) - 1;
    }
  };
  visit(upcard, upcard === 1, 0, 0);

  const count = outcome.length;
  const start = new Uint32Array(count + 1);
  const factors: number[] = [];
  const maxPerValue = new Int32Array(11);
  let maxDrawn = 0;
  for (let i = 0; i < count; i++) {
    start[i] = factors.length;
    const m = multisets[i] as Int32Array;
    for (let v = 1; v <= 10; v++) {
      const k = m[v] as number;
      if (k > 0) {
        factors.push(v * 16 + k);
        if (k > (maxPerValue[v] as number)) maxPerValue[v] = k;
      }
    }
    maxDrawn = Math.max(maxDrawn, drawn[i] as number);
  }
  start[count] = factors.length;
  return {
    upcard,
    hitSoft17,
    count,
    outcome: Uint8Array.from(outcome),
    drawn: Uint8Array.from(drawn),
    orders: Float64Array.from(orders),
    start,
    factor: Uint16Array.from(factors),
    maxPerValue,
    maxDrawn,
  };
}

/** Scratch buffers for evaluate(); one per caller, reused, so evaluation does not allocate. */
export class DealerScratch {
  readonly falling = new Float64Array(11 * 16);
  readonly inverse = new Float64Array(32);
}

/**
 * Adds P(outcome AND no dealer blackjack) for the dealer drawing from comp (the upcard and
 * every other dealt card already removed) into out[offset .. offset + 5].
 */
export function evaluateDealer(table: DealerTable, comp: ArrayLike<number>, scratch: DealerScratch, out: Float64Array, offset: number): void {
  const F = scratch.falling;
  let total = 0;
  for (let v = 1; v <= 10; v++) {
    const n = comp[v] as number;
    total += n;
    const kMax = table.maxPerValue[v] as number;
    let f = 1;
    F[v * 16] = 1;
    for (let k = 1; k <= kMax; k++) {
      f *= n - k + 1 > 0 ? n - k + 1 : 0;
      F[v * 16 + k] = f;
    }
  }
  const inv = scratch.inverse;
  inv[0] = 1;
  for (let k = 1; k <= table.maxDrawn; k++) {
    const left = total - k + 1;
    inv[k] = left > 0 ? (inv[k - 1] as number) / left : 0;
  }
  for (let o = 0; o < OUTCOME_COUNT; o++) out[offset + o] = 0;
  const { outcome, drawn, orders, start, factor, count } = table;
  for (let i = 0; i < count; i++) {
    let p = (orders[i] as number) * (inv[drawn[i] as number] as number);
    const end = start[i + 1] as number;
    for (let j = start[i] as number; j < end; j++) p *= F[factor[j] as number] as number;
    out[offset + (outcome[i] as number)] += p;
  }
}
