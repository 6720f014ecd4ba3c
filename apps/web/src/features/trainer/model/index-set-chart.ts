// The Charts page's full index set (issue 37), laid out as the charts a counter studies: one chart
// per hand type (hard totals, soft totals, pairs, surrender), rows as the charts name the hands
// ("16", "A7", "88"), columns the upcards; each cell the set's plays for it, or the basic-strategy
// play where the count moves nothing. Surrender plays (either side) sit in the surrender chart
// only, so a hard cell reads as the hit/stand/double choice a counter makes after declining.
import { UPCARD_KEYS, type Chart, type FullIndexSet, type IndexSetPlay } from '@card-counter/engine';
import { chartCodeOf, type CellCode } from './chart-cells.ts';
import { HARD_ROWS, PAIR_ROWS, SOFT_ROWS, type CellKind } from './strategy-items.ts';
import { signed } from './labels.ts';

export type IndexSectionKind = 'hard' | 'soft' | 'pairs' | 'surrender';

export interface IndexSetCell {
  readonly hand: string;
  readonly up: (typeof UPCARD_KEYS)[number];
  /** The set's plays for this cell (in this section), at most one a direction. */
  readonly plays: readonly IndexSetPlay[];
  /** The basic-strategy play, shown muted where `plays` is empty. */
  readonly basic: CellCode;
}

export interface IndexSetSection {
  readonly kind: IndexSectionKind;
  readonly title: string;
  readonly rows: readonly { readonly hand: string; readonly cells: readonly IndexSetCell[] }[];
}

const TITLES: Record<IndexSectionKind, string> = {
  hard: 'Hard totals',
  soft: 'Soft totals',
  pairs: 'Pairs',
  surrender: 'Surrender',
};

/** The chart's name of a basic-strategy row: 16, A7, 88, TT, AA. */
export function handOf(kind: CellKind, total: number): string {
  if (kind === 'hard') return String(total);
  if (kind === 'soft') return `A${total - 11}`;
  if (total === 1) return 'AA';
  return total === 10 ? 'TT' : `${total}${total}`;
}

/** Which strategy cell a chart hand names (the inverse of handOf); null for a hand no chart row has. */
export function cellOfHand(hand: string): { kind: CellKind; total: number } | null {
  if (hand === 'AA') return { kind: 'pair', total: 1 };
  if (hand === 'TT') return { kind: 'pair', total: 10 };
  if (/^A\d$/.test(hand)) return { kind: 'soft', total: 11 + Number(hand[1]) };
  if (/^([2-9])\1$/.test(hand)) return { kind: 'pair', total: Number(hand[0]) };
  if (/^\d{1,2}$/.test(hand)) return { kind: 'hard', total: Number(hand) };
  return null;
}

export const isSurrenderPlay = (p: IndexSetPlay): boolean => p.play === 'surrender' || p.versus === 'surrender';

const ROWS: [Exclude<IndexSectionKind, 'surrender'>, CellKind, readonly number[]][] = [
  ['hard', 'hard', HARD_ROWS],
  ['soft', 'soft', SOFT_ROWS],
  ['pairs', 'pair', PAIR_ROWS],
];

/** The plays of the set by cell, surrender plays apart. */
function byCell(plays: readonly IndexSetPlay[], surrender: boolean): Map<string, IndexSetPlay[]> {
  const out = new Map<string, IndexSetPlay[]>();
  for (const p of plays) {
    if (isSurrenderPlay(p) !== surrender) continue;
    const id = `${p.hand}v${p.up}`;
    out.set(id, [...(out.get(id) ?? []), p]);
  }
  return out;
}

function rowOf(kind: CellKind, total: number, chart: Chart, plays: Map<string, IndexSetPlay[]>) {
  const hand = handOf(kind, total);
  const cells = UPCARD_KEYS.map((up) => ({ hand, up, plays: plays.get(`${hand}v${up}`) ?? [], basic: chartCodeOf(chart, { kind, total, up }) }));
  return { hand, cells };
}

/**
 * The set's charts for these rules' basic strategy. The surrender chart's rows are the hands the
 * set has a surrender play for (none without surrender: no chart), in the other charts' order.
 */
export function indexSetSections(set: FullIndexSet, chart: Chart): IndexSetSection[] {
  const main = byCell(set.plays, false);
  const sections: IndexSetSection[] = ROWS.map(([kind, cellKind, totals]) => ({
    kind,
    title: TITLES[kind],
    rows: totals.map((t) => rowOf(cellKind, t, chart, main)),
  }));
  const surrender = byCell(set.plays, true);
  const hands = new Set([...surrender.values()].flat().map((p) => p.hand));
  const rows = ROWS.flatMap(([, cellKind, totals]) => totals.filter((t) => hands.has(handOf(cellKind, t))).map((t) => rowOf(cellKind, t, chart, surrender)));
  if (rows.length > 0) sections.push({ kind: 'surrender', title: TITLES.surrender, rows });
  return sections;
}

const PLAY_CODES: Record<IndexSetPlay['play'], CellCode> = { hit: 'H', stand: 'S', double: 'Dh', split: 'P', surrender: 'Rh' };

/** The colour code of a play (codeClass's input): its first letter's family. */
export const playCode = (play: IndexSetPlay['play']): CellCode => PLAY_CODES[play];

/** The cell's short letter for a play: H, S, D, P, R. */
export const playLetter = (play: IndexSetPlay['play']): string => PLAY_CODES[play][0] as string;

/** "≥ +3" / "≤ -1": where the play starts, on its side (`gap` a thin space in a chart's narrow cells). */
export function thresholdText(p: Pick<IndexSetPlay, 'index' | 'direction'>, gap = ' '): string {
  return `${p.direction === 'at-or-above' ? '≥' : '≤'}${gap}${signed(p.index)}`;
}

/** A thin space: "≥ +10" fits a printed cell. */
export const THIN_SPACE = '\u2009';
