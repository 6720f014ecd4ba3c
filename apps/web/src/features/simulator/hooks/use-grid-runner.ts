// A grid on the engine's Web Worker pool: every cell's plan is built first (the engine refuses a
// bad cell before anything is charged), then each cell is charged as one run (its own run id,
// once), played on the pool (its workers start once for the whole grid) and kept in the history.
import { useCallback, useEffect, useRef, useState } from 'react';
import { buildPlan, SimAbortedError, type SimPlan } from '@card-counter/engine';
import { webSimPool } from '@card-counter/engine/sim/web';
import { withRetry } from '@/shared/lib/retry.ts';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { chargeRun, saveResult, type SimAccount } from '../api/sim-api.ts';
import type { GridCell, GridCellResult } from '../model/grid.ts';
import { planOptionsOf } from '../model/settings.ts';
import { toJson } from './use-sim-runner.ts';

export type GridState =
  | { status: 'idle' }
  | { status: 'running'; cell: number; cells: number; rounds_done: number; rounds_total: number; done: GridCellResult[] }
  | { status: 'done'; cells: GridCellResult[] }
  | { status: 'cancelled'; cells: GridCellResult[] }
  | { status: 'error'; message: string; cells: GridCellResult[] };

type Pool = ReturnType<typeof webSimPool>;
const PROGRESS_EVERY_ms = 150;

export function useGridRunner() {
  const [state, setState] = useState<GridState>({ status: 'idle' });
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

  const start = useCallback(async (cells: readonly GridCell[], account: SimAccount, onCharged?: (balance: number) => void) => {
    const done: GridCellResult[] = [];
    let plans: SimPlan[];
    try {
      plans = cells.map((c) => buildPlan(planOptionsOf(c.settings)));
    } catch (e) {
      setState({ status: 'error', message: errorMessage(e), cells: [] });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    const threads = cells[0]?.settings.threads ?? 1;
    if (!pool.current || pool.current.threads !== threads) {
      void pool.current?.close();
      pool.current = webSimPool(threads);
    }
    const p = pool.current;
    let credits = account.credits;
    try {
      for (let i = 0; i < cells.length; i++) {
        const cell = cells[i] as GridCell;
        const runId = crypto.randomUUID();
        setState({ status: 'running', cell: i, cells: cells.length, rounds_done: 0, rounds_total: cell.settings.rounds, done: [...done] });
        credits = (await withRetry(() => chargeRun({ ...account, credits }, runId, cell.settings))).balance;
        onCharged?.(credits);
        let last = 0;
        const result = await p.run(plans[i] as SimPlan, { seed: cell.settings.seed, rounds: cell.settings.rounds }, {
          signal: abort.signal,
          onProgress: ({ rounds_done }) => {
            const now = performance.now();
            if (now - last < PROGRESS_EVERY_ms) return;
            last = now;
            setState({ status: 'running', cell: i, cells: cells.length, rounds_done, rounds_total: cell.settings.rounds, done: [...done] });
          },
        });
        done.push({ ...cell, result });
        await saveResult({ ...account, credits }, runId, toJson(result), null).catch(() => undefined);
      }
      setState({ status: 'done', cells: done });
    } catch (e) {
      if (e instanceof SimAbortedError) setState({ status: 'cancelled', cells: done });
      else setState({ status: 'error', message: errorMessage(e), cells: done });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}
