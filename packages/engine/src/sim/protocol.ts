// Messages between a simulator pool and its workers (worker_threads or Web Workers), and the
// little a pool needs of a worker. A worker says `ready`, then gets a plan and that plan's chunk
// jobs; it answers each job with the chunk's accumulator (transferred, not copied).
import type { ChunkJob } from './chunks.ts';
import type { SimPlan } from './plan.ts';

export type ToWorker = { type: 'plan'; planId: number; plan: SimPlan } | { type: 'job'; planId: number; job: ChunkJob };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; planId: number; index: number; rounds: number; acc: Float64Array }
  | { type: 'failed'; message: string };

/** A worker thread as the pool sees it; node/sim-pool.ts and web/pool.ts adapt their platform's worker to it. */
export interface SimWorkerLike {
  postMessage(m: ToWorker): void;
  onMessage(handler: (m: FromWorker) => void): void;
  /** An error in the worker, or its exit when nobody asked it to. */
  onFailure(handler: (e: Error) => void): void;
  terminate(): Promise<unknown> | void;
}
