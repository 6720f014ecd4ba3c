// The chart as a flat lookup table for hot loops (the simulator, the chart EV):
// Uint8Array indexed by tableIndex(total, soft, up, canDouble, canSplit, canSurrender) with the
// numeric actions of codes.ts (S=1, H=2, D=3, P=4, R=5), up 1 = ace.
// With canSplit = 1 the hand is the pair with that total (hard 2p, or soft 12 for aces).
import { resolveCode, TABLE_SIZE, TABLE_STAND, tableIndex, upcardKey, type Chart, type ChartCode, type ChartRow } from './codes.ts';

export interface ChartTableOptions {
  /** Doubling after splits is allowed: decides what Ph means (default true). */
  doubleAfterSplit?: boolean;
  /** Soft 12 (an unsplittable A,A) row; 'H' everywhere when absent. */
  soft12?: ChartRow;
}

export function chartToTable(chart: Chart, options: ChartTableOptions = {}): Uint8Array {
  const das = options.doubleAfterSplit ?? true;
  const table = new Uint8Array(TABLE_SIZE);
  for (let total = 0; total <= 21; total++) {
    for (let soft = 0; soft <= 1; soft++) {
      for (let up = 1; up <= 10; up++) {
        const key = upcardKey(up);
        const totalCode = rowCode(chart, options.soft12, total, soft === 1, key);
        const pair = soft === 1 ? (total === 12 ? 'A' : null) : total >= 4 && total <= 20 && total % 2 === 0 ? String(total / 2) : null;
        const pairCode = pair ? chart.pairs[pair]?.[key] : undefined;
        for (let dd = 0; dd <= 1; dd++) {
          for (let sp = 0; sp <= 1; sp++) {
            for (let sr = 0; sr <= 1; sr++) {
              const code = sp === 1 && pairCode ? pairCode : totalCode;
              const action = total >= 21 ? TABLE_STAND : resolveCode(code, dd === 1, sp === 1 && pairCode !== undefined, sr === 1, das);
              table[tableIndex(total, soft, up, dd, sp, sr)] = action;
            }
          }
        }
      }
    }
  }
  return table;
}

function rowCode(chart: Chart, soft12: ChartRow | undefined, total: number, soft: boolean, key: ChartRow extends Record<infer K, ChartCode> ? K : never): ChartCode {
  if (soft && total === 12) return soft12?.[key] ?? 'H';
  const rows = soft && total >= 13 ? chart.soft : chart.hard;
  const row = rows[String(total)];
  if (row) return row[key];
  return total >= 17 ? 'S' : 'H';
}
