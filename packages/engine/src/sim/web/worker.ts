// A simulator Web Worker: the shared handler on the worker's global scope. Loaded by
// web/pool.ts as a module worker (bundlers such as Vite follow the new URL(...) pattern).
import type { FromWorker, ToWorker } from '../protocol.ts';
import { simWorkerHandler } from '../worker-handler.ts';

interface WorkerScope {
  postMessage(m: FromWorker, transfer: ArrayBuffer[]): void;
  onmessage: ((e: { data: ToWorker }) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const handle = simWorkerHandler((m, transfer = []) => scope.postMessage(m, transfer));
scope.onmessage = (e) => handle(e.data);
scope.postMessage({ type: 'ready' }, []);
