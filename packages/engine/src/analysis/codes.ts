// Strategy codes as published charts print them, and the compact numeric table the simulator
// reads in its hot loop (same numbering as bench/reference/limit-sim.c).

/** Chart cell codes: H hit, S stand, Dh/Ds double else hit/stand, P split, Ph split if DAS
 * else hit, Rh/Rs/Rp surrender else hit/stand/split. */
export type ChartCode = 'H' | 'S' | 'Dh' | 'Ds' | 'P' | 'Ph' | 'Rh' | 'Rs' | 'Rp';

/** Numeric actions of the lookup table. */
export const TABLE_STAND = 1;
export const TABLE_HIT = 2;
export const TABLE_DOUBLE = 3;
export const TABLE_SPLIT = 4;
export const TABLE_SURRENDER = 5;

/** Upcard keys of a chart row, in print order; value = card value (1 = ace). */
export const UPCARD_KEYS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'A'] as const;
export type UpcardKey = (typeof UPCARD_KEYS)[number];

export function upcardKey(up: number): UpcardKey {
  return (up === 1 ? 'A' : String(up)) as UpcardKey;
}

export type ChartRow = Record<UpcardKey, ChartCode>;

export interface Chart {
  /** Hard totals "4".."21". */
  hard: Record<string, ChartRow>;
  /** Soft totals "13".."21". */
  soft: Record<string, ChartRow>;
  /** Pairs "2".."10", "A". */
  pairs: Record<string, ChartRow>;
}

/** Table size and index: [total 0..21][soft 0..1][up 0..10][dd][sp][sr]. */
export const TABLE_SIZE = 22 * 2 * 11 * 8;

export function tableIndex(total: number, soft: number, up: number, dd: number, sp: number, sr: number): number {
  return ((((total * 2 + soft) * 11 + up) * 2 + dd) * 2 + sp) * 2 + sr;
}

/**
 * Resolves a chart code into the numeric action given what is allowed right now.
 * das: the rules allow doubling after splits (only used by Ph).
 */
export function resolveCode(code: ChartCode, canDouble: boolean, canSplit: boolean, canSurrender: boolean, das: boolean): number {
  switch (code) {
    case 'H':
      return TABLE_HIT;
    case 'S':
      return TABLE_STAND;
    case 'Dh':
      return canDouble ? TABLE_DOUBLE : TABLE_HIT;
    case 'Ds':
      return canDouble ? TABLE_DOUBLE : TABLE_STAND;
    case 'P':
      return canSplit ? TABLE_SPLIT : TABLE_HIT;
    case 'Ph':
      return canSplit && das ? TABLE_SPLIT : TABLE_HIT;
    case 'Rh':
      return canSurrender ? TABLE_SURRENDER : TABLE_HIT;
    case 'Rs':
      return canSurrender ? TABLE_SURRENDER : TABLE_STAND;
    case 'Rp':
      return canSurrender ? TABLE_SURRENDER : canSplit ? TABLE_SPLIT : TABLE_HIT;
  }
}
