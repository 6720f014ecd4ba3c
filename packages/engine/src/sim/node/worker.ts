// A simulator worker thread: says it is ready, then builds a core for each plan it is sent and
// plays that plan's chunk jobs one at a time, posting each chunk's accumulator back
// (transferred). Protocol types are shared with pool.ts.
import { parentPort } from 'node:worker_threads';
import { newCore, playChunk, type ChunkJob } from '../chunks.ts';
import type { SimCore } from '../core.ts';
import type { SimPlan } from '../plan.ts';

export type ToWorker = { type: 'plan'; planId: number; plan: SimPlan } | { type: 'job'; planId: number; job: ChunkJob };
export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; planId: number; index: number; rounds: number; acc: Float64Array }
  | { type: 'failed'; message: string };

const port = parentPort;
if (!port) throw new Error('sim worker: must run in a worker thread');
let current: { planId: number; core: SimCore } | null = null;
const send = (m: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(m, transfer);

port.on('message', (m: ToWorker) => {
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
});
send({ type: 'ready' });
