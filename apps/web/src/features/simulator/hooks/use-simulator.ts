import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SimResult } from '@card-counter/engine';
import type { MeResponse, SimRun, SimSettings } from '@card-counter/shared';
import { ME_QUERY_KEY, TRANSACTIONS_QUERY_KEY } from '@/shared/lib/query-keys.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { listRuns, type SimAccount } from '../api/sim-api.ts';
import { keepSimRamp } from '@/shared/table-settings/sim-ramps.ts';
import { defaultSettings, MY_GAME_MIN_DECISIONS } from '../model/settings.ts';
import { useMyGame } from './use-my-game.ts';
import { useSimRunner, type MyGamePart } from './use-sim-runner.ts';

// The simulator screen's state (components/simulator-page.tsx draws it): the settings, the run
// (charged to the player's credits), the run shown (the last one, or one opened from the
// history), the two picked to compare, and "simulate my game".

export interface ShownRun {
  runId: string;
  settings: SimSettings;
  result: SimResult;
  mine: SimResult | null;
  /** Each source of the player's errors alone (this session's runs only; the history keeps none). */
  parts?: MyGamePart[];
}

export function useSimulator() {
  const user = useUserState();
  const setGuestCredits = useSessionStore((s) => s.setGuestCredits);
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<SimSettings>(defaultSettings);
  const [opened, setOpened] = useState<ShownRun | null>(null);
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

  const shown: ShownRun | null = state.status === 'done' && opened === null ? { runId: state.runId, settings: state.settings, result: state.result, mine: state.mine, parts: state.parts } : opened;

  // A charge's balance reaches the header and the ledger; the history gains the run.
  const onCharged = (balance: number) => {
    if (account && !account.isGuest) {
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) => (me ? { ...me, credits: balance, balance } : me));
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
    }
    void queryClient.invalidateQueries({ queryKey: historyKey });
  };

  const run = () => {
    if (!account) return;
    setOpened(null);
    // The table's bet ramp setting offers the last simulated ramp.
    keepSimRamp('ramp', settings.spread);
    void runner
      .start({ settings, account, player: myGameOn && myGameReady ? est.model : null, onCharged })
      .then(() => queryClient.invalidateQueries({ queryKey: historyKey }));
  };

  const openRun = (r: SimRun) => {
    if (!r.result) return;
    setOpened({ runId: r.runId, settings: r.settings, result: r.result as unknown as SimResult, mine: (r.mine as unknown as SimResult | null) ?? null });
  };
  const toggleCompare = (id: string) => setCompare((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id].slice(-2)));
  const comparing = compare.length === 2 ? (compare.map((id) => runs.find((r) => r.runId === id)).filter(Boolean) as SimRun[]) : [];

  return { account, onCharged, settings, setSettings, runner, state, busy: state.status === 'charging' || state.status === 'running', run, shown, history, runs, openRun, compare, toggleCompare, closeCompare: () => setCompare([]), comparing, myGame, myGameOn, setMyGameOn };
}
