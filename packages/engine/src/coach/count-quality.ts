// What a counting system is worth for a rule set: its betting correlation (BC), playing
// efficiency (PE) and insurance correlation (IC), from the rules' own exact effects of removal
// (Griffin, "The Theory of Blackjack", 6th ed. 1999, ch. 4-6: the linear model of a shoe's
// expectation in the cards removed from it).
//
// The effects of removal (EORs) are computed once per rule set (`countBasis`, a few seconds for
// one deck: keep it per rule set, off the main thread in a browser); a system's three figures
// from them are a few hundred multiplications (`countQuality`), for any tags.
//
//  - BC: the correlation, over the cards of a deck, of the tags with the EORs of the rules'
//    basic strategy expectation (the chart of the full shoe played on the shoe less one card,
//    advantage.ts's removal effects).
//  - IC: the correlation of the tags with the EORs of the insurance bet's expectation (the
//    shoe less the dealer's ace). Insurance depends on the tens alone, so these EORs take two
//    values and the figure is exact whatever the rules.
//  - PE, Griffin's method: for each strategy decision d (a two-card hand against an upcard, the
//    full shoe's best play against its runner-up), the margin m_d <= 0 of the runner-up and the
//    EORs e_d of that margin. With k cards gone from a shoe of N (n = N - k left), the linear
//    model makes the margin roughly normal with mean m_d and deviation
//    s_d = sd(e_d) * sqrt((N - 1) k / n) (sd over the N cards). Knowing the composition, a
//    player gains E[max(0, margin)] = s_d * G(-m_d / s_d), G the unit normal loss integral
//    (G(z) = phi(z) - z (1 - Phi(z))); a count whose tags correlate rho_d with e_d estimates the
//    margin by regression, with deviation |rho_d| s_d, and gains |rho_d| s_d G(-m_d / (|rho_d| s_d)).
//    PE = sum over decisions and depths of f_d * gain with the count / the same sum with the
//    perfect count (rho_d = 1), f_d the decision's probability off the top (times P(no dealer
//    blackjack) when the dealer peeks). Depths: every number of cards seen from 0 to the shuffle
//    point, equally weighted (a round is as likely at any depth of a shoe).
//    Decisions are the first decision of every two-card hand (hit, stand, double, split, and
//    surrender when the rules allow it); insurance is IC's, not PE's. PE is this ratio of gains,
//    not an average of the correlations (that would give Hi-Lo about 0.68, not its 0.51).
// A Red 7 seven is half red (tag + bonus), half black: the count as it is played. (Published
// Red 7 figures count every seven as +0.5, which reads about 0.01 higher.)
//
// Against the published one-deck figures (test/count-quality.test.ts) BC and IC agree within
// 0.01 and PE within 0.035: the publications do not state their depths and decision set, and
// PE moves by that much between reasonable choices of either (measured when this was built:
// adding the decisions after a first hit lowered every count's PE by 0.02-0.03; one depth from
// 13 to 45 cards seen instead of the average moved Hi-Lo's by 0.05 end to end).
import { CARDS_PER_DECK } from '../cards.ts';
import { fullShoe } from '../analysis/composition.ts';
import { chartEv, computeStrategy } from '../analysis/strategy.ts';
import { UpcardAnalysis, type TwoCardValues } from '../analysis/upcard-analysis.ts';
import type { CountingSystem } from '../counting/systems.ts';
import type { Rules } from '../rules.ts';

/** One strategy decision's effects of removal. */
export interface DecisionEffects {
  /** The two-card hand (values, low first) and the dealer's upcard. */
  hand: readonly [number, number];
  upcard: number;
  /** Its probability off the top (times P(no dealer blackjack) when the dealer peeks). */
  frequency: number;
  /** EV of the runner-up minus EV of the best play, full shoe (<= 0), per unit bet. */
  margin: number;
  /** Index 1..10 (0 unused): change of the margin when one card of that value leaves the shoe. */
  eor: number[];
}

/** What the three figures rest on for one rule set. */
export interface CountBasis {
  numDecks: number;
  /** Cards seen before the shuffle, at most (the depths PE averages over). */
  cardsSeenMax: number;
  /** Index 1..10: change of basic strategy's EV when one card of that value leaves the shoe. */
  betting: number[];
  /** Index 1..10: change of the insurance bet's EV (dealer's ace out) when one card of that value leaves. */
  insurance: number[];
  decisions: DecisionEffects[];
}

