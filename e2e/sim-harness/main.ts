// Test harness for e2e/tests/simulator-workers.spec.ts: the engine's simulator in a real
// browser, bundled by Vite the way the web app bundles it. Exposes window.simHarness.
import { buildPlan, parseRules, preloadSimCore, simulate, type SimResult } from '@card-counter/engine';
import { webSimPool, defaultWebThreads } from '@card-counter/engine/sim/web';

export interface HarnessRun {
  rules?: Record<string, unknown>;
  spread?: Record<string, number>;
  indices?: 'none' | 'i18' | 'i18+fab4';
  bankroll_units?: number;
  seed: number;
  rounds: number;
  chunkRounds?: number;
  threads: number;
}

export interface HarnessOutcome {
  result: SimResult | null;
  error: string | null;
  progress: number[];
}

const pool = { current: null as ReturnType<typeof webSimPool> | null };

async function runOnWorkers(o: HarnessRun, abortAfterRounds?: number): Promise<HarnessOutcome> {
  const plan = buildPlan({ rules: parseRules(o.rules ?? {}), spread: o.spread, indices: o.indices, bankroll_units: o.bankroll_units });
  if (!pool.current || pool.current.threads !== o.threads) {
    await pool.current?.close();
    pool.current = webSimPool(o.threads);
  }
  const controller = new AbortController();
  const progress: number[] = [];
  try {
    const result = await pool.current.run(plan, o, {
      signal: controller.signal,
      onProgress: (p) => {
        progress.push(p.rounds_done);
        if (abortAfterRounds !== undefined && p.rounds_done >= abortAfterRounds) controller.abort();
      },
    });
    return { result, error: null, progress };
  } catch (e) {
    return { result: null, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e), progress };
  }
}

async function runOnPage(o: HarnessRun): Promise<HarnessOutcome> {
  await preloadSimCore();
  const plan = { rules: parseRules(o.rules ?? {}), spread: o.spread, indices: o.indices, bankroll_units: o.bankroll_units };
  const progress: number[] = [];
  const result = await simulate({ ...plan, seed: o.seed, rounds: o.rounds, chunkRounds: o.chunkRounds }, { onProgress: (p) => progress.push(p.rounds_done) });
  return { result, error: null, progress };
}

const harness = { runOnWorkers, runOnPage, defaultWebThreads };
(window as unknown as { simHarness: typeof harness }).simHarness = harness;
document.getElementById('status')!.textContent = 'ready';
