// The run's per-true-count table: how often each count came, the advantage there, its EV with
// its error and the average bet; for a signed-in player, beside them, their own result at that
// count from the graded record (decision record 0060), with its standard error and rounds.
import { useState } from 'react';
import type { SimResult } from '@card-counter/engine';
import { resultWithError, type RecordByTrueCount } from '@/shared/record/by-true-count.ts';
import { fmtInt, fmtNum, fmtPct, fmtPlainPct, fmtUnits } from '../model/format-sim.ts';

/** Counts holding fewer rounds than this share are listed only on request (their EV is noise). */
const RARE_SHARE = 0.0005;

export function TrueCountTable({ result, record }: { result: SimResult; record?: RecordByTrueCount | undefined }) {
  const [all, setAll] = useState(false);
  const rows = result.perTrueCount.filter((r) => r.rounds > 0 && (all || r.frequency >= RARE_SHARE));
  const hidden = result.perTrueCount.filter((r) => r.rounds > 0).length - rows.length;
  const mine = new Map((record?.rows ?? []).map((r) => [r.trueCount, r]));
  return (
    <details className="rounded-xl bg-slate-900/70 ring-1 ring-slate-800" open>
      <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-slate-200">Per true count</summary>
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pb-1">
        {record ? <YourRecordNote record={record} /> : <span />}
        <button type="button" onClick={() => setAll((a) => !a)} className="text-xs font-semibold text-emerald-300 hover:text-emerald-200">
          {all ? 'Hide rare counts' : `Show all counts${hidden > 0 ? ` (${hidden} rare)` : ''}`}
        </button>
      </div>
      <div className="max-h-96 overflow-auto px-2 pb-3">
        <table className="w-full text-right text-xs tabular-nums" data-testid="sim-tc-table">
          <thead className="sticky top-0 bg-slate-900 text-slate-400">
            <tr>
              <th scope="col" className="px-2 py-1.5 text-left">TC</th>
              <th scope="col" className="px-2 py-1.5">Frequency</th>
              <th scope="col" className="px-2 py-1.5">Advantage</th>
              <th scope="col" className="hidden px-2 py-1.5 sm:table-cell">EV / round</th>
              <th scope="col" className="hidden px-2 py-1.5 sm:table-cell">± SE</th>
              <th scope="col" className="px-2 py-1.5">Avg bet</th>
              {record && <th scope="col" className="px-2 py-1.5 text-pink-300">Your result ± SE</th>}
              {record && <th scope="col" className="hidden px-2 py-1.5 text-pink-300 sm:table-cell">Your rounds</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const you = mine.get(r.tc);
              return (
                <tr key={r.tc} className="border-t border-slate-800 text-slate-200">
                  <th scope="row" className="px-2 py-1 text-left font-semibold">{`${r.tc > 0 ? '+' : ''}${r.tc}`}</th>
                  <td className="px-2 py-1">{fmtPlainPct(r.frequency, 2)}</td>
                  <td className={`px-2 py-1 ${r.evPerUnitBet > 0 ? 'text-emerald-300' : 'text-rose-300'}`}>{fmtPct(r.evPerUnitBet)}</td>
                  <td className="hidden px-2 py-1 sm:table-cell">{fmtUnits(r.ev, 4)}</td>
                  <td className="hidden px-2 py-1 sm:table-cell">{fmtNum(r.evStdErr, 4)}</td>
                  <td className="px-2 py-1">{fmtNum(r.avgBet)}</td>
                  {record && (
                    <td className="px-2 py-1 text-pink-200" data-testid={`sim-tc-yours-${r.tc}`}>
                      {you ? resultWithError(you) : '—'}
                    </td>
                  )}
                  {record && <td className="hidden px-2 py-1 text-pink-200 sm:table-cell">{you ? fmtInt(you.rounds) : '0'}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Where "your result" comes from, and what it leaves out. */
function YourRecordNote({ record }: { record: RecordByTrueCount }) {
  return (
    <p className="text-xs text-pink-200/90" data-testid="sim-tc-record-note">
      Yours: {fmtInt(record.rounds)} table round{record.rounds === 1 ? '' : 's'} at these rules and count, net per unit bet
      {record.withheld ? ' (the test-mode shoe in play waits for its count check)' : ''}.
    </p>
  );
}
