import type { Chart } from '@card-counter/engine';

// A module of its own so that basic-strategy.ts (which imports build-here.ts lazily) and
// build-here.ts (which returns one) do not import each other.

/** The chart as the coach reads it (the lookup table) and as a page prints it (the codes). */
export interface BuiltStrategy {
  table: Uint8Array;
  chart: Chart;
}
