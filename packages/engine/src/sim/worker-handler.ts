// The body of a simulator worker, whatever the platform: builds a core for each plan it is sent
// and plays that plan's chunk jobs one at a time. ../../node/sim-worker.ts and web/worker.ts connect it
// to their message ports.
import { newCore, playChunk } from './chunks.ts';
import type { SimCore } from './core.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

export type Send = (m: FromWorker, transfer?: ArrayBuffer[]) => void;

export function simWorkerHandler(send: Send): (m: ToWorker) => void {
  let current: { planId: number; core: SimCore } | null = null;
  return (m) => {
    try {
      if (m.type === 'plan') {
        current = { planId: m.planId, core: newCore(m.plan) };
        return;
      }
      if (!current || current.planId !== m.planId) throw new Error(`job for plan ${m.planId} before its plan`);
      const acc = playChunk(current.core, m.job);
      send({ type: 'done', planId: m.planId, index: m.job.index, rounds: m.job.minRounds, acc }, [acc.buffer as ArrayBuffer]);
    } catch (e) {
      send({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  };
}
