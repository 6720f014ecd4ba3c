// What each index of a full set is worth (issue 37 item 4; docs/decisions/0053-deviation-drill-
// weights.md): the expected gain per round of making the index play instead of the play it
// replaces, at the counts where the set says to, in units of the initial bet. It is the
// count-quality code's linear model (coach/count-quality.ts, Griffin ch. 4-6) applied to the
// set's own numbers rather than to the best-versus-runner-up margin:
//
//  - For a two-card hand h against upcard u, the margin D = EV(play) - EV(versus) of the full
//    shoe (m0) and its effects of removal e_v (11 exact analyses: the full shoe, less one card of
//    each value). With k cards seen of N (n left) whose tags sum to S, the shoe's composition
//    moves D by (N / n) * beta * (S - k * tbar), beta = cov(e, tag) / var(tag) over a deck's
//    cards: the regression of the margin on the count. For a balanced count read as a true count
//    x = 52 S / n this is m0 + beta * numDecks * x, the same at any depth.
//  - S at depth k is normal with mean k * tbar and variance k var(tag) (N - k) / (N - 1); the
//    player's count reads it in integer bins by their rounding (a running count for KO, Red 7).
//  - Worth is the gain over basic strategy = sum over the hand's two-card forms of P(h, u) *
//    mean over depths (every DEPTH_STEP-th card seen up to the shuffle point, as count-quality
//    averages them) of the sum over the bins where the set departs from the full shoe's best
//    play (past the index when `versus` is the basic play, short of it when `play` is) of
//    P(bin) * the departure's margin at the bin's centre. A play whose index
//    sits where the count never goes is worth ~0; a misplaced (edited) index can be worth less
//    than 0: the play then loses money where it is made.
//  - Insurance: half a unit bet, offered on an ace up (P = 1/13), EV 3 T / (n - 1) - 1 per unit.
//
// Not modelled: the deck-estimation resolution (the divisor is the exact decks left), hands of
// three or more cards (only two-card forms are drilled), and a pair's hard-total reading.
import { CARDS_PER_DECK } from '../cards.ts';
import { fullShoe } from '../analysis/composition.ts';
import { OPTIONS, readShoe, type HandRead } from './count-quality.ts';
import type { UpcardAnalysis } from '../analysis/upcard-analysis.ts';
import { initialRunningCount } from '../counting/running-count.ts';
import type { CountingSystem } from '../counting/systems.ts';
import type { TrueCountRounding } from '../counting/true-count.ts';
import type { Rules } from '../rules.ts';
import type { FullIndexSet, IndexSetPlay } from '../indices/full-set.ts';

/** Depths are sampled every this many cards seen (the worth moves by well under 1% against every card). */
const DEPTH_STEP = 4;
/** Count bins summed: beyond +-COUNT_BIN_MAX a shoe's count has negligible probability (and the sets stop at +-10). */
const COUNT_BIN_MAX = 30;

/** The 11 reads the worths rest on, for one rule set (a few seconds for six decks: keep it per rule set). */
export interface WorthBasis {
  numDecks: number;
  cardsSeenMax: number;
  /** reads[0] the full shoe, reads[v] the full shoe less one card of value v: [upcard][c1 * 11 + c2]. */
  reads: (HandRead | undefined)[][][];
}

export function worthBasis(rules: Rules): WorthBasis {
  const reads: (HandRead | undefined)[][][] = [];
  for (let v = 0; v <= 10; v++) {
    const shoe = fullShoe(rules.numDecks);
    if (v > 0) shoe[v] = (shoe[v] as number) - 1;
    const analyses: UpcardAnalysis[] = [];
    reads.push(readShoe(rules, shoe, analyses));
  }
  const total = rules.numDecks * CARDS_PER_DECK;
  return { numDecks: rules.numDecks, cardsSeenMax: Math.min(total - 1, Math.floor(total * (1 - rules.shufflePoint))), reads };
}

export interface IndexWorths {
  /** Per play of the set, in its order: expected gain per round, units of the initial bet. */
  plays: number[];
  /** Insurance's, or null when the set has none. */
  insurance: number | null;
}

const perDeck = (v: number): number => (v === 10 ? 16 : 4);

