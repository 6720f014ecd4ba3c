import { UPCARD_KEYS } from '@card-counter/engine';
import type { DrillItemStat } from '@card-counter/shared';
import { heatClass } from '../model/cell-accuracy.ts';
import { HARD_ROWS, PAIR_ROWS, SOFT_ROWS, cellKey, rowLabel, type CellKind } from '../model/strategy-items.ts';

// The basic strategy chart as a heat map of the player's accuracy per cell (drill answers).

export function StrategyHeatMap({ items }: { items: readonly DrillItemStat[] }) {
  const byKey = new Map(items.map((i) => [i.item, i]));
  const sections: [string, CellKind, readonly number[]][] = [
    ['Hard', 'hard', HARD_ROWS],
    ['Soft', 'soft', SOFT_ROWS],
    ['Pairs', 'pair', PAIR_ROWS],
  ];
  return (
    <div className="grid items-start gap-4 lg:grid-cols-3">
      {sections.map(([title, kind, rows]) => (
        <table key={kind} className="w-full table-fixed border-separate border-spacing-0.5 text-center text-[0.65rem] sm:text-xs">
          <caption className="pb-1 text-left text-sm font-semibold text-slate-200">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="w-9 text-slate-400">
                <span className="sr-only">Hand</span>
              </th>
              {UPCARD_KEYS.map((u) => (
                <th key={u} scope="col" className="font-medium text-slate-400">
                  {u}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((total) => (
              <tr key={total}>
                <th scope="row" className="pr-1 text-right font-medium text-slate-400">
                  {rowLabel(kind, total)}
                </th>
                {UPCARD_KEYS.map((up) => {
                  const stat = byKey.get(cellKey({ kind, total, up }));
                  const acc = stat ? stat.correct / stat.answers : null;
                  const name = `${rowLabel(kind, total)} v ${up}`;
                  return (
                    <td
                      key={up}
                      title={stat ? `${name}: ${stat.correct} of ${stat.answers} right` : `${name}: not drilled yet`}
                      aria-label={stat ? `${name}: ${Math.round((acc as number) * 100)}% of ${stat.answers}` : `${name}: not drilled`}
                      className={`h-5 rounded-sm tabular-nums ${acc === null ? 'bg-slate-800/70 text-transparent' : heatClass(acc)}`}
                    >
                      {acc === null ? '' : Math.round(acc * 100)}
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
