// The simulator's browser-safe surface. Platform pools live beside it and are imported by path:
// `@card-counter/engine/sim/node/pool` (worker_threads) and `@card-counter/engine/sim/web/pool`
// (Web Workers), so neither platform's worker code is pulled in by the other.
export { buildPlan, rampUnits, type IndexSet, type SimPlanOptions } from './build-plan.ts';
export type { SimPlan } from './plan.ts';
export { CHUNK_ROUNDS, MAX_ROUNDS } from './chunks.ts';
export { runPlan, simulate, simulatePlan, SimAbortedError, type RunControl, type SimProgress, type SimResult, type SimulateOptions } from './simulate.ts';
export { SimPool, MAX_THREADS, type PoolRunOptions } from './pool.ts';
export type { SimWorkerLike, ToWorker, FromWorker } from './protocol.ts';
export type { SimStats, TrueCountRow, RiskOfRuin } from './stats.ts';
export { preloadSimCore } from './wasm/load.ts';
