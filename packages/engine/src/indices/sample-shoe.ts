// Shoe compositions at a given count, for the index generator (the CVIndex-style method): the
// cards already seen are a random subset of the shoe, at a random depth, whose tags give the
// wanted count under the player's convention.
//
// Natural play reaches every depth of the shoe about equally often (rounds are dealt evenly
// from the shuffle to the cut card) and sees a uniformly random subset of cards at that depth.
// Given a count bin b, the depth is therefore drawn with probability proportional to
// P(b | depth), and the subset uniformly among the subsets of that depth whose count is in b.
// P(b | depth) uses the normal approximation of the running count of a random subset (mean
// d*mu, variance d*sigma^2*(N-d)/(N-1), sampling without replacement); it only weights depths
// against each other, so its small error moves no index by a measurable amount.
//
// The uniform subset given (depth, count) comes from a Markov chain: swap a seen card with an
// unseen one, accepted when the count stays in the bin (a symmetric proposal, so the uniform
// distribution on the bin's subsets is stationary). It starts from a random subset walked into
// the bin by swaps that never move the count away from it.
import { randomFloat, randomInt, type Rng } from '../rng.ts';
import { type CountingSystem, initialRunningCountScaled } from '../counting/systems.ts';
import { decksRemaining, roundTrueCount, type TrueCountOptions } from '../counting/true-count.ts';
import type { Rules } from '../rules.ts';

/** Fewest unseen cards a sampled shoe keeps (a round and its draws must fit). */
export const MIN_CARDS_LEFT = 13;
/** Swap proposals per card of the shoe once the count is in the bin (decorrelates samples). */
const MIX_SWAPS_PER_CARD = 3;
/** Swap proposals per card allowed to walk a random subset into the bin. */
const APPROACH_SWAPS_PER_CARD = 60;

/**
 * The integer bin a player is in: the true count under the convention (floored first when the
 * convention keeps fractions) for a balanced count, the running count (from the IRC) for an
 * unbalanced one, as the books of KO and Red 7 play them.
 */
export function countBin(sys: CountingSystem, tc: TrueCountOptions, seenTagsScaled: number, cardsLeft: number, numDecks: number): number {
  const rc = (initialRunningCountScaled(sys, numDecks) + seenTagsScaled) / sys.scale;
  if (!sys.balanced) return Math.floor(rc);
  const t = roundTrueCount(rc / decksRemaining(cardsLeft, tc.resolution), tc.rounding);
  return Math.floor(t);
}

export interface SampledShoe {
  /** Unseen cards per value, index 1..10. */
  readonly composition: Int32Array;
  /** Sum of the seen cards' scaled tags (the running count from 0, scaled). */
  readonly seenTagsScaled: number;
  readonly cardsLeft: number;
}

export class ShoeSampler {
  private readonly values: Int8Array;
  private readonly tags: Int8Array;
  private readonly total: number;
  private readonly depthMax: number;
  private readonly binLo: number;
  private readonly binHi: number;
  /** Cumulative P(bin | depth) over depths, per bin (for drawing a depth given a bin). */
  private readonly depthCdf: Float64Array[];
  /** P(bin) under natural play (depth uniform), per bin. */
  readonly binProbability: Float64Array;

  constructor(
    readonly sys: CountingSystem,
    readonly tc: TrueCountOptions,
    readonly rules: Pick<Rules, 'numDecks' | 'shufflePoint'>,
    bins: { lo: number; hi: number },
  ) {
    const n = rules.numDecks * 52;
    this.total = n;
    this.values = new Int8Array(n);
    this.tags = new Int8Array(n);
    let i = 0;
    for (let v = 1; v <= 10; v++) {
      const copies = (v === 10 ? 16 : 4) * rules.numDecks;
      for (let k = 0; k < copies; k++, i++) {
        this.values[i] = v;
        // Half of the sevens are red (Red 7's extra point).
        this.tags[i] = (sys.tags[v] ?? 0) + (v === 7 && k % 2 === 0 ? sys.redSevenBonus : 0);
      }
    }
    if (i !== n) throw new Error('shoe construction lost cards');
    this.depthMax = n - Math.max(Math.ceil(n * rules.shufflePoint), MIN_CARDS_LEFT);
    if (this.depthMax < 0) throw new RangeError('the shoe is too small to sample');
    this.binLo = bins.lo;
    this.binHi = bins.hi;
    const width = bins.hi - bins.lo + 1;
    const byBin = Array.from({ length: width }, () => new Float64Array(this.depthMax + 1));
    let mean = 0;
    let sq = 0;
    for (let k = 0; k < n; k++) {
      mean += (this.tags[k] as number) / n;
      sq += (this.tags[k] as number) ** 2 / n;
    }
    const variance = sq - mean * mean;
    for (let d = 0; d <= this.depthMax; d++) {
      const m = d * mean;
      const sd = Math.sqrt((d * variance * (n - d)) / Math.max(1, n - 1));
      if (sd < 1e-9) {
        const b = countBin(sys, tc, Math.round(m), n - d, rules.numDecks) - bins.lo;
        if (b >= 0 && b < width) (byBin[b] as Float64Array)[d] = 1;
        continue;
      }
      // Integer scaled running counts within 8 SD, each with its normal lattice mass.
      const lo = Math.floor(m - 8 * sd);
      const hi = Math.ceil(m + 8 * sd);
      let norm = 0;
      const mass: number[] = [];
      for (let rc = lo; rc <= hi; rc++) {
        const p = Math.exp(-0.5 * ((rc - m) / sd) ** 2);
        mass.push(p);
        norm += p;
      }
      for (let rc = lo; rc <= hi; rc++) {
        const b = countBin(sys, tc, rc, n - d, rules.numDecks) - bins.lo;
        const row = byBin[b];
        if (row) row[d] = (row[d] as number) + (mass[rc - lo] as number) / norm;
      }
    }
    this.binProbability = new Float64Array(width);
    this.depthCdf = byBin.map((row, b) => {
      const cdf = new Float64Array(row.length);
      let acc = 0;
      row.forEach((p, d) => {
        acc += p;
        cdf[d] = acc;
      });
      this.binProbability[b] = acc / row.length;
      return cdf;
    });
  }

