// A grid of runs, CVCX's everyday comparison (spreads x penetrations x rules): every combination
// of the values given for each option, one run per cell, each with the grid's seed, so a cell's
// figures are those of the single run with its options. The CLI (bj simulate --grid) and the
// screen's Compare tab expand a grid here and mark its best cell the same way.

/** Cells one grid may hold (each is a whole run). */
export const GRID_CELLS_MAX = 256;
/** Values one option may take in a grid. */
export const GRID_VALUES_MAX = 32;

export type GridSpec = Readonly<Record<string, readonly unknown[]>>;
export type GridParams = Record<string, unknown>;

/** Checks a grid's shape; returns its problem in words, or null. */
export function gridProblem(grid: unknown): string | null {
  if (grid === null || typeof grid !== 'object' || Array.isArray(grid)) return 'a grid is a JSON object: each key an option, each value a list';
  const entries = Object.entries(grid as Record<string, unknown>);
  if (entries.length === 0) return 'a grid needs at least one option';
  let cells = 1;
  for (const [key, values] of entries) {
    if (!Array.isArray(values) || values.length === 0) return `grid option ${key} needs a non-empty list of values`;
    if (values.length > GRID_VALUES_MAX) return `grid option ${key} has ${values.length} values (at most ${GRID_VALUES_MAX})`;
    cells *= values.length;
  }
  if (cells > GRID_CELLS_MAX) return `the grid has ${cells} cells (at most ${GRID_CELLS_MAX})`;
  return null;
}

/** Every combination, the first option varying slowest (the order a table of cells reads in). */
export function gridCells(grid: GridSpec): GridParams[] {
  const problem = gridProblem(grid);
  if (problem) throw new RangeError(problem);
  let cells: GridParams[] = [{}];
  for (const [key, values] of Object.entries(grid)) cells = cells.flatMap((c) => values.map((v) => ({ ...c, [key]: v })));
  return cells;
}

/**
 * The best cell by a figure where higher is better (SCORE): the index of the largest value,
 * counting only cells with an edge (a losing game's SCORE says nothing); null when none has one.
 */
export function bestCell(cells: readonly { ev: number; score: number }[]): number | null {
  let best: number | null = null;
  cells.forEach((c, i) => {
    if (c.ev > 0 && (best === null || c.score > (cells[best] as { score: number }).score)) best = i;
  });
  return best;
}
