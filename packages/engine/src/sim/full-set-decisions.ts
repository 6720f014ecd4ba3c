// The simulator's count-adjusted plays from a full index set (issue 37): every table cell at
// every count bin played as the table's coach reads the set (fullSetPlay: a two-card hand by
// its own cell, a hand of more cards by its total's hit/stand plays), so a run plays exactly
// what the coach advises, the player's edits included.
import { TABLE_DOUBLE, TABLE_HIT, TABLE_SIZE, TABLE_SPLIT, TABLE_STAND, TABLE_SURRENDER, tableIndex } from '../analysis/codes.ts';
import { fullSetPlay, type FullIndexSet, type IndexSetAction } from '../indices/full-set.ts';
import { TC_BINS, TC_MIN } from './layout.ts';

const ACTION_CODE: Record<IndexSetAction, number> = { stand: TABLE_STAND, hit: TABLE_HIT, double: TABLE_DOUBLE, split: TABLE_SPLIT, surrender: TABLE_SURRENDER };
const ACTION_NAME: readonly IndexSetAction[] = ['stand', 'stand', 'hit', 'double', 'split', 'surrender'];

/** A set's plays at every bin; `sampleHand` is build-plan's hand of a cell (null: no such hand). */
export function fullSetDecisionTable(table: Uint8Array, set: FullIndexSet, sampleHand: (total: number, soft: boolean, pair: boolean, twoCards: boolean) => number[] | null): Uint8Array {
  const out = new Uint8Array(TABLE_SIZE * TC_BINS);
  for (let total = 4; total <= 21; total++) {
    for (let soft = 0; soft <= 1; soft++) {
      for (let up = 1; up <= 10; up++) {
        for (let dd = 0; dd <= 1; dd++) {
          for (let sp = 0; sp <= 1; sp++) {
            for (let sr = 0; sr <= 1; sr++) {
              const idx = tableIndex(total, soft, up, dd, sp, sr);
              const basic = table[idx] as number;
              const two = dd === 1 || sp === 1 || sr === 1;
              const hand = total >= 21 ? null : sampleHand(total, soft === 1, sp === 1, two);
              for (let bin = 0; bin < TC_BINS; bin++) {
                let action = basic;
                if (hand && basic >= TABLE_STAND && basic <= TABLE_SURRENDER) {
                  const basicAction = ACTION_NAME[basic] as IndexSetAction;
                  const play = fullSetPlay({ hand, upcard: up, count: TC_MIN + bin, basicAction, canDouble: dd === 1, canSplit: sp === 1, canSurrender: sr === 1 }, set);
                  action = ACTION_CODE[play.action];
                }
                out[bin * TABLE_SIZE + idx] = action;
              }
            }
          }
        }
      }
    }
  }
  return out;
}
