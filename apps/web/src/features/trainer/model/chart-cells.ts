import type { Chart, ChartCode } from '@card-counter/engine';
import type { StrategyCell } from './strategy-items.ts';

// The Charts screen's words and colours: the engine's chart codes for a cell, what they mean,
// and the index set's plays in words.

/** The code printed in a cell. 'Ph' (split because doubling after a split is allowed) is a split at this table. */
export type CellCode = Exclude<ChartCode, 'Ph'>;

export function chartCodeOf(chart: Chart, cell: StrategyCell): CellCode {
  const rows = cell.kind === 'hard' ? chart.hard : cell.kind === 'soft' ? chart.soft : chart.pairs;
  const row = rows[cell.kind === 'pair' && cell.total === 1 ? 'A' : String(cell.total)];
  const code = row?.[cell.up] ?? 'H';
  return code === 'Ph' ? 'P' : code;
}

export const CODE_WORDS: Record<CellCode, string> = {
  H: 'Hit',
  S: 'Stand',
  Dh: 'Double, else hit',
  Ds: 'Double, else stand',
  P: 'Split',
  Rh: 'Surrender, else hit',
  Rs: 'Surrender, else stand',
  Rp: 'Surrender, else split',
};

/** Printed charts' colours by the play: light fills with dark text, legible on screen and on paper. */
export function codeClass(code: CellCode): string {
  switch (code[0]) {
    case 'S':
      return 'bg-amber-200 text-slate-950';
    case 'D':
      return 'bg-emerald-300 text-slate-950';
    case 'P':
      return 'bg-sky-300 text-slate-950';
    case 'R':
      return 'bg-slate-300 text-slate-950';
    default:
      return 'bg-rose-200 text-slate-950';
  }
}

const PLAY_WORDS: Record<string, string> = {
  hit: 'Hit',
  stand: 'Stand',
  double: 'Double',
  split: 'Split',
  surrender: 'Surrender',
  insure: 'Insure',
  'no-insurance': 'Decline',
};

export const playWord = (action: string): string => PLAY_WORDS[action] ?? action;
