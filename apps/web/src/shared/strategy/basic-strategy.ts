import type { Rules } from '@card-counter/engine';
import type { BuiltStrategy } from './built-strategy.ts';

// A rule set's basic strategy chart (the engine's computeStrategy, about half a second of exact
// analysis), built once per rule set off the main thread and kept for the page's life: the
// table's coach, the trainer's strategy drills and the Charts screen share it. Where there are
// no workers (tests) or the worker fails, it is built on the main thread: a chart late is better
// than none. That fallback is imported only when used (build-here.ts): the exact analysis is
// a chunk the table's first load need not carry (docs/decisions/0036-first-load-cuts.md).

const pending = new Map<string, Promise<BuiltStrategy>>();
const built = new Map<string, BuiltStrategy>();

const keyOf = (rules: Rules) => JSON.stringify(rules);

function buildHere(rules: Rules): Promise<BuiltStrategy> {
  return import('./build-here.ts').then((m) => m.buildStrategyHere(rules));
}

function buildInWorker(rules: Rules): Promise<BuiltStrategy> {
  if (typeof Worker === 'undefined') return buildHere(rules);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./strategy-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<BuiltStrategy>) => {
      worker.terminate();
      resolve({ table: event.data.table, chart: event.data.chart });
    };
    worker.onerror = () => {
      worker.terminate();
      void buildHere(rules).then(resolve);
    };
    worker.postMessage({ rules });
  });
}

/** Starts (once per rule set) building the chart; resolves with its table and codes when built. */
export function loadStrategy(rules: Rules): Promise<BuiltStrategy> {
  const key = keyOf(rules);
  let strategy = pending.get(key);
  if (strategy === undefined) {
    strategy = buildInWorker(rules).then((b) => {
      built.set(key, b);
      return b;
    });
    pending.set(key, strategy);
  }
  return strategy;
}

/** Starts (once per rule set) building the basic strategy chart; resolves with its lookup table. */
export function loadBasicStrategy(rules: Rules): Promise<Uint8Array> {
  return loadStrategy(rules).then((b) => b.table);
}

/** The rules' chart if it is built already, else null (loadStrategy builds it). */
export function builtStrategy(rules: Rules): BuiltStrategy | null {
  return built.get(keyOf(rules)) ?? null;
}

/** The rules' lookup table if it is built already, else null (loadBasicStrategy builds it). */
export function builtBasicStrategy(rules: Rules): Uint8Array | null {
  return builtStrategy(rules)?.table ?? null;
}

