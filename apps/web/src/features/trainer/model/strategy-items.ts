import {
  UPCARD_KEYS,
  chartPlay,
  fullShoe,
  handEvs,
  upcardKey,
  type ActionEvs,
  type Card,
  type PlayerAction,
  type Rng,
  type Rules,
  type UpcardKey,
} from '@card-counter/engine';
import { cardOfValue, pick } from './random.ts';

// Basic strategy items: a chart cell (hard 16 v 10, soft 18 v 9, 8,8 v A) dealt as real cards.
// The answer is the engine's chart play for the player's rules (chartPlay over the rules'
// computeStrategy table), the legal plays are the actions handEvs allows, and the cost of a
// wrong answer is the exact EV the chart's play gives up to it: nothing here knows strategy.

export type CellKind = 'hard' | 'soft' | 'pair';

export interface StrategyCell {
  kind: CellKind;
  /** Hard or soft total; for a pair the card value (1 = aces). */
  total: number;
  up: UpcardKey;
}

/** Rows of the drill's chart, in print order (two-card hands; hard 20 is 10,10 and a pair). */
export const HARD_ROWS = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19] as const;
export const SOFT_ROWS = [13, 14, 15, 16, 17, 18, 19, 20] as const;
export const PAIR_ROWS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1] as const;

/** A chart row as printed: '16', 'A,7', '8,8', 'A,A'. */
export const rowLabel = (kind: CellKind, total: number): string =>
  kind === 'hard' ? String(total) : kind === 'soft' ? `A,${total - 11}` : total === 1 ? 'A,A' : `${total},${total}`;

const valueKey = (v: number): string => (v === 1 ? 'A' : String(v));

/** 'hard:16:10', 'soft:18:A', 'pair:A:6': the item key the drill schedules and the heat map reads. */
export function cellKey(cell: StrategyCell): string {
  return `${cell.kind}:${cell.kind === 'pair' ? valueKey(cell.total) : cell.total}:${cell.up}`;
}

export function parseCellKey(key: string): StrategyCell | null {
  const m = /^(hard|soft|pair):(A|\d{1,2}):(A|\d{1,2})$/.exec(key);
  if (!m) return null;
  const kind = m[1] as CellKind;
  const total = m[2] === 'A' ? 1 : Number(m[2]);
  const up = m[3] as UpcardKey;
  if (!(UPCARD_KEYS as readonly string[]).includes(up)) return null;
  const rows: readonly number[] = kind === 'hard' ? HARD_ROWS : kind === 'soft' ? SOFT_ROWS : PAIR_ROWS;
  return rows.includes(total) ? { kind, total, up } : null;
}

/** Every cell of the drill's chart. */
export function allCells(): StrategyCell[] {
  const cells: StrategyCell[] = [];
  for (const up of UPCARD_KEYS) {
    for (const total of HARD_ROWS) cells.push({ kind: 'hard', total, up });
    for (const total of SOFT_ROWS) cells.push({ kind: 'soft', total, up });
    for (const total of PAIR_ROWS) cells.push({ kind: 'pair', total, up });
  }
  return cells;
}

export const upValue = (up: UpcardKey): number => (up === 'A' ? 1 : Number(up));

/** The two card values of a cell: a pair, an ace and the rest, or two different non-ace cards. */
export function handValuesFor(rng: Rng, cell: StrategyCell): [number, number] {
  if (cell.kind === 'pair') return [cell.total, cell.total];
  if (cell.kind === 'soft') return [1, cell.total - 11];
  const splits: [number, number][] = [];
  for (let a = 2; a <= 10; a++) {
    const b = cell.total - a;
    if (b > a && b <= 10) splits.push([b, a]);
  }
  return pick(rng, splits);
}

export interface StrategyQuestion {
  key: string;
  cell: StrategyCell;
  hand: [Card, Card];
  upcard: Card;
  /** Exact EV of each action off a full shoe, null where not allowed (the legal plays). */
  evs: ActionEvs;
  /** The chart's play. */
  answer: PlayerAction;
}

/** Deals `cell` as cards and asks the engine for its legal plays, their EVs and the chart's play. */
export function strategyQuestion(rules: Rules, chartTable: Uint8Array, cell: StrategyCell, rng: Rng): StrategyQuestion {
  const values = handValuesFor(rng, cell);
  const up = upValue(cell.up);
  const evs = handEvs(rules, fullShoe(rules.numDecks), values, up);
  const answer = chartPlay(rules, values, up, evs, chartTable);
  return {
    key: cellKey(cell),
    cell,
    hand: [cardOfValue(rng, values[0]), cardOfValue(rng, values[1])],
    upcard: cardOfValue(rng, up),
    evs,
    answer,
  };
}

/** EV the choice gives up against the chart's play, in units of the bet (0 when right). */
export function costOf(q: Pick<StrategyQuestion, 'evs' | 'answer'>, chosen: PlayerAction): number {
  const best = q.evs[q.answer];
  const got = q.evs[chosen];
  if (best === null || got === null) throw new RangeError(`${chosen} is not a legal play here`);
  return Math.max(0, best - got);
}

/** The chart cell of a hand at the table (for "repeat my errors"); null when the drill has no such row. */
export function cellOfHand(hand: readonly number[], upcard: number): StrategyCell | null {
  const up = upcardKey(upcard);
  if (hand.length === 2 && hand[0] === hand[1]) return { kind: 'pair', total: hand[0] as number, up };
  const hard = hand.reduce((a, b) => a + b, 0);
  const soft = hand.includes(1) && hard + 10 <= 21;
  const cell: StrategyCell = soft ? { kind: 'soft', total: hard + 10, up } : { kind: 'hard', total: hard, up };
  return parseCellKey(cellKey(cell)) ? cell : null;
}

/** The chart cells of the hands a link asks to drill ("Drill these"), each once, in the link's order. */
export function cellKeysOfHands(hands: readonly { hand: readonly number[]; upcard: number }[]): string[] {
  const keys = new Set<string>();
  for (const h of hands) {
    const cell = cellOfHand(h.hand, h.upcard);
    if (cell) keys.add(cellKey(cell));
  }
  return [...keys];
}
