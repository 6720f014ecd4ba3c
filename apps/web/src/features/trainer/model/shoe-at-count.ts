// A shoe at a count: the composition a counter most likely faces when their count reads N with
// so many cards left, for pricing a decision asked "at true count +3" without a real shoe (the
// trainer's deviation drill). The EV of a hand at a count is the average over every shoe at
// that count; it is nearly linear in the composition, so the average shoe prices it well.
//
// The average shoe: the cards seen are a random subset of the full shoe; given that their tags
// sum to S, each value's expected number seen is its share of the seen cards plus its share of
// the count's excess, in proportion to how far its tag sits from the mean tag (the regression of
// a multinomial count on its weighted sum):
//   seen_v = d·p_v + p_v·(t_v − μ)·(S − d·μ) / σ²,  μ = Σ p_v·t_v,  σ² = Σ p_v·(t_v − μ)²
// with d cards seen and p_v the full shoe's share of value v. The remaining shoe is rounded to
// whole cards (largest remainders), then swapped card for card to the count.
// The drill builds the question's shoe here, as it builds its hand; the engine prices it
// (handEvs). Not in the engine: every engine function the web uses ships in the engine's shared
// chunk, which the table's first load downloads (apps/web/build/first-load.ts).
import { decksRemaining, fullShoe, initialRunningCount, type CountingSystem, type Rules, type TrueCountOptions } from '@card-counter/engine';

const CARDS_PER_DECK = 52;

/** A value's tag in count points, a red seven's bonus spread over all sevens (half are red). */
function meanTag(sys: CountingSystem, v: number): number {
  return ((sys.tags[v] ?? 0) + (v === 7 ? sys.redSevenBonus / 2 : 0)) / sys.scale;
}

export interface ShoeAtCountInput {
  numDecks: number;
  sys: CountingSystem;
  /** The player's count: the true count for a balanced system, the running count (from the IRC) otherwise. */
  count: number;
  cardsLeft: number;
  /** The player's true-count convention: the divisor, and the rounding that says which counts read N. */
  trueCount: TrueCountOptions;
}

/**
 * The middle of the true counts a player reads as `count`: with floor, +3 is every count from 3
 * up to 4, so its shoes average about 3.5; truncation reads 0 for -1 to 1; rounding is centred.
 */
function binCentre(count: number, rounding: TrueCountOptions['rounding']): number {
  if (rounding === 'floor') return count + 0.5;
  if (rounding === 'truncate') return count === 0 ? 0 : count + 0.5 * Math.sign(count);
  return count;
}

/**
 * The average shoe of `cardsLeft` cards at this count (composition by value, index 1..10), for a
 * balanced count at the middle of the true counts the player's convention reads as `count`. A
 * count further out than any shoe of this size can reach leaves the values it moves at their
 * bounds (none or all of them left).
 */
export function shoeAtCount({ numDecks, sys, count, cardsLeft, trueCount }: ShoeAtCountInput): Int32Array {
  const full = fullShoe(numDecks);
  const total = numDecks * CARDS_PER_DECK;
  if (!Number.isInteger(cardsLeft) || cardsLeft < 1 || cardsLeft > total) throw new RangeError(`cardsLeft must be 1..${total} (got ${cardsLeft})`);
  if (!Number.isFinite(count)) throw new RangeError(`count must be a number (got ${count})`);
  const seen = total - cardsLeft;
  const runningCount = sys.balanced ? binCentre(count, trueCount.rounding) * decksRemaining(cardsLeft, trueCount.resolution) : count;
  const seenTags = runningCount - initialRunningCount(sys, numDecks);
  let mu = 0;
  for (let v = 1; v <= 10; v++) mu += ((full[v] as number) / total) * meanTag(sys, v);
  let sigma2 = 0;
  for (let v = 1; v <= 10; v++) sigma2 += ((full[v] as number) / total) * (meanTag(sys, v) - mu) ** 2;
  const left: number[] = [0];
  for (let v = 1; v <= 10; v++) {
    const n = full[v] as number;
    const p = n / total;
    const seenV = seen * p + (p * (meanTag(sys, v) - mu) * (seenTags - seen * mu)) / sigma2;
    left[v] = Math.min(n, Math.max(0, n - seenV));
  }
  const tags = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((v) => (v === 0 ? 0 : meanTag(sys, v)));
  return keepCount(roundToCards(left, full, cardsLeft), left, full, tags);
}

/**
 * Rounding each value on its own can move the count by several points (five low values rounded
 * down together): swap one card for another, the swap that brings the shoe's tags nearest to
 * the unrounded shoe's, until no swap brings them nearer.
 */
function keepCount(out: Int32Array, left: readonly number[], full: Int32Array, tags: readonly number[]): Int32Array {
  let target = 0;
  let now = 0;
  for (let v = 1; v <= 10; v++) {
    target += (left[v] as number) * (tags[v] as number);
    now += (out[v] as number) * (tags[v] as number);
  }
  for (let guard = 0; guard < 200; guard++) {
    let best: { from: number; to: number; gap: number; drift: number } | null = null;
    for (let from = 1; from <= 10; from++) {
      if ((out[from] as number) <= 0) continue;
      for (let to = 1; to <= 10; to++) {
        if (to === from || (out[to] as number) >= (full[to] as number)) continue;
        const gap = Math.abs(now - (tags[from] as number) + (tags[to] as number) - target);
        // Between equal gaps, the swap that moves the shoe least from the unrounded one.
        const drift = (out[from] as number) - (left[from] as number) + ((left[to] as number) - (out[to] as number));
        if (best === null || gap < best.gap - 1e-9 || (Math.abs(gap - best.gap) <= 1e-9 && drift > best.drift)) best = { from, to, gap, drift };
      }
    }
    if (best === null || best.gap >= Math.abs(now - target) - 1e-9) break;
    out[best.from] = (out[best.from] as number) - 1;
    out[best.to] = (out[best.to] as number) + 1;
    now += (tags[best.to] as number) - (tags[best.from] as number);
  }
  return out;
}

/** Whole cards per value summing to `cardsLeft`, each within 0..full[v], by largest remainders. */
function roundToCards(left: readonly number[], full: Int32Array, cardsLeft: number): Int32Array {
  const out = new Int32Array(11);
  let sum = 0;
  for (let v = 1; v <= 10; v++) {
    out[v] = Math.floor(left[v] as number);
    sum += out[v] as number;
  }
  // Flooring leaves up to ten cards to hand out, largest remainder first; a clamped value (a
  // count beyond what this shoe reaches) can leave more, handed out (or taken back) in turns.
  const order = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].sort((a, b) => ((left[b] as number) % 1) - ((left[a] as number) % 1));
  while (sum !== cardsLeft) {
    const up = sum < cardsLeft;
    let moved = false;
    for (const v of up ? order : [...order].reverse()) {
      if (sum === cardsLeft) break;
      if (up ? (out[v] as number) >= (full[v] as number) : (out[v] as number) <= 0) continue;
      out[v] = (out[v] as number) + (up ? 1 : -1);
      sum += up ? 1 : -1;
      moved = true;
    }
    if (!moved) break;
  }
  return out;
}

/** Cards left halfway between a fresh shoe and the shuffle point: the middle of what the rules deal. */
export function midShoeCardsLeft(rules: Pick<Rules, 'numDecks' | 'shufflePoint'>): number {
  return Math.round((rules.numDecks * CARDS_PER_DECK * (1 + rules.shufflePoint)) / 2);
}
