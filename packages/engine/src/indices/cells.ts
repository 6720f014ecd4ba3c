// The decisions the index generator evaluates: a cell is a class of two-card hands against one
// upcard (a hard total from two different cards, a soft hand, or a pair), the named plays are
// the published Illustrious 18 and Fab 4 read as a pair of actions compared in a cell.
import { FAB_4_S17, ILLUSTRIOUS_18_S17 } from './table.ts';

export type CellAction = 'stand' | 'hit' | 'double' | 'split' | 'surrender';
export const CELL_ACTIONS: readonly CellAction[] = ['stand', 'hit', 'double', 'split', 'surrender'];

export interface Cell {
  /** 'hard 16', 'soft 18', 'pair 10' and the upcard: e.g. 'hard 16 v 10'. */
  readonly key: string;
  readonly kind: 'hard' | 'soft' | 'pair';
  /** Hard or soft total, or the pair's card value (1 = aces). */
  readonly total: number;
  readonly up: number;
  /** The two-card hands of the cell, [low, high] card values. */
  readonly hands: readonly (readonly [number, number])[];
  /** As the CLI prints it: '16', 'A,7', '10,10'. */
  readonly handLabel: string;
}

export const cardLabel = (v: number): string => (v === 1 ? 'A' : String(v));

export function makeCell(kind: Cell['kind'], total: number, up: number): Cell {
  const hands: [number, number][] = [];
  let handLabel: string;
  if (kind === 'pair') {
    hands.push([total, total]);
    handLabel = `${cardLabel(total)},${cardLabel(total)}`;
  } else if (kind === 'soft') {
    if (total < 13 || total > 20) throw new RangeError(`soft cells are 13..20 (got ${total})`);
    hands.push([1, total - 11]);
    handLabel = `A,${total - 11}`;
  } else {
    // Hard totals from two different cards, no ace (the pairs are their own cells).
    for (let x = 2; x <= 10; x++) {
      const y = total - x;
      if (y > x && y <= 10) hands.push([x, y]);
    }
    if (hands.length === 0) throw new RangeError(`no two different cards make hard ${total}`);
    handLabel = String(total);
  }
  return { key: `${kind} ${total} v ${cardLabel(up)}`, kind, total, up, hands, handLabel };
}

/** Every two-card decision: hard 5..19, soft 13..20 and the ten pairs, against every upcard. */
export function allCells(): Cell[] {
  const cells: Cell[] = [];
  for (let up = 1; up <= 10; up++) {
    for (let t = 5; t <= 19; t++) cells.push(makeCell('hard', t, up));
    for (let t = 13; t <= 20; t++) cells.push(makeCell('soft', t, up));
    for (let p = 1; p <= 10; p++) cells.push(makeCell('pair', p, up));
  }
  return cells;
}

export interface NamedPlay {
  /** The id of the published entry in table.ts, e.g. 'I18-16v10'. */
  readonly id: string;
  readonly set: 'I18' | 'Fab4';
  readonly cell: Cell;
  /** The published play at or above its index. */
  readonly high: CellAction;
  /**
   * The play it replaces. For the Fab 4 the better of hit and stand at each count: the
   * published tables compare surrendering with playing the hand on.
   */
  readonly low: CellAction | 'hit-or-stand';
  /** The published multi-deck S17 number (Schlesinger, Blackjack Attack). */
  readonly published: number;
}

/** The Illustrious 18 (without insurance) and the Fab 4 as action pairs in cells. */
export function namedPlays(): NamedPlay[] {
  const out: NamedPlay[] = [];
  for (const p of [...ILLUSTRIOUS_18_S17, ...FAB_4_S17]) {
    if (p.kind === 'insurance') continue;
    const cell = makeCell(p.kind, p.total, p.upcard);
    const low = p.set === 'Fab4' ? 'hit-or-stand' : (p.otherwise as CellAction);
    out.push({ id: p.id, set: p.set, cell, high: p.action as CellAction, low, published: p.index });
  }
  return out;
}
