// Two runs side by side: their inputs and every headline number, with the difference.
import type { SimResult } from '@card-counter/engine';
import type { SimRun } from '@card-counter/shared';
import { fmtInt, fmtNum, fmtPct, fmtPlainPct, fmtUnits, settingsLine } from '../model/format-sim.ts';

type Row = [label: string, get: (r: SimResult) => number | null, show: (x: number) => string];
const ROWS: Row[] = [
  ['EV / 100 rounds (u)', (r) => r.evPer100, (x) => fmtUnits(x, 2)],
  ['EV / round (u)', (r) => r.ev, (x) => fmtUnits(x, 4)],
  ['Advantage', (r) => r.evPerUnitBet, (x) => fmtPct(x)],
  ['Average bet (u)', (r) => r.avgBet, (x) => fmtNum(x)],
  ['SD / round (u)', (r) => r.sd, (x) => fmtNum(x)],
  ['DI', (r) => r.di, (x) => fmtNum(x)],
  ['SCORE', (r) => r.score, (x) => fmtNum(x)],
  ['N0 (rounds)', (r) => r.n0, (x) => fmtInt(x)],
  ['Risk of ruin', (r) => r.riskOfRuin?.closedForm ?? null, (x) => fmtPlainPct(x, 2)],
  ['Rounds', (r) => r.rounds, (x) => fmtInt(x)],
];

export function CompareView({ a, b, onClose }: { a: SimRun; b: SimRun; onClose: () => void }) {
  const ra = a.result as unknown as SimResult;
  const rb = b.result as unknown as SimResult;
  return (
    <section aria-label="Compare runs" className="rounded-xl bg-slate-900/70 p-4 ring-1 ring-pink-400/30">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-100">Compare runs</h2>
        <button type="button" onClick={onClose} className="rounded-md px-2 py-1 text-xs font-semibold text-slate-300 hover:bg-slate-800">
          Close
        </button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[20rem] text-right text-xs tabular-nums">
          <thead>
            <tr className="text-slate-400">
              <th scope="col" className="px-2 py-1 text-left">
                <span className="sr-only">Number</span>
              </th>
              <th scope="col" className="px-2 py-1 font-normal">
                <span className="block font-semibold text-slate-200">A</span>
                <span className="block max-w-[14rem] truncate sm:max-w-none sm:whitespace-normal">{settingsLine(a.settings)}</span>
              </th>
              <th scope="col" className="px-2 py-1 font-normal">
                <span className="block font-semibold text-slate-200">B</span>
                <span className="block max-w-[14rem] truncate sm:max-w-none sm:whitespace-normal">{settingsLine(b.settings)}</span>
              </th>
              <th scope="col" className="px-2 py-1">B − A</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([label, get, show]) => {
              const x = get(ra);
              const y = get(rb);
              return (
                <tr key={label} className="border-t border-slate-800 text-slate-200">
                  <th scope="row" className="px-2 py-1 text-left font-medium text-slate-300">{label}</th>
                  <td className="px-2 py-1">{x === null ? '—' : show(x)}</td>
                  <td className="px-2 py-1">{y === null ? '—' : show(y)}</td>
                  <td className="px-2 py-1 text-slate-400">{x === null || y === null ? '—' : show(y - x)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
