import {
  adviseHand as engineAdviseHand,
  computeStrategy,
  type CoachAdvice,
  type CoachInput,
  type Rules,
} from '@card-counter/engine';

// The coach's advice comes from the engine's table coach (the same functions grade the record
// on the server, so the table and the record agree); this module builds the rules' basic
// strategy chart off the main thread and keeps it. The EVs are per unit bet and come from the
// composition the player has seen, never from the shoe's order.

export {
  bestAction,
  evCost,
  indexSourceFor,
  insuranceChoiceCost,
  insuranceEv,
  type CoachAdvice,
  type CoachInput,
  type IndexSource,
} from '@card-counter/engine';

const charts = new Map<string, Promise<Uint8Array>>();
const ready = new Map<string, Uint8Array>();

function computeInWorker(rules: Rules): Promise<Uint8Array> {
  if (typeof Worker === 'undefined') return Promise.resolve(computeStrategy(rules).table);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./strategy-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ table: Uint8Array }>) => {
      resolve(event.data.table);
      worker.terminate();
    };
    worker.onerror = (event) => {
      reject(new Error(event.message));
      worker.terminate();
    };
    worker.postMessage({ rules });
  });
}

/** Starts (once per rule set) building the basic strategy chart; resolves when it is ready. */
export function loadBasicStrategy(rules: Rules): Promise<Uint8Array> {
  const key = JSON.stringify(rules);
  let pending = charts.get(key);
  if (!pending) {
    pending = computeInWorker(rules).then((table) => {
      ready.set(key, table);
      return table;
    });
    charts.set(key, pending);
  }
  return pending;
}

/** The advice for a hand, with the rules' chart when it is built (engine adviseHand). */
export function adviseHand(input: CoachInput): CoachAdvice {
  return engineAdviseHand(input, ready.get(JSON.stringify(input.rules)) ?? null);
}
