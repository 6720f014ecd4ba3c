// The total-dependent basic strategy chart for a set of rules, derived from the exact values
// of all two-card hands against each upcard:
//  - a hard/soft cell aggregates the non-pair two-card hands with that total, each weighted by
//    its probability given the upcard (e.g. hard 16 = 10,6 + 9,7; 8,8 is in the pair rows);
//    hard 4, hard 20 and soft 12 exist only as pairs, so they use the pair's non-split values;
//  - a pair cell compares splitting with the other options of that very pair;
//  - the cell code is the best option, and for double/surrender the fallback is the best of
//    the options that remain when it is not allowed (hit/stand, plus split for a pair);
//  - Ph ("split if DAS else hit") marks a split that is best only because of DAS.
// The same chart is then used for hands of three or more cards (as printed charts are).
import { evenMoneyOffered, type Rules } from '../rules.ts';
import { ACE } from './composition.ts';
import { UPCARD_KEYS, upcardKey, type Chart, type ChartCode, type ChartRow } from './codes.ts';
import type { TwoCardValues, UpcardAnalysis } from './upcard-analysis.ts';

/** A natural's EV: blackjackPays unless the dealer has one too; even money (1) when offered and worth more. */
export function naturalEv(rules: Rules, upcard: number, noBj: number): number {
  const declined = rules.blackjackPays * noBj;
  return evenMoneyOffered(rules, upcard) ? Math.max(1, declined) : declined;
}

/** Options of a cell, summed over its hands (U-values weighted by hand probability). */
export interface CellValues extends TwoCardValues {
  /** Split value if doubling after splitting were not allowed (for Ph), when the split is the best option; NaN otherwise. */
  splitNoDas: number;
}

function emptyCell(): CellValues {
  return { stand: 0, hit: 0, double: 0, split: NaN, surrender: 0, splitNoDas: NaN };
}

function addInto(cell: CellValues, v: TwoCardValues, weight: number): void {
  cell.stand += weight * v.stand;
  cell.hit += weight * v.hit;
  cell.double += weight * v.double;
  cell.surrender += weight * v.surrender;
}

/** Best of the given options (NaN = unavailable); '' if none. */
function argMax(options: readonly [string, number][]): string {
  let best = '';
  let bestValue = -Infinity;
  for (const [name, value] of options) {
    if (!Number.isNaN(value) && value > bestValue) {
      best = name;
      bestValue = value;
    }
  }
  return best;
}

/** The best option of a cell ('' if none). */
function bestOption(cell: CellValues): string {
  return argMax([
    ['S', cell.stand],
    ['H', cell.hit],
    ['D', cell.double],
    ['R', cell.surrender],
    ['P', cell.split],
  ]);
}

/** The chart code of a cell from its option values (splitNoDas is read only when the split is best). */
export function cellCode(cell: CellValues): ChartCode {
  const best = bestOption(cell);
  const plain = argMax([
    ['S', cell.stand],
    ['H', cell.hit],
  ]);
  switch (best) {
    case 'D':
      return plain === 'S' ? 'Ds' : 'Dh';
    case 'R': {
      const second = argMax([
        ['S', cell.stand],
        ['H', cell.hit],
        ['P', cell.split],
      ]);
      return second === 'P' ? 'Rp' : second === 'S' ? 'Rs' : 'Rh';
    }
    case 'P': {
      if (Number.isNaN(cell.splitNoDas)) return 'P';
      const withoutDas = argMax([
        ['S', cell.stand],
        ['H', cell.hit],
        ['D', cell.double],
        ['R', cell.surrender],
        ['P', cell.splitNoDas],
      ]);
      return withoutDas === 'H' ? 'Ph' : 'P';
    }
    case 'S':
      return 'S';
    default:
      return 'H';
  }
}

/** Cells of every row for one upcard, from the analysis of every two-card hand. */
export interface UpcardCells {
  hard: Map<number, CellValues>;
  soft: Map<number, CellValues>;
  pairs: Map<number, CellValues>;
  /**
   * EV given this upcard when every two-card hand takes its own best option (composition-
   * dependent for the first decision, optimal play after hitting or splitting): the figure
   * published combinatorial analysers call the composition-dependent expected return.
   */
  optimalEv: number;
}

