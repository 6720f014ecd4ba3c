// Exact EVs of every action of the evaluated cells in one sampled shoe, binned by the count the
// player sees at the decision: the seen cards plus his two cards and the upcard. Each hand of a
// cell is weighted by the probability that this shoe deals it (so a cell mixes its hands as
// play does, e.g. 16 v 10 as 10,6 more often than 9,7 in a ten-rich shoe) and, with the peek,
// by P(no dealer blackjack): the EVs are conditioned on no blackjack, as the player deciding
// knows, and the weight restores how often that decision happens.
import type { Rules } from '../rules.ts';
import type { CountingSystem } from '../counting/systems.ts';
import type { TrueCountOptions } from '../counting/true-count.ts';
import { UpcardAnalysis } from '../analysis/upcard-analysis.ts';
import { BinSums } from './bin-stats.ts';
import { CELL_ACTIONS, type Cell } from './cells.ts';
import { countBin, type SampledShoe } from './sample-shoe.ts';

export interface CountSetup {
  readonly rules: Rules;
  readonly sys: CountingSystem;
  readonly tc: TrueCountOptions;
}

/** The possible scaled tags of a card value with their probabilities (a Red 7 seven is red or black). */
function tagChoices(sys: CountingSystem, v: number): [number, number][] {
  const t = sys.tags[v] ?? 0;
  return v === 7 && sys.redSevenBonus !== 0 ? [[t, 0.5], [t + sys.redSevenBonus, 0.5]] : [[t, 1]];
}

/** The count bins of the seen cards plus these cards, with their probabilities. */
function decisionBins(s: CountSetup, shoe: SampledShoe, cards: readonly number[]): [number, number][] {
  let choices: [number, number][] = [[0, 1]];
  for (const c of cards) {
    const next: [number, number][] = [];
    for (const [sum, p] of choices) for (const [t, q] of tagChoices(s.sys, c)) next.push([sum + t, p * q]);
    choices = next;
  }
  return choices.map(([sum, p]) => [countBin(s.sys, s.tc, shoe.seenTagsScaled + sum, shoe.cardsLeft - cards.length, s.rules.numDecks), p]);
}

/** P(the shoe deals upcard `up` and the two-card hand {x, y}), in any order. */
export function dealProbability(comp: ArrayLike<number>, x: number, y: number, up: number): number {
  let r = 0;
  for (let v = 1; v <= 10; v++) r += comp[v] as number;
  const nu = comp[up] as number;
  const nx = (comp[x] as number) - (x === up ? 1 : 0);
  const ny = (comp[y] as number) - (y === up ? 1 : 0) - (y === x ? 1 : 0);
  if (nu <= 0 || nx <= 0 || ny <= 0 || r < 3) return 0;
  return ((nu / r) * (x === y ? 1 : 2) * nx * ny) / ((r - 1) * (r - 2));
}

/** Per-cell sums, one BinSums of the five actions per cell, plus the insurance bet. */
export interface Sums {
  readonly cells: Map<string, BinSums>;
  readonly insurance: BinSums;
}

export function makeSums(cells: readonly Cell[], lo: number, width: number): Sums {
  return { cells: new Map(cells.map((c) => [c.key, new BinSums(lo, width, CELL_ACTIONS.length)])), insurance: new BinSums(lo, width, 1) };
}

/** One observation per (cell, bin): the hands of the cell that fell in the bin, combined. */
class Pending {
  private readonly byBin = new Map<number, { w: number; wx: Float64Array }>();
  constructor(private readonly k: number) {}
  add(bin: number, w: number, x: ArrayLike<number>): void {
    let e = this.byBin.get(bin);
    if (!e) this.byBin.set(bin, (e = { w: 0, wx: new Float64Array(this.k) }));
    e.w += w;
    for (let a = 0; a < this.k; a++) e.wx[a] = (e.wx[a] as number) + w * (x[a] as number);
  }
  flush(into: BinSums, weight: number): void {
    for (const [bin, e] of this.byBin) into.add(bin, weight * e.w, e.wx.map((v) => v / e.w));
    this.byBin.clear();
  }
}

/** EVs per action (CELL_ACTIONS order; NaN = not allowed) of hand {x, y} against the analysis's upcard. */
export function handActionEvs(rules: Rules, a: UpcardAnalysis, x: number, y: number): { evs: Float64Array; noBlackjack: number } {
  a.setRemoved([x, y]);
  const noBj = a.noBlackjack();
  const u = a.twoCardValues(x, y);
  const report = (v: number): number => (rules.dealerPeeks ? v / noBj : v - (1 - noBj));
  const evs = Float64Array.of(report(u.stand), report(u.hit), report(u.double), report(u.split), report(u.surrender));
  return { evs, noBlackjack: noBj };
}

/**
 * Adds one sampled shoe to the sums, weighted by `weight` (how often natural play is in the
 * shoe's sampling bin). Cells are grouped by upcard so each upcard's analysis (and its memo of
 * dealer outcomes and optimal play) is built once per shoe.
 */
export function addShoe(s: CountSetup, shoe: SampledShoe, cellsByUp: ReadonlyMap<number, readonly Cell[]>, sums: Sums, weight: number, insurance: boolean): void {
  const comp = shoe.composition;
  const peek = s.rules.dealerPeeks;
  for (const [up, cells] of cellsByUp) {
    if ((comp[up] as number) === 0) continue;
    const a = new UpcardAnalysis(s.rules, comp, up);
    for (const cell of cells) {
      const pending = new Pending(CELL_ACTIONS.length);
      for (const [x, y] of cell.hands) {
        const p = dealProbability(comp, x, y, up);
        if (p === 0) continue;
        const { evs, noBlackjack } = handActionEvs(s.rules, a, x, y);
        for (const [bin, q] of decisionBins(s, shoe, [x, y, up])) pending.add(bin, p * q * (peek ? noBlackjack : 1), evs);
      }
      pending.flush(sums.cells.get(cell.key) as BinSums, weight);
    }
  }
  if (insurance && (comp[1] as number) > 0) addInsurance(s, shoe, sums.insurance, weight);
}

/**
 * The insurance bet (half the bet, paying 2:1) against every two-card hand: its EV is
 * (3 p - 1) / 2 with p the chance the hole card is a ten once the hand and the ace are seen.
 */
function addInsurance(s: CountSetup, shoe: SampledShoe, into: BinSums, weight: number): void {
  const comp = shoe.composition;
  const pending = new Pending(1);
  const unseen = shoe.cardsLeft - 3;
  for (let x = 1; x <= 10; x++) {
    for (let y = x; y <= 10; y++) {
      const p = dealProbability(comp, x, y, 1);
      if (p === 0 || unseen <= 0) continue;
      const tens = (comp[10] as number) - (x === 10 ? 1 : 0) - (y === 10 ? 1 : 0);
      const ev = (3 * (tens / unseen) - 1) / 2;
      for (const [bin, q] of decisionBins(s, shoe, [x, y, 1])) pending.add(bin, p * q, [ev]);
    }
  }
  pending.flush(into, weight);
}