  /** P(bin) under natural play: how often a player is in this bin. */
  probabilityOf(bin: number): number {
    return this.binProbability[bin - this.binLo] ?? 0;
  }

  /**
   * A shoe whose seen cards put the player in `bin`, or null when the bin is (nearly) out of
   * reach for these rules or the walk into it did not arrive within its bound.
   */
  sample(bin: number, rng: Rng): SampledShoe | null {
    const cdf = this.depthCdf[bin - this.binLo];
    if (!cdf) throw new RangeError(`bin ${bin} is outside ${this.binLo}..${this.binHi}`);
    const totalMass = cdf[cdf.length - 1] as number;
    if (!(totalMass > 1e-12)) return null;
    const u = randomFloat(rng) * totalMass;
    let d = 0;
    while (d < cdf.length - 1 && (cdf[d] as number) <= u) d++;
    const n = this.total;
    const left = n - d;
    const { numDecks } = this.rules;
    // The scaled running counts of the bin at this depth form an interval (the conventions are
    // monotone in the running count); find it around the normal mean.
    const inBin = (rc: number): boolean => countBin(this.sys, this.tc, rc, left, numDecks) === bin;
    const order = Int32Array.from({ length: n }, (_, k) => k);
    let rc = 0;
    for (let k = 0; k < d; k++) {
      const j = k + randomInt(rng, n - k);
      const t = order[k] as number;
      order[k] = order[j] as number;
      order[j] = t;
      rc += this.tags[order[k] as number] as number;
    }
    if (d === 0) return inBin(0) ? this.result(order, 0, 0) : null;
    const distance = (x: number): number => {
      if (inBin(x)) return 0;
      const b = countBin(this.sys, this.tc, x, left, numDecks);
      return Math.abs(b - bin);
    };
    let dist = distance(rc);
    const approachMax = APPROACH_SWAPS_PER_CARD * n;
    for (let step = 0; dist > 0 && step < approachMax; step++) {
      const i = randomInt(rng, d);
      const j = d + randomInt(rng, n - d);
      const next = rc - (this.tags[order[i] as number] as number) + (this.tags[order[j] as number] as number);
      const nd = next === rc ? dist : distance(next);
      if (nd <= dist) {
        const t = order[i] as number;
        order[i] = order[j] as number;
        order[j] = t;
        rc = next;
        dist = nd;
      }
    }
    if (dist > 0) return null;
    const mixSwaps = MIX_SWAPS_PER_CARD * n;
    for (let step = 0; step < mixSwaps && d < n; step++) {
      const i = randomInt(rng, d);
      const j = d + randomInt(rng, n - d);
      const next = rc - (this.tags[order[i] as number] as number) + (this.tags[order[j] as number] as number);
      if (next !== rc && !inBin(next)) continue;
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
      rc = next;
    }
    return this.result(order, d, rc);
  }

  private result(order: Int32Array, depth: number, rc: number): SampledShoe {
    const composition = new Int32Array(11);
    for (let k = depth; k < this.total; k++) {
      const v = this.values[order[k] as number] as number;
      composition[v] = (composition[v] as number) + 1;
    }
    const cardsLeft = this.total - depth;
    if (cardsLeft < MIN_CARDS_LEFT && depth > 0) throw new Error(`sampled shoe has ${cardsLeft} cards left`);
    return { composition, seenTagsScaled: rc, cardsLeft };
  }
}
