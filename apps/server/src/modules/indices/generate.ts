/**
 * Runs one full set's generation on its own worker thread (generate-worker.ts), reporting its
 * progress; the worker ends with the generation, or when `signal` aborts (the process stops: the
 * job is then retried by another process).
 */
import type { FullIndexSet } from '@card-counter/engine';
import { startTsWorker } from '@card-counter/engine/sim/node';
import type { IndexSetSpec } from './set-key.ts';

const WORKER_URL = new URL('./generate-worker.ts', import.meta.url);

export interface Generated {
  set: FullIndexSet;
  cpu_ms: number;
}

export interface Sampling {
  samplesPerBin: number;
  bins?: { lo: number; hi: number };
}

export function generateOnWorker(
  spec: IndexSetSpec,
  sampling: Sampling,
  onProgress: (p: number) => void,
  signal: AbortSignal,
): Promise<Generated> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(WORKER_URL);
    const stop = (): void => {
      void worker.terminate();
      reject(new Error('index set generation stopped: the process is closing'));
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    const done = (): void => {
      signal.removeEventListener('abort', stop);
      void worker.terminate();
    };
    worker.on('message', (m: { progress?: number; set?: FullIndexSet; cpu_ms?: number; error?: string }) => {
      if (m.progress !== undefined) onProgress(m.progress);
      else if (m.set !== undefined) {
        done();
        resolve({ set: m.set, cpu_ms: m.cpu_ms ?? 0 });
      } else {
        done();
        reject(new Error(m.error ?? 'index set generation failed'));
      }
    });
    worker.on('error', (e) => {
      done();
      reject(e);
    });
    worker.postMessage({ spec, ...sampling });
  });
}
