// One simulation at a time on the engine's Web Worker pool: plan (the engine refuses bad
// settings before anything is charged), charge (once per run id, retried safely), run with
// throttled progress, cancel. The pool is kept between runs (starting workers costs time) and
// closed when the screen goes away; a cancelled run leaves it ready for the next.
import { useCallback, useEffect, useRef, useState } from 'react';
import { buildPlan, errorSources, SimAbortedError, type ErrorSource, type PlayerModel, type SimPlan, type SimResult } from '@card-counter/engine';
import { webSimPool } from '@card-counter/engine/sim/web';
import type { SimResultJson, SimSettings } from '@card-counter/shared';
import { withRetry } from '@/shared/lib/retry.ts';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { chargeRun, saveResult, type SimAccount } from '../api/sim-api.ts';
import { planOptionsOf } from '../model/settings.ts';

export interface RunProgress {
  rounds_done: number;
  rounds_total: number;
  roundsPerSecond: number;
  timeLeft_s: number | null;
  /** Which of the run's simulations is playing (the perfect game, the player's own, then each of its errors alone). */
  phase: 'perfect' | 'mine' | 'parts';
}

export type RunState =
  | { status: 'idle' }
  | { status: 'charging' }
  | { status: 'running'; runId: string; progress: RunProgress }
  | { status: 'done'; runId: string; settings: SimSettings; result: SimResult; mine: SimResult | null; parts: MyGamePart[]; balance: number }
  | { status: 'cancelled' }
  | { status: 'error'; message: string };

/** One source of the player's errors simulated alone, what "Run my game too" breaks its cost into. */
export interface MyGamePart {
  source: ErrorSource;
  result: SimResult;
}

/** Progress reaches React at most this often (the workers report every chunk). */
const PROGRESS_EVERY_ms = 100;

type Pool = ReturnType<typeof webSimPool>;

export interface StartOptions {
  settings: SimSettings;
  account: SimAccount;
  /** The player's own game, run beside the perfect one with the same seed ("simulate my game"). */
  player?: PlayerModel | null;
  onCharged?: (balance: number) => void;
}

/**
 * Plays `plan` on the pool, reporting progress through `show` (the first chunk always shows, so
 * even a short run shows its progress; then at most every PROGRESS_EVERY_ms).
 */
function playPlan(pool: Pool, plan: SimPlan, settings: SimSettings, signal: AbortSignal, show: (progress: RunProgress) => void, phase: RunProgress['phase']): Promise<SimResult> {
  const t0 = performance.now();
  let last = 0;
  const report = (done: number): void => {
    const seconds = (performance.now() - t0) / 1000;
    const rps = seconds > 0 ? done / seconds : 0;
    show({ rounds_done: done, rounds_total: settings.rounds, roundsPerSecond: rps, timeLeft_s: rps > 0 ? Math.max(0, (settings.rounds - done) / rps) : null, phase });
  };
  report(0);
  return pool.run(plan, { seed: settings.seed, rounds: settings.rounds }, {
    signal,
    onProgress: ({ rounds_done }) => {
      const now = performance.now();
      if (last !== 0 && now - last < PROGRESS_EVERY_ms && rounds_done < settings.rounds) return;
      last = now;
      report(rounds_done);
    },
  });
}

/** The perfect game's plan and, with a player model, the player's own; the engine refuses bad settings here. */
function plansOf(settings: SimSettings, player: PlayerModel | null | undefined): { plan: SimPlan; minePlan: SimPlan | null; partPlans: { source: ErrorSource; plan: SimPlan }[] } {
  const plan = buildPlan(planOptionsOf(settings));
  if (!player) return { plan, minePlan: null, partPlans: [] };
  const sources = errorSources(player);
  // One source alone is the whole model: its part is the run itself.
  const partPlans = sources.length > 1 ? sources.map((p) => ({ source: p.source, plan: buildPlan({ ...planOptionsOf(settings), player: p.model }) })) : [];
  return { plan, minePlan: buildPlan({ ...planOptionsOf(settings), player }), partPlans };
}

export function useSimRunner() {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const pool = useRef<Pool | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      controller.current?.abort();
      void pool.current?.close();
      pool.current = null;
    },
    [],
  );

  const poolFor = (threads: number): Pool => {
    if (pool.current && pool.current.threads === threads) return pool.current;
    void pool.current?.close();
    pool.current = webSimPool(threads);
    return pool.current;
  };

  const start = useCallback(async ({ settings, account, player, onCharged }: StartOptions) => {
    let plans: ReturnType<typeof plansOf>;
    let balance: number;
    const runId = crypto.randomUUID();
    try {
      plans = plansOf(settings, player);
      setState({ status: 'charging' });
      // The run id makes a retried charge charge once.
      balance = (await withRetry(() => chargeRun(account, runId, settings))).balance;
      onCharged?.(balance);
    } catch (e) {
      setState({ status: 'error', message: errorMessage(e) });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    try {
      const p = poolFor(settings.threads);
      const show = (progress: RunProgress) => setState({ status: 'running', runId, progress });
      const result = await playPlan(p, plans.plan, settings, abort.signal, show, 'perfect');
      const mine = plans.minePlan ? await playPlan(p, plans.minePlan, settings, abort.signal, show, 'mine') : null;
      const parts: MyGamePart[] = [];
      for (const part of plans.partPlans) parts.push({ source: part.source, result: await playPlan(p, part.plan, settings, abort.signal, show, 'parts') });
      if (mine && parts.length === 0 && player) for (const s of errorSources(player)) parts.push({ source: s.source, result: mine });
      setState({ status: 'done', runId, settings, result, mine, parts, balance });
      // The result is the player's whether or not the history write succeeds.
      await saveResult(account, runId, toJson(result), mine ? toJson(mine) : null).catch(() => undefined);
    } catch (e) {
      if (e instanceof SimAbortedError) setState({ status: 'cancelled' });
      else setState({ status: 'error', message: errorMessage(e) });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const show = useCallback((s: RunState) => setState(s), []);

  return { state, start, cancel, show };
}

/** The result as plain JSON for the history (the engine's SimResult is plain data already). */
export function toJson(r: SimResult): SimResultJson {
  return JSON.parse(JSON.stringify(r)) as SimResultJson;
}
