import type { IndexSetBody } from '@card-counter/shared';
import { playWord } from '../model/chart-cells.ts';
import { thresholdText } from '../model/index-set-chart.ts';

// A named subset of the set shown beside its charts: Hi-Lo's published Illustrious 18 and Fab 4,
// the plays a counter learns first, as a list (hand v upcard, the play and its index).

export function IndexSubsetList({ subset }: { subset: IndexSetBody['subsets'][number] }) {
  return (
    <table aria-label={subset.name} className="ixs-subset w-full border-collapse text-left text-xs">
      <caption className="pb-1 text-left text-sm font-semibold text-slate-200">
        {subset.name} <span className="font-normal text-slate-300">({subset.source})</span>
      </caption>
      <thead>
        <tr className="border-b border-slate-700 text-slate-300">
          <th scope="col" className="py-0.5 pr-2 font-medium">
            Hand
          </th>
          <th scope="col" className="py-0.5 pr-2 font-medium">
            Play
          </th>
          <th scope="col" className="py-0.5 text-right font-medium">
            Index
          </th>
        </tr>
      </thead>
      <tbody>
        {subset.plays.map((p) => (
          <tr key={`${p.hand}v${p.up}${p.direction}`} className="border-b border-slate-800/80">
            <th scope="row" className="py-0.5 pr-2 font-semibold whitespace-nowrap text-slate-100">
              {p.hand} v {p.up}
            </th>
            <td className="py-0.5 pr-2 whitespace-nowrap text-slate-300">
              {playWord(p.play)}, else {playWord(p.versus).toLowerCase()}
            </td>
            <td className="py-0.5 text-right font-semibold whitespace-nowrap text-amber-200 tabular-nums">{thresholdText(p)}</td>
          </tr>
        ))}
        {subset.insurance !== null ? (
          <tr>
            <th scope="row" className="py-0.5 pr-2 font-semibold text-slate-100">
              Insurance
            </th>
            <td className="py-0.5 pr-2 text-slate-300">Insure, else decline</td>
            <td className="py-0.5 text-right font-semibold text-amber-200 tabular-nums">{thresholdText({ index: subset.insurance, direction: 'at-or-above' })}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