export function upcardCells(rules: Rules, analysis: UpcardAnalysis): UpcardCells {
  const cells: UpcardCells = { hard: new Map(), soft: new Map(), pairs: new Map(), optimalEv: 0 };
  for (let a = 1; a <= 10; a++) {
    for (let b = a; b <= 10; b++) {
      analysis.setRemoved([]);
      const pa = analysis.cardProbability(a);
      analysis.setRemoved([a]);
      const weight = pa * analysis.cardProbability(b) * (a === b ? 1 : 2);
      analysis.setRemoved([a, b]);
      const noBj = analysis.noBlackjack();
      analysis.setRemoved([]);
      if (weight === 0) continue;
      if (a === ACE && b === 10) {
        cells.optimalEv += weight * naturalEv(rules, analysis.upcard, noBj); // natural: no decision but even money
        continue;
      }
      const v = analysis.twoCardValues(a, b);
      const best = Math.max(...[v.stand, v.hit, v.double, v.split, v.surrender].filter((x) => !Number.isNaN(x)));
      cells.optimalEv += weight * (best - (1 - noBj));
      if (a === b) {
        const cell: CellValues = { ...v, splitNoDas: NaN };
        // The split without DAS only tells P from Ph, so only a cell whose best option is the
        // split (cellCode's test) needs it: a split analysis saved for every other pair.
        if (rules.doubleAfterSplit && rules.maxSplits > 0 && !(a === ACE && !rules.hitSplitAces) && bestOption(cell) === 'P') {
          cell.splitNoDas = analysis.splitValue(a, 'optimal', false);
        }
        cells.pairs.set(a, cell);
        continue;
      }
      const hard = a + b;
      const soft = a === ACE && hard <= 11;
      const row = soft ? cells.soft : cells.hard;
      const total = soft ? hard + 10 : hard;
      let cell = row.get(total);
      if (!cell) {
        cell = emptyCell();
        row.set(total, cell);
      }
      addInto(cell, v, weight);
    }
  }
  return cells;
}

/** Non-split options of a pair, as a hard/soft cell (hard 4, hard 20, soft 12). */
function pairAsTotal(pair: CellValues | undefined): CellValues | undefined {
  return pair ? { ...pair, split: NaN, splitNoDas: NaN } : undefined;
}

/** Builds the chart from the cells of each upcard (index = upcard value 1..10). */
export function buildChart(cellsByUpcard: readonly (UpcardCells | undefined)[]): Chart & { softPairTotal: ChartRow } {
  const chart = { hard: {}, soft: {}, pairs: {}, softPairTotal: {} } as Chart & { softPairTotal: ChartRow };
  const rowOf = (pick: (cells: UpcardCells) => CellValues | undefined, fallback: ChartCode): ChartRow => {
    const row = {} as ChartRow;
    for (const key of UPCARD_KEYS) {
      const up = key === 'A' ? 1 : Number(key);
      const cells = cellsByUpcard[up];
      const cell = cells ? pick(cells) : undefined;
      row[upcardKey(up)] = cell ? cellCode(cell) : fallback;
    }
    return row;
  };
  for (let t = 4; t <= 21; t++) {
    chart.hard[String(t)] = rowOf((c) => c.hard.get(t) ?? (t % 2 === 0 ? pairAsTotal(c.pairs.get(t / 2)) : undefined), t >= 17 ? 'S' : 'H');
  }
  for (let t = 13; t <= 21; t++) chart.soft[String(t)] = rowOf((c) => c.soft.get(t), t >= 19 ? 'S' : 'H');
  for (let p = 2; p <= 11; p++) {
    const card = p === 11 ? ACE : p;
    chart.pairs[p === 11 ? 'A' : String(p)] = rowOf((c) => c.pairs.get(card), 'H');
  }
  chart.softPairTotal = rowOf((c) => pairAsTotal(c.pairs.get(ACE)), 'H');
  return chart;
}