/** A system's three figures, each in -1..1 (PE in 0..1), rounded to 3 decimals. */
export interface CountQuality {
  bc: number;
  pe: number;
  ic: number;
}

export const OPTIONS = ['stand', 'hit', 'double', 'split', 'surrender'] as const;

/** EVs of a hand's options (NaN = not allowed), per unit bet, from its U-values. */
function optionEvs(values: TwoCardValues, noBj: number, peeks: boolean): number[] {
  return OPTIONS.map((o) => (peeks ? values[o] / noBj : values[o]));
}

export interface HandRead {
  evs: number[];
  probability: number;
}

/** Every two-card hand's option EVs against every upcard, from one shoe. */
export function readShoe(rules: Rules, shoe: Int32Array, analyses: UpcardAnalysis[]): (HandRead | undefined)[][] {
  const byUpcard: (HandRead | undefined)[][] = [];
  const n = shoe.reduce((a, b) => a + b, 0);
  for (let up = 1; up <= 10; up++) {
    const reads: (HandRead | undefined)[] = [];
    byUpcard[up] = reads;
    const a = new UpcardAnalysis(rules, shoe, up);
    analyses[up] = a;
    const pUp = (shoe[up] as number) / n;
    for (let c1 = 1; c1 <= 10; c1++) {
      for (let c2 = c1; c2 <= 10; c2++) {
        if (c1 === 1 && c2 === 10) continue; // a natural: no decision
        a.setRemoved([]);
        const p1 = a.cardProbability(c1);
        a.setRemoved([c1]);
        const p = pUp * p1 * a.cardProbability(c2) * (c1 === c2 ? 1 : 2);
        a.setRemoved([c1, c2]);
        const noBj = a.noBlackjack();
        a.setRemoved([]);
        if (p === 0) continue;
        const evs = optionEvs(a.twoCardValues(c1, c2), noBj, rules.dealerPeeks);
        reads[c1 * 11 + c2] = { evs, probability: rules.dealerPeeks ? p * noBj : p };
      }
    }
  }
  return byUpcard;
}

/** The best and second-best options (indexes into OPTIONS) of a hand's EVs. */
function topTwo(evs: readonly number[]): [number, number] | null {
  let best = -1;
  let second = -1;
  evs.forEach((ev, i) => {
    if (Number.isNaN(ev)) return;
    if (best < 0 || ev > (evs[best] as number)) {
      second = best;
      best = i;
    } else if (second < 0 || ev > (evs[second] as number)) second = i;
  });
  return second < 0 ? null : [best, second];
}

/**
 * The effects of removal of a rule set: 11 exact analyses of every two-card hand (the full
 * shoe, then less one card of each value) and 11 of the basic strategy's expectation.
 */
export function countBasis(rules: Rules): CountBasis {
  const full = fullShoe(rules.numDecks);
  const total = rules.numDecks * CARDS_PER_DECK;
  const { table, ev } = computeStrategy(rules, full);
  const reads = [readShoe(rules, full, [])];
  const betting = [0];
  const insurance = [0];
  const insuranceEv = (shoe: Int32Array): number => {
    const n = shoe.reduce((a, b) => a + b, 0) - 1; // the dealer's ace is out
    return (3 * (shoe[10] as number)) / n - 1;
  };
  for (let v = 1; v <= 10; v++) {
    const less = fullShoe(rules.numDecks);
    less[v] = (less[v] as number) - 1;
    const analyses: UpcardAnalysis[] = [];
    reads.push(readShoe(rules, less, analyses));
    betting.push(chartEv(rules, less, table, analyses) - ev);
    insurance.push(insuranceEv(less) - insuranceEv(full));
  }
  const decisions: DecisionEffects[] = [];
  const base = reads[0] as (HandRead | undefined)[][];
  for (let up = 1; up <= 10; up++) {
    for (let c1 = 1; c1 <= 10; c1++) {
      for (let c2 = c1; c2 <= 10; c2++) {
        const read = base[up]?.[c1 * 11 + c2];
        if (!read) continue;
        const pair = topTwo(read.evs);
        if (!pair) continue;
        const marginOf = (r: HandRead | undefined): number => (r?.evs[pair[1]] as number) - (r?.evs[pair[0]] as number);
        const margin = marginOf(read);
        const eor = [0];
        for (let v = 1; v <= 10; v++) eor.push(marginOf(reads[v]?.[up]?.[c1 * 11 + c2]) - margin);
        decisions.push({ hand: [c1, c2], upcard: up, frequency: read.probability, margin, eor });
      }
    }
  }
  const cardsSeenMax = Math.min(total - 1, Math.floor(total * (1 - rules.shufflePoint)));
  return { numDecks: rules.numDecks, cardsSeenMax, betting, insurance, decisions };
}

