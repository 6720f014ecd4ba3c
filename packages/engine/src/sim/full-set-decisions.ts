// The simulator's count-adjusted plays from a full index set (issue 37): every table cell at
// every count bin played as the table's coach reads the set (fullSetPlay: a two-card hand by
// its own cell, a hand of more cards by its total's hit/stand plays), so a run plays exactly
// what the coach advises, the player's edits included.
import { TABLE_DOUBLE, TABLE_HIT, TABLE_SPLIT, TABLE_STAND, TABLE_SURRENDER } from '../analysis/codes.ts';
import { fullSetPlay, type FullIndexSet, type IndexSetAction } from '../indices/full-set.ts';
import { countAdjustedTable } from './count-adjusted-table.ts';
import { TC_MIN } from './layout.ts';

const ACTION_CODE: Record<IndexSetAction, number> = { stand: TABLE_STAND, hit: TABLE_HIT, double: TABLE_DOUBLE, split: TABLE_SPLIT, surrender: TABLE_SURRENDER };
const ACTION_NAME: readonly IndexSetAction[] = ['stand', 'stand', 'hit', 'double', 'split', 'surrender'];

/** A set's plays at every bin. */
export function fullSetDecisionTable(table: Uint8Array, set: FullIndexSet): Uint8Array {
  return countAdjustedTable(table, (c, bin) => {
    const basicAction = ACTION_NAME[c.basic] as IndexSetAction;
    const play = fullSetPlay({ hand: c.hand, upcard: c.up, count: TC_MIN + bin, basicAction, canDouble: c.dd === 1, canSplit: c.sp === 1, canSurrender: c.sr === 1 }, set);
    return ACTION_CODE[play.action];
  });
}
