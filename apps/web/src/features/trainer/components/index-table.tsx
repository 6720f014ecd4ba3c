import { indexRowHand, playWord } from '../model/chart-cells.ts';
import type { IndexChart, IndexChartRow } from '../model/index-chart.ts';
import { signed } from '../model/labels.ts';

// The player's index plays (the engine's indexChart): the source named once, each play with the
// number their coach and drills apply, and for Hi-Lo the number generated for their rules beside
// the published one where a table was generated for them.

function generatedCell(row: IndexChartRow): string {
  if (row.generated === undefined) return '–';
  if (row.generated === null) return 'none in ±10';
  return row.generatedAction ? `${signed(row.generated)} (${playWord(row.generatedAction).toLowerCase()})` : signed(row.generated);
}

export function IndexTable({ chart, insuranceOffered }: { chart: IndexChart; insuranceOffered: boolean }) {
  const countWord = chart.source.countKind === 'true' ? 'true count' : 'running count';
  const published = chart.kind === 'published';
  if (chart.kind === 'none') return <p className="text-sm text-amber-200">{chart.citation}</p>;
  return (
    <table className="ix-table w-full border-collapse text-left text-xs sm:text-sm">
      <caption className="pb-2 text-left text-xs text-slate-300">
        Make the first play at a {countWord} at or above the index, the second below it. {chart.citation}
        {insuranceOffered ? '' : ' Your table does not offer insurance.'}
      </caption>
      <thead>
        <tr className="border-b border-slate-700 text-slate-300">
          <th scope="col" className="py-1 pr-2 font-medium">
            Hand
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Play
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            {published ? 'Published' : 'Index'}
          </th>
          {chart.withGenerated ? (
            <th scope="col" className="py-1 text-right font-medium">
              Generated<span className="hidden sm:inline"> for your rules</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {chart.rows.map((row) => (
          <tr key={row.id} className="border-b border-slate-800/80">
            <th scope="row" className="whitespace-nowrap py-1 pr-2 font-semibold text-slate-100">
              {indexRowHand(row)}
            </th>
            <td className="whitespace-nowrap py-1 pr-2 text-slate-300">
              {playWord(row.action)}, else {playWord(row.otherwise).toLowerCase()}
            </td>
            <td className="py-1 pr-2 text-right font-semibold tabular-nums text-amber-200">{row.index === null ? '–' : signed(row.index)}</td>
            {chart.withGenerated ? <td className="py-1 text-right tabular-nums text-slate-300">{generatedCell(row)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
