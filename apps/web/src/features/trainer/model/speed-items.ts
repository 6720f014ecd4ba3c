import {
  FLASH_CARDS_MAX,
  FLASH_CARDS_MIN,
  PAIRS_MAX,
  PAIRS_MIN,
  TABLE_ROUND_SEATS_MAX,
  TABLE_ROUND_SEATS_MIN,
  betItem,
  flashItem,
  pairsItem,
  tableRoundItem,
  type BetStandard,
} from '@card-counter/shared';

// The items of issue 39's drills (ADR 0062, 0063), named by the question as every drill's are
// (ADR 0013): the spaced repetition deals the sizes (and counts) missed or slow again sooner.
// The server deals the cards of whichever item the scheduler picks.

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const FLASH_ITEMS: readonly string[] = range(FLASH_CARDS_MIN, FLASH_CARDS_MAX).map(flashItem);
export const PAIRS_ITEMS: readonly string[] = range(PAIRS_MIN, PAIRS_MAX).map(pairsItem);
export const ROUND_ITEMS: readonly string[] = range(TABLE_ROUND_SEATS_MIN, TABLE_ROUND_SEATS_MAX).map(tableRoundItem);

/** The counts bet sizing asks at: from one below the lowest that gains to well past a typical ramp's top. */
export const BET_COUNTS: readonly number[] = range(-2, 8);
export const betItems = (standard: BetStandard): string[] => BET_COUNTS.map((c) => betItem(standard, c));

/** The size an item names: 'fl:4c' -> 4, 'pr:6p' -> 6, 'tr:5s' -> 5, 'bs:kelly:+3' -> 3. */
export function itemSize(item: string): number {
  const m = /^(?:fl:(\d+)c|pr:(\d+)p|tr:(\d+)s|bs:(?:ramp|kelly):([+-]?\d+))$/.exec(item);
  const n = m?.slice(1).find((g) => g !== undefined);
  if (n === undefined) throw new RangeError(`not an item of these drills: ${item}`);
  return Number(n);
}
