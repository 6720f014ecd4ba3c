// A full index set (issue 37): every two-card hand against every upcard where the count moves the
// play, in the shape the API answers (`GET /api/indices`) and a player edits: the hand as the
// charts name it ("16", "A7", "88", "TT"), the upcard ("2".."10", "A"), the play made at counts
// on the `direction` side of `index` (inclusive) and the play it replaces (`versus`). The coach
// reads a set with fullSetPlay; the set comes from a generated table (fullSetOf), or from the
// published Hi-Lo Illustrious 18 and Fab 4 (publishedSetOf), or from the player's own edits.
import { totalOfValues } from '../cards.ts';
import type { CellAction } from './cells.ts';
import type { IndexTable } from './generate.ts';
import type { IndexPlay } from './table.ts';

export type IndexSetAction = CellAction;
export type UpcardLabel = '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'A';

export interface IndexSetPlay {
  /** As the charts name it: hard "16", soft "A7", pairs "88", "TT", "AA". */
  readonly hand: string;
  /** "2".."10" or "A". */
  readonly up: UpcardLabel;
  readonly play: IndexSetAction;
  readonly versus: IndexSetAction;
  readonly index: number;
  /** 'at-or-above': `play` at a count >= index; 'at-or-below': at a count <= index. */
  readonly direction: 'at-or-above' | 'at-or-below';
}

export interface FullIndexSet {
  readonly plays: readonly IndexSetPlay[];
  /** Take insurance at a count at or above this; null: never inside the generated counts. */
  readonly insurance: number | null;
}

/** '16' stays, 'A,7' is 'A7', '10,10' is 'TT', 'A,A' is 'AA' (the generator's labels). */
export function chartHand(generatorLabel: string): string {
  if (!generatorLabel.includes(',')) return generatorLabel;
  return generatorLabel
    .split(',')
    .map((c) => (c === '10' ? 'T' : c))
    .join('');
}

const upLabel = (v: number): UpcardLabel => (v === 1 ? 'A' : (String(v) as UpcardLabel));

/**
 * The full set of a generated table made with scope 'all': each scanned cell's deviations that
 * cross inside the generated counts. A table of the named plays only has no full set (RangeError).
 */
export function fullSetOf(table: IndexTable): FullIndexSet {
  if (table.scope !== 'all') throw new RangeError('a full index set needs a table generated with scope all');
  const plays: IndexSetPlay[] = [];
  for (const p of table.plays) {
    if (p.set !== 'scan' || p.index === null) continue;
    plays.push({
      hand: chartHand(p.hand),
      up: p.up as UpcardLabel,
      play: p.play,
      versus: p.otherwise,
      index: p.index,
      direction: p.direction,
    });
  }
  return { plays, insurance: table.insurance };
}

/** The published Hi-Lo plays (indices/table.ts's IndexPlay: the action at or above its index). */
export function publishedSetOf(plays: readonly IndexPlay[], insurance: number): FullIndexSet {
  const out: IndexSetPlay[] = [];
  for (const p of plays) {
    if (p.kind === 'insurance') continue;
    const hand =
      p.kind === 'pair'
        ? p.total === 10
          ? 'TT'
          : `${upLabel(p.total)}${upLabel(p.total)}`
        : String(p.total);
    out.push({
      hand,
      up: upLabel(p.upcard),
      play: p.action as IndexSetAction,
      versus: p.otherwise as IndexSetAction,
      index: p.index,
      direction: 'at-or-above',
    });
  }
  return { plays: out, insurance };
}

/** The chart name of a hand of card values: pairs for two equal cards, soft with a counted ace, else hard. */
export function handKeyOf(values: readonly number[]): {
  pair: string | null;
  soft: string | null;
  hard: string | null;
} {
  const { total, soft } = totalOfValues(values);
  const two = values.length === 2;
  const pair =
    two && values[0] === values[1]
      ? `${upLabel(values[0] as number).replace('10', 'T')}${upLabel(values[1] as number).replace('10', 'T')}`
      : null;
  return { pair, soft: soft && total <= 20 ? `A${total - 11}` : null, hard: soft ? null : String(total) };
}

export interface FullSetInput {
  /** The player's card values (1..10). */
  hand: readonly number[];
  upcard: number;
  /** The count the set is read at (true count, or running count for KO and Red 7). */
  count: number;
  /** The basic play, legal for the hand. */
  basicAction: IndexSetAction;
  canDouble: boolean;
  canSplit: boolean;
  canSurrender: boolean;
}

export interface FullSetPlay {
  action: IndexSetAction;
  /** The entry of the set that holds at this count and was legal (null: the basic play stands). */
  entry: IndexSetPlay | null;
}

/** Whether an entry's play is made at this count. */
export function holdsAt(p: IndexSetPlay, count: number): boolean {
  return p.direction === 'at-or-above' ? count >= p.index : count <= p.index;
}

/**
 * The play by the set. Two-card hands read their own cell (pair, soft or hard); a hand of more
 * cards reads its total's cell for hitting and standing only (as the Illustrious 18's 16 v 10 is
 * played at any number of cards). An entry is a choice between its `play` and its `versus`: it
 * speaks to a hand only when the basic play is one of the two (16 v 10's hit/stand entry says
 * nothing while surrender is the basic play), and it moves the play off basic when the side of
 * its index the count is on names the other one (an entry "surrender at or above 0, versus hit"
 * says hit below 0 when surrender is the basic play). A play not legal here (a double after the
 * second card, a split past the limit, a surrender after the first decision) is passed over.
 */
export function fullSetPlay(input: FullSetInput, set: FullIndexSet): FullSetPlay {
  const up = upLabel(input.upcard);
  const keys = handKeyOf(input.hand);
  const two = input.hand.length === 2;
  const legal = (a: IndexSetAction): boolean =>
    a === 'hit' ||
    a === 'stand' ||
    (a === 'double' && input.canDouble) ||
    (a === 'split' && input.canSplit) ||
    (a === 'surrender' && input.canSurrender);
  const hitOrStand = (a: IndexSetAction): boolean => a === 'hit' || a === 'stand';
  const cells = two ? [keys.pair, keys.soft ?? keys.hard] : [keys.soft ?? keys.hard];
  for (const hand of cells) {
    if (hand === null) continue;
    for (const p of set.plays) {
      if (p.hand !== hand || p.up !== up) continue;
      // A pair's entries are about splitting; the hard or soft cell decides the rest.
      if (hand === keys.pair && p.play !== 'split' && p.versus !== 'split') continue;
      if (!two && !(hitOrStand(p.play) && hitOrStand(p.versus))) continue;
      if (p.play !== input.basicAction && p.versus !== input.basicAction) continue;
      const action = holdsAt(p, input.count) ? p.play : p.versus;
      if (action === input.basicAction || !legal(action)) continue;
      return { action, entry: p };
    }
  }
  return { action: input.basicAction, entry: null };
}

/** A stable name of an entry: "16v10 stand>=0". */
export function entryId(p: IndexSetPlay): string {
  return `${p.hand}v${p.up} ${p.play}${p.direction === 'at-or-above' ? '>=' : '<='}${p.index}`;
}
