// "Use my table": fills every field the table has (rules, spots and other players, count and
// its convention, bet ramp, index plays and index set, insurance) from the player's own table, and says what
// could not be carried over.
import { useEffect, useRef, useState } from 'react';
import type { SimSettings } from '@card-counter/shared';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { useTableSettings } from '@/shared/table-settings/use-table-settings.ts';
import { settingsFromTable } from '../model/from-table.ts';
import { settingsLine } from '../model/format-sim.ts';
import { withTableIndexSet } from '../model/table-index-set.ts';
import { fetchTableIndexSet } from '../api/table-index-set.ts';

export function UseMyTable({ settings, onChange }: { settings: SimSettings; onChange: (s: SimSettings) => void }) {
  const table = useTableSettings();
  const [done, setDone] = useState<{ line: string; notes: string[] } | null>(null);
  const [reading, setReading] = useState(false);
  const latest = useRef(settings);
  useEffect(() => {
    latest.current = settings;
  }, [settings]);
  const use = async () => {
    if (table.status !== 'ready' || reading) return;
    setReading(true);
    // The index set is the server's; the rest of the table is filled once it has answered (or failed).
    const answer = await fetchTableIndexSet(table.settings);
    setReading(false);
    // The form as it is now: a field edited while the sets were being read is kept.
    const r = withTableIndexSet(settingsFromTable(table.settings, latest.current), answer);
    onChange(r.settings);
    setDone({ line: settingsLine(r.settings), notes: r.notes });
  };
  return (
    <section aria-label="Use my table" className="rounded-xl bg-slate-900/60 p-4 ring-1 ring-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-xs text-slate-400">Simulate the game you play: the table's rules, spots, other players, count, ramp and index plays.</p>
        <button type="button" onClick={() => void use()} disabled={table.status !== 'ready' || reading} className="rounded-lg bg-emerald-500/15 px-3 py-1.5 text-sm font-semibold text-emerald-200 ring-1 ring-emerald-400/40 hover:bg-emerald-500/25 disabled:opacity-40">
          {table.status === 'loading' || reading ? 'Reading your table…' : 'Use my table'}
        </button>
      </div>
      {table.status === 'error' && (
        <p role="alert" className="mt-2 text-xs text-rose-300">
          Your table could not be read ({errorMessage(table.error)}).
        </p>
      )}
      {done && (
        <div role="status" className="mt-2 text-xs text-slate-300">
          <p data-testid="sim-from-table">Filled from your table: {done.line}</p>
          {done.notes.map((n) => (
            <p key={n} className="mt-1 text-amber-200">
              {n}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
