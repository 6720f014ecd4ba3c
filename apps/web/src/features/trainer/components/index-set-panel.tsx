import { useMemo, useState } from 'react';
import { countingSystemOf, type Chart, type CountingOptions, type IndexSetPlay, type Rules } from '@card-counter/engine';
import { Button } from '@/shared/ui/button.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useIndexSetChart, type IndexSetChart } from '../hooks/use-index-set-chart.ts';
import { indexSetSections, isSurrenderPlay, thresholdText, type IndexSetCell } from '../model/index-set-chart.ts';
import { setCsv } from '../model/player-sets.ts';
import { InsuranceEditor, IndexCellEditor } from './index-cell-editor.tsx';
import { IndexSetCharts, IndexSetLegend } from './index-set-charts.tsx';
import { IndexSetControls } from './index-set-controls.tsx';
import { IndexSubsetList } from './index-set-subset.tsx';

// The Charts page's full index set (issue 37): the set for the player's count and rules as
// colour-coded charts, editable a cell at a time, kept as the player's named sets, exported as
// CSV and printed; while the server generates the set its progress, for a guest a sign-in
// (docs/decisions/0075).

/** Saves `text` as a file the browser downloads (the CSV is made here: a guest's or an unsaved set has no server copy). */
function download(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

const fileName = (counting: CountingOptions, rules: Rules): string =>
  `index-set-${counting.system}-${rules.numDecks}d-${rules.dealerStandsSoft17 ? 's17' : 'h17'}.csv`;

function Status({ chart, countName }: { chart: IndexSetChart; countName: string }) {
  const f = chart.fleet;
  if (f.status === 'loading') return <p role="status" className="py-4 text-sm text-slate-300">Reading the {countName} index set for your rules…</p>;
  if (f.status === 'sign-in') return <p className="py-4 text-sm text-amber-200">{f.message} Guests see the sets already generated: the common games of every built-in count.</p>;
  if (f.status === 'error')
    return (
      <div className="flex flex-col items-start gap-2 py-2">
        <FormError error={f.error} />
        <Button variant="secondary" onClick={f.retry}>
          Retry
        </Button>
      </div>
    );
  if (f.status === 'generating') {
    const pct = Math.round(f.progress * 100);
    return (
      <div className="flex flex-col gap-1 py-4 text-sm text-slate-300">
        <p role="status">{f.stalled ? `Still generating (${pct}%): come back later.` : `Generating the ${countName} index set for your rules (it takes a few minutes the first time): ${pct}%`}</p>
        <progress aria-label="Generating the index set" max={100} value={pct} className="h-2 w-full max-w-sm accent-emerald-400" />
      </div>
    );
  }
  return null;
}

type Editing = { kind: 'cell'; cell: IndexSetCell; surrender: boolean } | { kind: 'insurance' } | null;

function fullPlaysOf(chart: IndexSetChart, cell: Pick<IndexSetCell, 'hand' | 'up'>, surrender: boolean): IndexSetPlay[] {
  const full = chart.options.find((o) => o.kind === 'full')?.set.plays ?? [];
  return full.filter((p) => p.hand === cell.hand && p.up === cell.up && isSurrenderPlay(p) === surrender);
}

interface PanelProps {
  rules: Rules;
  counting: CountingOptions;
  strategy: Chart | null;
  signedIn: boolean;
}

function InsuranceLine({ insurance, offered, onEdit }: { insurance: number | null; offered: boolean; onEdit: () => void }) {
  const text = insurance === null ? 'never' : `insure at ${thresholdText({ index: insurance, direction: 'at-or-above' })}`;
  return (
    <p className="text-sm text-slate-200">
      Insurance:{' '}
      <button type="button" onClick={onEdit} aria-label={`Edit insurance: ${text}`} className="rounded px-1 font-semibold text-amber-200 underline decoration-dotted hover:text-amber-100">
        {text}
      </button>
      {offered ? null : <span className="text-slate-400"> (your table does not offer insurance)</span>}
    </p>
  );
}

function Editors({ chart, editing, countKind, onClose }: { chart: IndexSetChart; editing: Editing; countKind: 'true' | 'running'; onClose: () => void }) {
  if (editing?.kind === 'insurance' && chart.shown) return <InsuranceEditor insurance={chart.shown.insurance} onApply={chart.setInsurance} onClose={onClose} />;
  if (editing?.kind !== 'cell') return null;
  const { cell, surrender } = editing;
  return (
    <IndexCellEditor
      title={`Edit ${cell.hand} v ${cell.up}${surrender ? ' (surrender)' : ''}`}
      current={(chart.shown?.plays ?? []).filter((p) => p.hand === cell.hand && p.up === cell.up && isSurrenderPlay(p) === surrender)}
      full={fullPlaysOf(chart, cell, surrender)}
      countKind={countKind}
      onApply={(edits) => chart.edit(cell.hand, cell.up, edits)}
      onClose={onClose}
    />
  );
}

interface PanelProps {
  rules: Rules;
  counting: CountingOptions;
  strategy: Chart | null;
  signedIn: boolean;
}

export function IndexSetPanel({ rules, counting, strategy, signedIn }: PanelProps) {
  const chart = useIndexSetChart(rules, counting, signedIn);
  const [editing, setEditing] = useState<Editing>(null);
  const system = countingSystemOf(counting);
  const countKind = system.balanced ? 'true' : 'running';
  const sections = useMemo(() => (chart.shown && strategy ? indexSetSections(chart.shown, strategy) : []), [chart.shown, strategy]);
  const subsets = chart.fleet.status === 'ready' && chart.current?.kind !== 'subset' ? chart.fleet.set.subsets : [];
  return (
    <section aria-labelledby="study-index-heading" className="study-panel ixs-panel flex flex-col gap-3 rounded-xl bg-slate-900/80 p-3 ring-1 ring-slate-800 sm:p-4">
      <h2 id="study-index-heading" className="font-semibold">
        Index set: <span className="font-normal text-slate-200">{chart.current ? `${system.name}, ${chart.current.label}` : system.name}</span>
      </h2>
      {chart.mineFailed ? <FormError error={chart.mineFailed} /> : null}
      {chart.shown ? <IndexSetControls chart={chart} rules={rules} counting={counting} onExport={() => chart.shown && download(setCsv(chart.shown), fileName(counting, rules))} /> : null}
      <Status chart={chart} countName={system.name} />
      {chart.shown ? (
        <>
          <div className="ixs-body flex flex-col gap-4 xl:flex-row">
            <div className="min-w-0 flex-1">
              <IndexSetCharts
                sections={sections}
                countKind={countKind}
                editable={(c, surrender) => c.plays.length > 0 || fullPlaysOf(chart, c, surrender).length > 0}
                onEdit={(cell, surrender) => setEditing({ kind: 'cell', cell, surrender })}
              />
            </div>
            {subsets.map((s) => (
              <div key={s.name} className="ixs-aside xl:w-64">
                <IndexSubsetList subset={s} />
              </div>
            ))}
          </div>
          <InsuranceLine insurance={chart.shown.insurance} offered={rules.insuranceAllowed} onEdit={() => setEditing({ kind: 'insurance' })} />
          <IndexSetLegend countKind={countKind} />
        </>
      ) : null}
      <Editors chart={chart} editing={editing} countKind={countKind} onClose={() => setEditing(null)} />
    </section>
  );
}
