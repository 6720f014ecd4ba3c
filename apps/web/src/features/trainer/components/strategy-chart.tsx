import { UPCARD_KEYS, type Chart } from '@card-counter/engine';
import { heatClass, type CellTally } from '../model/cell-accuracy.ts';
import { CODE_WORDS, chartCodeOf, codeClass, type CellCode } from '../model/chart-cells.ts';
import { HARD_ROWS, PAIR_ROWS, SOFT_ROWS, cellKey, rowLabel, type CellKind } from '../model/strategy-items.ts';

// The rules' basic strategy chart (hard, soft, pairs; surrender where the rules offer it), each
// cell coloured by its play or, in the accuracy view, by how often the player gets it right.

export type ChartView = 'plays' | 'accuracy';

const SECTIONS: [string, CellKind, readonly number[]][] = [
  ['Hard totals', 'hard', HARD_ROWS],
  ['Soft totals', 'soft', SOFT_ROWS],
  ['Pairs', 'pair', PAIR_ROWS],
];

function cellTitle(name: string, code: CellCode, tally: CellTally | undefined): string {
  const play = `${name}: ${CODE_WORDS[code]}`;
  if (!tally) return `${play}. Not answered yet.`;
  const where = [tally.drill > 0 ? `${tally.drill} in drills` : '', tally.table > 0 ? `${tally.table} at the table` : ''].filter(Boolean).join(', ');
  return `${play}. ${tally.right} of ${tally.answers} right (${where}).`;
}

export function StrategyChart({ chart, view, accuracy }: { chart: Chart; view: ChartView; accuracy: ReadonlyMap<string, CellTally> }) {
  return (
    <div className="sc-grid grid items-start gap-4 lg:grid-cols-3">
      {SECTIONS.map(([title, kind, rows]) => (
        <table key={kind} className="sc-table w-full table-fixed border-separate border-spacing-0.5 text-center text-[0.7rem] sm:text-xs">
          <caption className="pb-1 text-left text-sm font-semibold text-slate-200">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="w-10">
                <span className="sr-only">Your hand against the dealer's card</span>
              </th>
              {UPCARD_KEYS.map((u) => (
                <th key={u} scope="col" className="font-medium text-slate-300">
                  {u}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((total) => (
              <tr key={total}>
                <th scope="row" className="pr-1 text-right font-medium text-slate-300">
                  {rowLabel(kind, total)}
                </th>
                {UPCARD_KEYS.map((up) => {
                  const cell = { kind, total, up };
                  const code = chartCodeOf(chart, cell);
                  const tally = accuracy.get(cellKey(cell));
                  const heat = tally ? heatClass(tally.right / tally.answers) : 'bg-slate-800 text-slate-300';
                  const title = cellTitle(`${rowLabel(kind, total)} v ${up}`, code, tally);
                  return (
                    <td key={up} title={title} aria-label={title} className={`sc-cell h-6 rounded-sm font-semibold ${view === 'plays' ? codeClass(code) : heat}`}>
                      {code}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** What the codes mean, coloured as in the chart. */
export function ChartLegend({ codes }: { codes: readonly CellCode[] }) {
  return (
    <ul aria-label="What the codes mean" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-300">
      {codes.map((c) => (
        <li key={c} className="flex items-center gap-1">
          <span className={`sc-cell inline-block min-w-[1.75rem] rounded-sm px-1 text-center font-semibold ${codeClass(c)}`}>{c}</span>
          {CODE_WORDS[c]}
        </li>
      ))}
    </ul>
  );
}

/** The heat map's key: red through green, and grey for a cell not answered yet. */
export function AccuracyLegend() {
  const steps: [string, number][] = [
    ['95%+', 0.95],
    ['85%+', 0.85],
    ['70%+', 0.7],
    ['50%+', 0.5],
    ['below 50%', 0],
  ];
  return (
    <ul aria-label="Accuracy colours" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-300">
      {steps.map(([label, acc]) => (
        <li key={label} className="flex items-center gap-1">
          <span aria-hidden="true" className={`sc-cell inline-block h-3 w-5 rounded-sm ${heatClass(acc)}`} />
          {label}
        </li>
      ))}
      <li className="flex items-center gap-1">
        <span aria-hidden="true" className="sc-cell inline-block h-3 w-5 rounded-sm bg-slate-800 ring-1 ring-slate-600" />
        not answered yet
      </li>
    </ul>
  );
}
