import { countingSystemOf, type Chart } from '@card-counter/engine';
import { useState } from 'react';
import { playsAtServerTable, type TableSettings } from '@/shared/table-settings/table-settings.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { useStrategy } from '@/shared/strategy/use-basic-strategy.ts';
import { Button } from '@/shared/ui/button.tsx';
import { WithTableSettings } from './with-table-settings.tsx';
import { useCellAccuracy } from '../hooks/use-cell-accuracy.ts';
import { useDrillPlayer } from '../hooks/use-trainer.ts';
import { chartCodeOf, type CellCode } from '../model/chart-cells.ts';
import { allCells } from '../model/strategy-items.ts';
import { IndexSetPanel } from './index-set-panel.tsx';
import { AccuracyLegend, ChartLegend, StrategyChart, type ChartView } from './strategy-chart.tsx';
import { rulesLine } from './trainer-page.tsx';
import './charts.css';

// `/?mode=charts`: what a counter studies away from the table, for the rules and count of their
// own table: the basic strategy chart (with their accuracy per cell as a heat map) and the full
// index set of their count (index-set-panel.tsx), printable (charts.css).

export function ChartsPage() {
  return <WithTableSettings>{(settings) => <Charts settings={settings} />}</WithTableSettings>;
}

const CODE_ORDER: readonly CellCode[] = ['H', 'S', 'Dh', 'Ds', 'P', 'Rh', 'Rs', 'Rp'];

/** The codes this chart uses, in legend order. */
function codesIn(chart: Chart): CellCode[] {
  const used = new Set(allCells().map((c) => chartCodeOf(chart, c)));
  return CODE_ORDER.filter((c) => used.has(c));
}

function Charts({ settings }: { settings: TableSettings }) {
  const { rules, counting } = settings;
  const player = useDrillPlayer();
  const strategy = useStrategy(rules);
  const accuracy = useCellAccuracy(player);
  const signedIn = playsAtServerTable(useUserState());
  const [view, setView] = useState<ChartView>('plays');
  const setup = `${rulesLine(rules)} · ${countingSystemOf(counting).name}`;
  return (
    <div className="study-charts mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div>
          <h1 className="text-2xl font-bold">Charts</h1>
          <p className="text-sm text-slate-300">
            {setup} <span className="print:hidden">· set at the table</span>
          </p>
        </div>
        <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
          Print
        </Button>
      </div>

      <section aria-labelledby="study-chart-heading" className="study-panel rounded-xl bg-slate-900/80 p-3 ring-1 ring-slate-800 sm:p-4">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id="study-chart-heading" className="font-semibold">
            Basic strategy {view === 'accuracy' ? <span className="font-normal text-slate-300">· your accuracy per cell</span> : null}
          </h2>
          <ViewSwitch view={view} onChange={setView} />
        </div>
        {strategy ? (
          <StrategyChart chart={strategy.chart} view={view} accuracy={accuracy.cells} />
        ) : (
          <p role="status" className="py-8 text-center text-sm text-slate-300">
            Working out the chart for your rules…
          </p>
        )}
        <div className="mt-3 flex flex-col gap-1">
          {view === 'plays' ? strategy ? <ChartLegend codes={codesIn(strategy.chart)} /> : null : <AccuracyLegend />}
          {view === 'accuracy' ? <AccuracyNote state={accuracy} /> : null}
        </div>
      </section>

      <IndexSetPanel rules={rules} counting={counting} strategy={strategy?.chart ?? null} signedIn={signedIn} />
    </div>
  );
}

function ViewSwitch({ view, onChange }: { view: ChartView; onChange: (v: ChartView) => void }) {
  const options: [ChartView, string][] = [
    ['plays', 'Plays'],
    ['accuracy', 'My accuracy'],
  ];
  return (
    <div role="group" aria-label="Colour the cells by" className="flex rounded-full bg-slate-950 p-0.5 ring-1 ring-slate-700 print:hidden">
      {options.map(([id, label]) => (
        <button
          key={id}
          type="button"
          aria-pressed={view === id}
          onClick={() => onChange(id)}
          className={`rounded-full px-3 py-1 text-xs font-semibold ${view === id ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:text-white'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function AccuracyNote({ state }: { state: ReturnType<typeof useCellAccuracy> }) {
  if (state.loading) return <p className="text-xs text-slate-300">Reading your answers…</p>;
  const failed = state.failed ? ' Some of your answers could not be read: the map shows the rest.' : '';
  if (state.drillAnswers + state.tableDecisions === 0) {
    return <p className="text-xs text-slate-300">No answers yet: play at the table or drill basic strategy and each cell fills in.{failed}</p>;
  }
  return (
    <p className="text-xs text-slate-300">
      From {state.drillAnswers} drill answers and {state.tableDecisions} decisions at the table (the newest). Hover or focus a cell for its count.{failed}
    </p>
  );
}
