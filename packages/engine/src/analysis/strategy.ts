// The basic strategy of a rule set and the exact expected value of playing it off the top of
// a shoe: every initial deal (player two cards, upcard) weighted by its exact probability,
// player blackjacks paid blackjackPays (a push against a dealer blackjack), dealer
// blackjacks taking the bet (only the original bet: see hand-values.ts), and every other
// hand played by the chart with exact composition-dependent probabilities.
import { canDoubleTotal, surrenderOffered, type Rules } from '../rules.ts';
import { ACE, cardCount, copyComposition, fullShoe, type Composition } from './composition.ts';
import { buildChart, naturalEv, upcardCells, type UpcardCells } from './chart.ts';
import { chartToTable } from './chart-table.ts';
import { TABLE_DOUBLE, TABLE_HIT, TABLE_SPLIT, TABLE_STAND, TABLE_SURRENDER, tableIndex, type Chart } from './codes.ts';
import { UpcardAnalysis, type AnalysisOptions } from './upcard-analysis.ts';

export interface StrategyResult {
  rules: Rules;
  /** Expected value per initial bet of playing the chart off the top of the shoe. */
  ev: number;
  /** EV when each initial hand takes its own best option (composition-dependent), see chart.ts. */
  optimalEv: number;
  chart: Chart;
  /** chartToTable(chart) with the soft 12 row of this analysis. */
  table: Uint8Array;
}

/** Computes the chart for the rules and its expected value (shoe: default a full shoe). */
export function computeStrategy(rules: Rules, shoe: Composition = fullShoe(rules.numDecks), options: AnalysisOptions = {}): StrategyResult {
  const comp = copyComposition(shoe);
  const analyses: (UpcardAnalysis | undefined)[] = [];
  const cells: (UpcardCells | undefined)[] = [];
  for (let up = 1; up <= 10; up++) {
    if ((comp[up] as number) === 0) continue;
    const a = new UpcardAnalysis(rules, comp, up, options);
    analyses[up] = a;
    cells[up] = upcardCells(rules, a);
  }
  const { softPairTotal, ...chart } = buildChart(cells);
  const table = chartToTable(chart, { doubleAfterSplit: rules.doubleAfterSplit, soft12: softPairTotal });
  const ev = chartEv(rules, comp, table, analyses, options);
  const n = cardCount(comp);
  const optimalEv = cells.reduce((sum, c, up) => sum + (c ? ((comp[up] as number) / n) * c.optimalEv : 0), 0);
  return { rules, ev, optimalEv, chart, table };
}

/**
 * Expected value of playing `table` from `shoe`. analyses may hold already-built upcard
 * analyses for this shoe (their dealer memo is reused).
 */
export function chartEv(
  rules: Rules,
  shoe: Composition,
  table: Uint8Array,
  analyses: readonly (UpcardAnalysis | undefined)[] = [],
  options: AnalysisOptions = {},
): number {
  const comp = copyComposition(shoe);
  const n = cardCount(comp);
  let ev = 0;
  let mass = 0;
  for (let up = 1; up <= 10; up++) {
    const nUp = comp[up] as number;
    if (nUp === 0) continue;
    const a = analyses[up] ?? new UpcardAnalysis(rules, comp, up, options);
    a.useChart(table);
    const pUp = nUp / n;
    for (let c1 = 1; c1 <= 10; c1++) {
      for (let c2 = c1; c2 <= 10; c2++) {
        a.setRemoved([]);
        const p1 = a.cardProbability(c1);
        if (p1 === 0) continue;
        a.setRemoved([c1]);
        const p = pUp * p1 * a.cardProbability(c2) * (c1 === c2 ? 1 : 2);
        if (p === 0) continue;
        mass += p;
        ev += p * initialHandEv(rules, a, c1, c2, table);
      }
    }
    a.setRemoved([]);
  }
  if (Math.abs(mass - 1) > 1e-9) throw new Error(`initial deals sum to ${mass}, not 1 (bug)`);
  return ev;
}

/** EV of one initial deal (c1, c2) against the analysis' upcard, played by the table. */
function initialHandEv(rules: Rules, a: UpcardAnalysis, c1: number, c2: number, table: Uint8Array): number {
  a.setRemoved([c1, c2]);
  const noBj = a.noBlackjack();
  const hard = c1 + c2;
  const ace = c1 === ACE || c2 === ACE;
  const soft = ace && hard <= 11;
  const total = soft ? hard + 10 : hard;
  if (total === 21) return naturalEv(rules, a.upcard, noBj); // natural; pushes a dealer blackjack
  const dd = canDoubleTotal(rules, total, false) ? 1 : 0;
  const sp = c1 === c2 && rules.maxSplits > 0 ? 1 : 0;
  const sr = surrenderOffered(rules, a.upcard) ? 1 : 0;
  const action = table[tableIndex(total, soft ? 1 : 0, a.upcard, dd, sp, sr)];
  let u: number;
  switch (action) {
    case TABLE_STAND:
      u = a.standValue(total);
      break;
    case TABLE_HIT:
      u = a.chartHitValue(hard, ace, 0);
      break;
    case TABLE_DOUBLE:
      u = a.doubleValue(hard, ace);
      break;
    case TABLE_SURRENDER:
      u = a.surrenderValue();
      break;
    case TABLE_SPLIT:
      u = a.splitValue(c1, 'chart', rules.doubleAfterSplit);
      break;
    default:
      throw new Error(`table has no action for ${total}/${soft} v ${a.upcard} (bug)`);
  }
  a.setRemoved([]);
  // A dealer blackjack takes the original bet (peek: before any play; no peek: the original
  // bet here, the extra double/split stakes inside u when noHoleCardLosses is 'all').
  return u - (1 - noBj);
}
