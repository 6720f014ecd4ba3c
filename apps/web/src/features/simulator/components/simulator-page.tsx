// /simulator: the form on the left, the run and its results on the right (stacked on phones),
// the optimal ramp, "simulate my game" and the history below the results.
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SimResult } from '@card-counter/engine';
import { CREDIT_COST_SIMULATOR_RUN, type MeResponse, type SimRun, type SimSettings } from '@card-counter/shared';
import { ME_QUERY_KEY, TRANSACTIONS_QUERY_KEY } from '@/shared/lib/query-keys.ts';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { listRuns, type SimAccount } from '../api/sim-api.ts';
import { useMyGame } from '../hooks/use-my-game.ts';
import { useSimRunner } from '../hooks/use-sim-runner.ts';
import { defaultSettings, defaultThreads } from '../model/settings.ts';
import { CompareView } from './compare-view.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { MY_GAME_MIN_DECISIONS, MyGamePanel } from './my-game-panel.tsx';
import { OptimalRampPanel } from './optimal-ramp-panel.tsx';
import { ResultsView } from './results-view.tsx';
import { RunProgress } from './run-progress.tsx';
import { SettingsForm } from './settings-form.tsx';

interface Shown {
  runId: string;
  settings: SimSettings;
  result: SimResult;
  mine: SimResult | null;
}

export function SimulatorPage() {
  const user = useUserState();
  const setGuestCredits = useSessionStore((s) => s.setGuestCredits);
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<SimSettings>(defaultSettings);
  const [opened, setOpened] = useState<Shown | null>(null);
  const [compare, setCompare] = useState<string[]>([]);
  const [myGameOn, setMyGameOn] = useState(false);
  const runner = useSimRunner();
  const myGame = useMyGame(user ? { userId: user.userId, isGuest: user.isGuest } : null);
  const est = myGame.data;
  const myGameReady = est !== undefined && est.decisions.hard.seen + est.decisions.soft.seen + est.decisions.pair.seen >= MY_GAME_MIN_DECISIONS;
  const state = runner.state;

  const account: SimAccount | null = user ? { isGuest: user.isGuest, userId: user.userId, credits: user.credits, setGuestCredits } : null;
  const historyKey = ['simulator', 'runs', user?.userId ?? 'nobody'] as const;
  const history = useQuery({ queryKey: historyKey, queryFn: () => listRuns(account as SimAccount), enabled: account !== null });
  const runs = useMemo(() => history.data ?? [], [history.data]);

  const shown: Shown | null = state.status === 'done' && opened === null ? { runId: state.runId, settings: state.settings, result: state.result, mine: state.mine } : opened;
  const busy = state.status === 'charging' || state.status === 'running';

  const run = () => {
    if (!account) return;
    setOpened(null);
    void runner
      .start({
        settings,
        account,
        player: myGameOn && myGameReady ? est.model : null,
        onCharged: (balance) => {
          if (!account.isGuest) {
            queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) => (me ? { ...me, credits: balance, balance } : me));
            void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
          }
          void queryClient.invalidateQueries({ queryKey: historyKey });
        },
      })
      .then(() => queryClient.invalidateQueries({ queryKey: historyKey }));
  };

  const openRun = (r: SimRun) => {
    if (!r.result) return;
    setOpened({ runId: r.runId, settings: r.settings, result: r.result as unknown as SimResult, mine: (r.mine as unknown as SimResult | null) ?? null });
  };
  const comparing = compare.length === 2 ? (compare.map((id) => runs.find((r) => r.runId === id)).filter(Boolean) as SimRun[]) : [];

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
          <MyGamePanel estimate={est} loading={myGame.isLoading} error={myGame.error ? errorMessage(myGame.error) : null} enabled={myGameOn} onToggle={setMyGameOn} />
          <div className="mt-4">
            <SettingsForm settings={settings} onChange={setSettings} onRun={run} busy={busy} maxThreads={defaultThreads()} />
          </div>
        </div>
        <div className="min-w-0 space-y-5">
          {state.status === 'charging' && <p className="rounded-xl bg-slate-900/70 p-4 text-sm text-slate-300 ring-1 ring-slate-800">Starting the run…</p>}
          {state.status === 'running' && <RunProgress progress={state.progress} onCancel={runner.cancel} />}
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
          {comparing.length === 2 && <CompareView a={comparing[0] as SimRun} b={comparing[1] as SimRun} onClose={() => setCompare([])} />}
          {shown ? (
            <>
              <ResultsView settings={shown.settings} result={shown.result} mine={shown.mine} />
              <OptimalRampPanel
                key={shown.runId}
                result={shown.result}
                bankroll_units={shown.settings.bankroll_units}
                onApply={(spread, bankroll_units) => setSettings({ ...shown.settings, spread, bankroll_units, threads: settings.threads })}
              />
            </>
          ) : (
            !busy && state.status !== 'error' && <EmptyState />
          )}
          <HistoryPanel
            runs={runs}
            loading={history.isLoading}
            error={history.error ? errorMessage(history.error) : null}
            openId={shown?.runId ?? null}
            compare={compare}
            onOpen={openRun}
            onToggleCompare={(id) => setCompare((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id].slice(-2)))}
          />
        </div>
      </div>
    </div>
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
