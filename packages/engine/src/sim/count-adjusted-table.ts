// The walk over the basic strategy table's cells that every per-cell simulator table makes
// (the named plays' and a full set's count-adjusted plays, the player model's mistakes): one
// walker, so the tables cannot disagree on which cells exist, which hand stands for a cell, or
// which cells a count may change.
import { TABLE_SIZE, TABLE_STAND, TABLE_SURRENDER, tableIndex } from '../analysis/codes.ts';
import { TC_BINS } from './layout.ts';

/** One cell of the table: its index, its hand's shape and flags (0 or 1), its basic play. */
export interface TableCell {
  readonly idx: number;
  readonly total: number;
  readonly soft: number;
  readonly up: number;
  /** The hand may double, split, surrender (the loop's flags). */
  readonly dd: number;
  readonly sp: number;
  readonly sr: number;
  readonly basic: number;
}

/** A cell a count may change: a play code for its basic play, and a hand that stands for it. */
export interface PlayableCell extends TableCell {
  /** A flag is set, so the hand has two cards. */
  readonly twoCards: boolean;
  readonly hand: readonly number[];
}

/** Calls `visit` for every cell of the table, in index-building order. */
export function forEachCell(table: Uint8Array, visit: (cell: TableCell) => void): void {
  for (let total = 4; total <= 21; total++) {
    for (let soft = 0; soft <= 1; soft++) {
      for (let up = 1; up <= 10; up++) {
        for (let dd = 0; dd <= 1; dd++) {
          for (let sp = 0; sp <= 1; sp++) {
            for (let sr = 0; sr <= 1; sr++) {
              const idx = tableIndex(total, soft, up, dd, sp, sr);
              visit({ idx, total, soft, up, dd, sp, sr, basic: table[idx] as number });
            }
          }
        }
      }
    }
  }
}

/**
 * The play at every true-count bin of every cell (bin-major: bin * TABLE_SIZE + idx). A cell
 * with no hand of its shape, a 21, or a code that is not a play keeps its basic code at every
 * bin; for the others `playAt` gives the code at bin `bin` (true count TC_MIN + bin).
 */
export function countAdjustedTable(table: Uint8Array, playAt: (cell: PlayableCell, bin: number) => number): Uint8Array {
  const out = new Uint8Array(TABLE_SIZE * TC_BINS);
  forEachCell(table, (c) => {
    const twoCards = c.dd === 1 || c.sp === 1 || c.sr === 1;
    const hand = c.total >= 21 ? null : sampleHand(c.total, c.soft === 1, c.sp === 1, twoCards);
    const playable = hand && c.basic >= TABLE_STAND && c.basic <= TABLE_SURRENDER ? { ...c, twoCards, hand } : null;
    for (let bin = 0; bin < TC_BINS; bin++) out[bin * TABLE_SIZE + c.idx] = playable ? playAt(playable, bin) : c.basic;
  });
  return out;
}

/** A hand of this total with the given shape, as bestPlay() wants it (values, 1 = ace). */
export function sampleHand(total: number, soft: boolean, pair: boolean, twoCards: boolean): number[] | null {
  if (pair) return soft ? (total === 12 ? [1, 1] : null) : total % 2 === 0 && total >= 4 && total <= 20 ? [total / 2, total / 2] : null;
  if (soft) return total >= 13 && total <= 21 ? (twoCards ? [1, total - 11] : total >= 14 ? [1, 2, total - 13] : null) : null;
  if (twoCards) {
    for (let a = 10; a >= 2; a--) if (total - a >= 2 && total - a <= 10 && total - a !== a) return [a, total - a];
    return null;
  }
  const a = Math.min(10, total - 4);
  return a >= 2 && total - a - 2 >= 2 && total - a - 2 <= 10 ? [a, 2, total - a - 2] : null;
}
