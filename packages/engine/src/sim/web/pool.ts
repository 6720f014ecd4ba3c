// The simulator pool on Web Workers (the browser's simulator screen): one module worker per
// thread, by default as many as the device reports cores.
import { SimPool } from '../pool.ts';
import type { FromWorker, SimWorkerLike } from '../protocol.ts';

// The DOM's Worker, typed locally (the engine compiles without the DOM library).
interface BrowserWorker {
  postMessage(m: unknown): void;
  onmessage: ((e: { data: FromWorker }) => void) | null;
  onerror: ((e: { message?: string; preventDefault?: () => void }) => void) | null;
  onmessageerror: (() => void) | null;
  terminate(): void;
}
declare const Worker: new (url: URL, options: { type: 'module'; name?: string }) => BrowserWorker;

function spawnWebWorker(index: number): SimWorkerLike {
  if (typeof Worker === 'undefined') throw new Error('Web Workers are not available here');
  // Bundlers (Vite) recognise exactly this shape, new Worker(new URL('...', import.meta.url)),
  // and bundle the worker with its imports.
  const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: `sim-${index}` });
  let failure: (e: Error) => void = () => undefined;
  w.onerror = (e) => {
    e.preventDefault?.();
    failure(new Error(`sim worker: ${e.message ?? 'failed to load or crashed'}`));
  };
  w.onmessageerror = () => failure(new Error('sim worker: a message could not be read'));
  return {
    postMessage: (m) => w.postMessage(m),
    onMessage: (handler) => {
      w.onmessage = (e) => handler(e.data);
    },
    onFailure: (handler) => {
      failure = handler;
    },
    terminate: () => w.terminate(),
  };
}

/** Threads the device offers (navigator.hardwareConcurrency), at least 1, at most 16. */
export function defaultWebThreads(): number {
  const n = (globalThis as unknown as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
  return Math.max(1, Math.min(16, Math.floor(n)));
}

export function webSimPool(threads = defaultWebThreads()): SimPool {
  return new SimPool(threads, spawnWebWorker);
}