/** A value's tag in count points, a red seven's bonus spread over all sevens (half are red). */
function meanTag(sys: Pick<CountingSystem, 'tags' | 'scale' | 'redSevenBonus'>, v: number): number {
  return ((sys.tags[v] ?? 0) + (v === 7 ? sys.redSevenBonus / 2 : 0)) / sys.scale;
}

/** The two-card forms (values, low first) of a chart hand: "16" hard non-pairs, "A7" soft, "88" a pair. */
export function twoCardForms(hand: string): [number, number][] {
  const pair = /^([2-9TA])\1$/.exec(hand);
  if (pair) {
    const v = pair[1] === 'A' ? 1 : pair[1] === 'T' ? 10 : Number(pair[1]);
    return [[v, v]];
  }
  const soft = /^A([2-9])$/.exec(hand);
  if (soft) return [[1, Number(soft[1])]];
  const total = Number(hand);
  if (!Number.isInteger(total) || total < 5 || total > 19) throw new RangeError(`not a chart hand: ${hand}`);
  const forms: [number, number][] = [];
  for (let c1 = 2; c1 <= 10; c1++) for (let c2 = c1 + 1; c2 <= 10; c2++) if (c1 + c2 === total) forms.push([c1, c2]);
  return forms;
}

/** Standard normal CDF (Abramowitz & Stegun 7.1.26, error below 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** The continuous counts a player reads as bin c: [lo, hi) and the bin's centre. */
function binEdges(c: number, rounding: TrueCountRounding): { lo: number; hi: number; mid: number } {
  if (rounding === 'floor') return { lo: c, hi: c + 1, mid: c + 0.5 };
  if (rounding === 'truncate') return c === 0 ? { lo: -1, hi: 1, mid: 0 } : c > 0 ? { lo: c, hi: c + 1, mid: c + 0.5 } : { lo: c - 1, hi: c, mid: c - 0.5 };
  return { lo: c - 0.5, hi: c + 0.5, mid: c };
}

interface Depth {
  /** Mean and deviation of the player's count (true count, or running count) at this depth. */
  mean: number;
  sd: number;
  /** D's change per unit of the count's deviation from its mean, over beta. */
  scale: number;
}

/** The count's distribution at each sampled depth, and how a unit of it moves a margin. */
function depthsOf(basis: WorthBasis, sys: CountingSystem, tagMean: number, tagVar: number): Depth[] {
  const total = basis.numDecks * CARDS_PER_DECK;
  const depths: Depth[] = [];
  for (let k = DEPTH_STEP; k <= basis.cardsSeenMax; k += DEPTH_STEP) {
    const n = total - k;
    const sdS = Math.sqrt((k * tagVar * (total - k)) / (total - 1));
    // A margin moves by (N / n) beta (S - k tbar); a true count x = 52 S / n, a running count x = IRC + S.
    if (sys.balanced) depths.push({ mean: 0, sd: (sdS * CARDS_PER_DECK) / n, scale: basis.numDecks });
    else depths.push({ mean: initialRunningCount(sys, basis.numDecks) + k * tagMean, sd: sdS, scale: total / n });
  }
  if (depths.length === 0) throw new RangeError('a shoe with no depth before its shuffle point');
  return depths;
}

/** sum over bins on the play's side of P(bin) * (m0 + beta * scale * (centre - mean)), averaged over depths. */
function gainOverCounts(depths: readonly Depth[], rounding: TrueCountRounding, m0: number, beta: number, holds: (c: number) => boolean): number {
  let sum = 0;
  for (const d of depths) {
    if (d.sd === 0) continue;
    const centre = Math.round(d.mean);
    for (let c = centre - COUNT_BIN_MAX; c <= centre + COUNT_BIN_MAX; c++) {
      if (!holds(c)) continue;
      const { lo, hi, mid } = binEdges(c, rounding);
      const p = normalCdf((hi - d.mean) / d.sd) - normalCdf((lo - d.mean) / d.sd);
      sum += p * (m0 + beta * d.scale * (mid - d.mean));
    }
  }
  return sum / depths.length;
}

const holdsFor = (p: Pick<IndexSetPlay, 'index' | 'direction'>) => (c: number) => (p.direction === 'at-or-above' ? c >= p.index : c <= p.index);

