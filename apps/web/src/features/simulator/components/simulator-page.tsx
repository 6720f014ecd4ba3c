// /simulator: the form on the left, the run and its results on the right (stacked on phones),
// the optimal ramp, "simulate my game" and the history below the results. The state is
// hooks/use-simulator.ts.
import { CREDIT_COST_SIMULATOR_RUN, type SimRun } from '@card-counter/shared';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { useSimulator } from '../hooks/use-simulator.ts';
import type { RunState } from '../hooks/use-sim-runner.ts';
import { defaultThreads } from '../model/settings.ts';
import { useState } from 'react';
import { CompareView } from './compare-view.tsx';
import { GridPanel } from './grid-panel.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { MyGamePanel } from './my-game-panel.tsx';
import { OptimalRampPanel } from './optimal-ramp-panel.tsx';
import { ResultsView } from './results-view.tsx';
import { RunProgress } from './run-progress.tsx';
import { SettingsForm } from './settings-form.tsx';
import { UseMyTable } from './use-my-table.tsx';

export function SimulatorPage() {
  const sim = useSimulator();
  const { settings } = sim;
  const [tab, setTab] = useState<'run' | 'compare'>('run');
  return (
    <div className="mx-auto max-w-7xl">
      <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-50">Simulator</h1>
          <p className="mt-1 text-sm text-slate-400">
            Billions of rounds of your exact game, on {defaultThreads()} core{defaultThreads() > 1 ? 's' : ''} of this device. {CREDIT_COST_SIMULATOR_RUN} credits per run.
          </p>
        </div>
      </header>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <div className="min-w-0">
          <MyGamePanel estimate={sim.myGame.data} loading={sim.myGame.isLoading} error={sim.myGame.error ? errorMessage(sim.myGame.error) : null} enabled={sim.myGameOn} onToggle={sim.setMyGameOn} />
          <div className="mt-4">
            <UseMyTable settings={settings} onChange={sim.setSettings} />
          </div>
          <div className="mt-4">
            <SettingsForm settings={settings} onChange={sim.setSettings} onRun={sim.run} busy={sim.busy} threadsMax={defaultThreads()} />
          </div>
        </div>
        <div className="min-w-0 space-y-5">
          <Tabs tab={tab} onTab={setTab} />
          <div role="tabpanel" id="sim-panel-compare" aria-labelledby="sim-tab-compare" hidden={tab !== 'compare'}>
            <GridPanel settings={settings} account={sim.account} onCharged={sim.onCharged} />
          </div>
          <div role="tabpanel" id="sim-panel-run" aria-labelledby="sim-tab-run" hidden={tab !== 'run'} className="space-y-5">
            <RunTab sim={sim} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Run (one run, its results, the history) and Compare (a grid of runs). */
function Tabs({ tab, onTab }: { tab: 'run' | 'compare'; onTab: (t: 'run' | 'compare') => void }) {
  return (
    <div role="tablist" aria-label="Simulator views" className="flex gap-1 rounded-lg bg-slate-900/70 p-1 ring-1 ring-slate-800">
      {(['run', 'compare'] as const).map((t) => (
        <button key={t} type="button" role="tab" id={`sim-tab-${t}`} aria-selected={tab === t} aria-controls={`sim-panel-${t}`} onClick={() => onTab(t)} className={`flex-1 rounded-md px-3 py-1.5 text-sm font-semibold ${tab === t ? 'bg-emerald-500/20 text-emerald-100' : 'text-slate-300 hover:bg-slate-800'}`}>
          {t === 'run' ? 'Run' : 'Compare'}
        </button>
      ))}
    </div>
  );
}

/** The Run tab: the run under way, its results and optimal ramp, the history. */
function RunTab({ sim }: { sim: ReturnType<typeof useSimulator> }) {
  const { state, shown, settings } = sim;
  return (
    <>
          <RunStatus state={state} onCancel={sim.runner.cancel} />
          {sim.comparing.length === 2 && <CompareView a={sim.comparing[0] as SimRun} b={sim.comparing[1] as SimRun} onClose={sim.closeCompare} />}
          {shown ? (
            <>
              <ResultsView settings={shown.settings} result={shown.result} mine={shown.mine} parts={shown.parts ?? []} estimate={sim.myGame.data} signedIn={sim.account !== null && !sim.account.isGuest} />
              <OptimalRampPanel
                key={shown.runId}
                result={shown.result}
                bankroll_units={shown.settings.bankroll_units}
                onApply={(spread, bankroll_units) => sim.setSettings({ ...shown.settings, spread, bankroll_units, threads: settings.threads })}
              />
            </>
          ) : (
            !sim.busy && state.status !== 'error' && <EmptyState />
          )}
          <HistoryPanel
            runs={sim.runs}
            loading={sim.history.isLoading}
            error={sim.history.error ? errorMessage(sim.history.error) : null}
            openId={shown?.runId ?? null}
            compare={sim.compare}
            onOpen={sim.openRun}
            onToggleCompare={sim.toggleCompare}
          />
    </>
  );
}

/** The run under way: starting, its progress (with Cancel), cancelled, or why it failed. */
function RunStatus({ state, onCancel }: { state: RunState; onCancel: () => void }) {
  return (
    <>
      {state.status === 'charging' && <p className="rounded-xl bg-slate-900/70 p-4 text-sm text-slate-300 ring-1 ring-slate-800">Starting the run…</p>}
      {state.status === 'running' && <RunProgress progress={state.progress} onCancel={onCancel} />}
      {state.status === 'cancelled' && (
        <p role="status" className="rounded-xl bg-slate-900/70 p-4 text-sm text-slate-300 ring-1 ring-slate-800">
          Run cancelled. The workers are free for the next one.
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="rounded-xl bg-rose-950/60 p-4 text-sm text-rose-200 ring-1 ring-rose-800">
          {state.message}
        </p>
      )}
    </>
  );
}

function EmptyState() {
  return (
    <section className="rounded-xl bg-gradient-to-br from-slate-900 to-slate-900/40 p-6 ring-1 ring-slate-800">
      <h2 className="text-lg font-semibold text-slate-100">Your game, played millions of times</h2>
      <ul className="mt-3 space-y-1.5 text-sm text-slate-300">
        <li>• EV per round and per 100 rounds with its standard error, SD, DI, SCORE and N0</li>
        <li>• Risk of ruin for your bankroll, in closed form and from simulated trips</li>
        <li>• The advantage at every true count, and the optimal ramp for the risk you choose</li>
        <li>• The same seed gives the same numbers as the command line, bit for bit</li>
      </ul>
    </section>
  );
}
