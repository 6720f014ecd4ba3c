// Exact strategy analysis (combinatorial analyser): dealer probabilities, hand EVs, the
// basic strategy chart and its expected value, decision costs, the simulator's lookup table.
export * from './composition.ts';
export * from './codes.ts';
export * from './dealer-table.ts';
export * from './split.ts';
export * from './upcard-analysis.ts';
export * from './chart.ts';
export * from './chart-table.ts';
export * from './strategy.ts';
export * from './hand-ev.ts';