/** The regression slope of effects by value on the tags, over a deck's cards. */
function slopeOn(tags: readonly number[], effects: readonly number[]): number {
  let mt = 0;
  let me = 0;
  for (let v = 1; v <= 10; v++) {
    mt += (perDeck(v) * (tags[v] as number)) / CARDS_PER_DECK;
    me += (perDeck(v) * (effects[v] as number)) / CARDS_PER_DECK;
  }
  let cov = 0;
  let vt = 0;
  for (let v = 1; v <= 10; v++) {
    cov += (perDeck(v) * ((tags[v] as number) - mt) * ((effects[v] as number) - me)) / CARDS_PER_DECK;
    vt += (perDeck(v) * ((tags[v] as number) - mt) ** 2) / CARDS_PER_DECK;
  }
  return vt > 0 ? cov / vt : 0;
}

const UP_VALUE: Record<string, number> = { A: 1, '10': 10 };

function playWorth(basis: WorthBasis, depths: readonly Depth[], tags: readonly number[], rounding: TrueCountRounding, p: IndexSetPlay): number {
  const up = UP_VALUE[p.up] ?? Number(p.up);
  const a = OPTIONS.indexOf(p.play);
  const b = OPTIONS.indexOf(p.versus);
  let worth = 0;
  for (const [c1, c2] of twoCardForms(p.hand)) {
    const margin = (r: HandRead | undefined): number => (r ? (r.evs[a] as number) - (r.evs[b] as number) : Number.NaN);
    const read = basis.reads[0]?.[up]?.[c1 * 11 + c2];
    const m0 = margin(read);
    // Not a decision here (a natural), or a play the rules do not offer: never made, worth nothing.
    if (read === undefined || !Number.isFinite(m0)) continue;
    const eor = [0];
    for (let v = 1; v <= 10; v++) eor.push(margin(basis.reads[v]?.[up]?.[c1 * 11 + c2]) - m0);
    if (!eor.every(Number.isFinite)) continue;
    // The gain over basic strategy: where the play is the full shoe's best, the index's worth is
    // the versus play made on the other side of it (13 v 3: hit below -2), else the play past it.
    const holds = holdsFor(p);
    worth +=
      read.probability *
      (m0 >= 0
        ? gainOverCounts(depths, rounding, -m0, -slopeOn(tags, eor), (c) => !holds(c))
        : gainOverCounts(depths, rounding, m0, slopeOn(tags, eor), holds));
  }
  return worth;
}

export function indexWorths(basis: WorthBasis, sys: CountingSystem, rounding: TrueCountRounding, set: FullIndexSet): IndexWorths {
  const tags = [0];
  for (let v = 1; v <= 10; v++) tags.push(meanTag(sys, v));
  let tagMean = 0;
  for (let v = 1; v <= 10; v++) tagMean += (perDeck(v) * (tags[v] as number)) / CARDS_PER_DECK;
  let tagVar = 0;
  for (let v = 1; v <= 10; v++) tagVar += (perDeck(v) * ((tags[v] as number) - tagMean) ** 2) / CARDS_PER_DECK;
  const depths = depthsOf(basis, sys, tagMean, tagVar);
  const plays = set.plays.map((p) => playWorth(basis, depths, tags, rounding, p));
  let insurance: number | null = null;
  if (set.insurance !== null) {
    // Half a unit at 3 T / (n - 1) - 1 with the dealer's ace out; effects of removal by value.
    const n = basis.numDecks * CARDS_PER_DECK - 1;
    const tens = 16 * basis.numDecks;
    const m0 = (3 * tens) / n - 1;
    const eor = [0];
    for (let v = 1; v <= 10; v++) eor.push((3 * (v === 10 ? tens - 1 : tens)) / (n - 1) - 1 - m0);
    const pAceUp = 1 / 13;
    insurance = pAceUp * 0.5 * gainOverCounts(depths, rounding, m0, slopeOn(tags, eor), holdsFor({ index: set.insurance, direction: 'at-or-above' }));
  }
  for (const w of plays) if (!Number.isFinite(w)) throw new Error('an index worth must be finite');
  return { plays, insurance };
}
