// The simulator's browser-safe surface (re-exported by name from ../index.ts). The platform pools
// are separate entry points: `@card-counter/engine/sim/node` (worker_threads, ../../node/sim-pool.ts)
// and `@card-counter/engine/sim/web` (Web Workers, web/pool.ts), so neither platform's worker
// code is pulled in by the other.
export { buildPlan, rampUnits, type IndexSet, type SimPlanOptions } from './build-plan.ts';
export type { SimPlan } from './plan.ts';
export { CHUNK_ROUNDS, MAX_ROUNDS } from './chunks.ts';
export { runPlan, simulate, simulatePlan, SimAbortedError, type RunControl, type SimProgress, type SimResult, type SimulateOptions } from './simulate.ts';
export { SimPool, MAX_THREADS, type PoolRunOptions } from './pool.ts';
export type { SimWorkerLike, ToWorker, FromWorker } from './protocol.ts';
export type { SimStats, TrueCountRow, RiskOfRuin } from './stats.ts';
export { preloadSimCore } from './wasm/load.ts';
export { optimalRamp, type OptimalRamp, type OptimalRampOptions, type OptimalRampRow } from './optimal-ramp.ts';
export { errorSources, estimatePlayer, handKind, type ErrorSource, type HandKind, type PlayerEstimate, type PlayerModel, type RecordedCountCheck, type RecordedDecision } from './player-model.ts';
export { bestCell, gridCells, gridProblem, GRID_CELLS_MAX, GRID_VALUES_MAX, type GridParams, type GridSpec } from './grid.ts';
export { normalCdf, perHour, tripView, type TripOptions, type TripView } from './trip.ts';
