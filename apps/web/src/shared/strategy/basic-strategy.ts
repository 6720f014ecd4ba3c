import { computeStrategy, type Rules } from '@card-counter/engine';

// A rule set's basic strategy chart (the engine's computeStrategy, about half a second of exact
// analysis), built once per rule set off the main thread and kept for the page's life: the
// table's coach and the trainer's strategy drills share it. Where there are no workers (tests)
// or the worker fails, it is built on the main thread: a chart late is better than none.

const pending = new Map<string, Promise<Uint8Array>>();
const built = new Map<string, Uint8Array>();

const keyOf = (rules: Rules) => JSON.stringify(rules);

function buildInWorker(rules: Rules): Promise<Uint8Array> {
  if (typeof Worker === 'undefined') return Promise.resolve(computeStrategy(rules).table);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./strategy-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ table: Uint8Array }>) => {
      worker.terminate();
      resolve(event.data.table);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(computeStrategy(rules).table);
    };
    worker.postMessage({ rules });
  });
}

/** Starts (once per rule set) building the basic strategy chart; resolves when it is built. */
export function loadBasicStrategy(rules: Rules): Promise<Uint8Array> {
  const key = keyOf(rules);
  let chart = pending.get(key);
  if (chart === undefined) {
    chart = buildInWorker(rules).then((table) => {
      built.set(key, table);
      return table;
    });
    pending.set(key, chart);
  }
  return chart;
}

/** The rules' chart if it is built already, else null (loadBasicStrategy builds it). */
export function builtBasicStrategy(rules: Rules): Uint8Array | null {
  return built.get(keyOf(rules)) ?? null;
}

