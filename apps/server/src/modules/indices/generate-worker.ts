// A worker thread that generates one full index set (scope 'all': minutes of CPU at the
// default sampling), so the server's event loop never stops for it (job.ts). Message in:
// { spec, samplesPerBin }; out: { progress } now and then, then { set, cpu_ms } or { error }.
import { parentPort } from 'node:worker_threads';
import { fullSetOf, generateIndices } from '@card-counter/engine';
import type { IndexSetSpec } from './set-key.ts';

/** Progress is posted at most this often. */
const PROGRESS_EVERY_ms = 500;

parentPort?.once(
  'message',
  (message: { spec: IndexSetSpec; samplesPerBin: number; bins?: { lo: number; hi: number } }) => {
    try {
      const cpu0 = process.cpuUsage();
      let last = 0;
      const { spec } = message;
      const table = generateIndices({
        rules: spec.rules,
        count: spec.count,
        ...(spec.custom ? { custom: spec.custom } : {}),
        trueCount: spec.trueCount,
        scope: 'all',
        samplesPerBin: message.samplesPerBin,
        ...(message.bins ? { bins: message.bins } : {}),
        seed: 1,
        onProgress: (done, total) => {
          const now = Date.now();
          if (now - last < PROGRESS_EVERY_ms) return;
          last = now;
          parentPort?.postMessage({ progress: done / total });
        },
      });
      const cpu = process.cpuUsage(cpu0);
      parentPort?.postMessage({ set: fullSetOf(table), cpu_ms: Math.round((cpu.user + cpu.system) / 1000) });
    } catch (e) {
      parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) });
    }
  },
);
