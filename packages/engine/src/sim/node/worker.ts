// A simulator worker thread: builds one core from the plan it is given, then plays the chunk
// jobs the pool sends, one at a time, and posts each chunk's accumulator back (transferred).
import { parentPort, workerData } from 'node:worker_threads';
import { newCore, playChunk, type ChunkJob } from '../chunks.ts';
import type { SimPlan } from '../plan.ts';

const port = parentPort;
if (!port) throw new Error('sim worker: must run in a worker thread');
const core = newCore(workerData as SimPlan);
port.on('message', (job: ChunkJob) => {
  const acc = playChunk(core, job);
  port.postMessage({ index: job.index, rounds: job.minRounds, acc }, [acc.buffer as ArrayBuffer]);
});