/** A system's tags in count points as (value, tag, share of that value's cards) triples. */
function tagPoints(sys: Pick<CountingSystem, 'tags' | 'scale' | 'redSevenBonus'>): { v: number; tag: number; weight: number }[] {
  const points: { v: number; tag: number; weight: number }[] = [];
  for (let v = 1; v <= 10; v++) {
    const perDeck = v === 10 ? 16 : 4;
    const t = (sys.tags[v] ?? 0) / sys.scale;
    if (v === 7 && sys.redSevenBonus !== 0) {
      points.push({ v, tag: t, weight: perDeck / 2 }, { v, tag: t + sys.redSevenBonus / sys.scale, weight: perDeck / 2 });
    } else points.push({ v, tag: t, weight: perDeck });
  }
  return points;
}

/** Correlation over the cards of a deck of tags with effects by value; 0 when either is flat. */
function correlation(points: readonly { v: number; tag: number; weight: number }[], effects: readonly number[]): number {
  let w = 0;
  let mt = 0;
  let me = 0;
  for (const p of points) {
    w += p.weight;
    mt += p.weight * p.tag;
    me += p.weight * (effects[p.v] as number);
  }
  mt /= w;
  me /= w;
  let cov = 0;
  let vt = 0;
  let ve = 0;
  for (const p of points) {
    const dt = p.tag - mt;
    const de = (effects[p.v] as number) - me;
    cov += p.weight * dt * de;
    vt += p.weight * dt * dt;
    ve += p.weight * de * de;
  }
  return vt > 0 && ve > 0 ? cov / Math.sqrt(vt * ve) : 0;
}

/** Standard deviation over the cards of a deck of effects by value. */
function spread(effects: readonly number[]): number {
  let m = 0;
  for (let v = 1; v <= 10; v++) m += ((v === 10 ? 16 : 4) * (effects[v] as number)) / CARDS_PER_DECK;
  let s = 0;
  for (let v = 1; v <= 10; v++) s += ((v === 10 ? 16 : 4) * ((effects[v] as number) - m) ** 2) / CARDS_PER_DECK;
  return Math.sqrt(s);
}

const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/** Standard normal CDF (Abramowitz & Stegun 7.1.26 on erf, error below 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** The unit normal loss integral E[max(0, Z - z)]. */
function normalLoss(z: number): number {
  return INV_SQRT_2PI * Math.exp(-z * z / 2) - z * (1 - normalCdf(z));
}

/** E[max(0, X)] for X normal with mean `mean` (<= 0) and deviation `sd`. */
function expectedGain(mean: number, sd: number): number {
  return sd > 0 ? sd * normalLoss(-mean / sd) : 0;
}

/** BC, PE and IC of a system (any tags: built-in or custom) for the basis' rules. */
export function countQuality(basis: CountBasis, sys: Pick<CountingSystem, 'tags' | 'scale' | 'redSevenBonus'>): CountQuality {
  const points = tagPoints(sys);
  const total = basis.numDecks * CARDS_PER_DECK;
  // sqrt((N - 1) k / n) at each depth k = cards seen (n = N - k left).
  const depthFactors: number[] = [];
  for (let k = 1; k <= basis.cardsSeenMax; k++) depthFactors.push(Math.sqrt(((total - 1) * k) / (total - k)));
  let withCount = 0;
  let perfect = 0;
  for (const d of basis.decisions) {
    const s = spread(d.eor);
    if (s === 0) continue;
    const rho = Math.abs(correlation(points, d.eor));
    for (const f of depthFactors) {
      withCount += d.frequency * expectedGain(d.margin, rho * s * f);
      perfect += d.frequency * expectedGain(d.margin, s * f);
    }
  }
  const round = (x: number): number => Math.round(x * 1000) / 1000 || 0;
  return {
    bc: round(correlation(points, basis.betting)),
    pe: round(perfect > 0 ? withCount / perfect : 0),
    ic: round(correlation(points, basis.insurance)),
  };
}

