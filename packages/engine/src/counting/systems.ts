// Card-counting tag tables. Tags are indexed by card value (1 = ace .. 10 = ten-valued;
// index 0 unused) and stored as integers scaled by `scale`: Wong Halves has half-point tags,
// so its table holds doubled tags with scale 2. Running counts are kept scaled (exact integer
// arithmetic) and divided by `scale` only for display and true-count conversion.

import { type Card, cardValue, isRed } from '../cards.ts';

/** The built-in systems. */
export type CountingSystemId = 'hi-lo' | 'ko' | 'hi-opt-1' | 'hi-opt-2' | 'omega-2' | 'zen' | 'wong-halves' | 'red-7';
/** A built-in system or the player's own (custom.ts). */
export type CountId = CountingSystemId | 'custom';

export interface CountingSystem {
  readonly id: CountId;
  readonly name: string;
  /** Balanced: a full deck sums to 0. Unbalanced systems are played on the running count. */
  readonly balanced: boolean;
  /** Scaled tags, index 1..10 by card value. */
  readonly tags: readonly number[];
  /** Tags are multiplied by this to stay integers (2 for Wong Halves). */
  readonly scale: 1 | 2;
  /** Red 7: extra scaled tag for a red seven on top of tags[7] (black sevens get tags[7] = 0). */
  readonly redSevenBonus: number;
  /**
   * Scaled running count at the start of a one-deck shoe (0 for balanced systems). A shoe of d
   * decks starts (d - 1) deck sums lower: see initialRunningCountScaled.
   */
  readonly ircOneDeckScaled: number;
}

function system(id: CountingSystemId, name: string, tags: number[], scale: 1 | 2 = 1, redSevenBonus = 0, ircOneDeckScaled = 0): CountingSystem {
  // tags[0] is a placeholder so that tags[value] reads naturally.
  if (tags.length !== 11) throw new Error(`${id}: need 10 tags`);
  const balanced = scaledDeckSum({ tags, redSevenBonus }) === 0;
  return Object.freeze({ id, name, balanced, tags: Object.freeze(tags), scale, redSevenBonus, ircOneDeckScaled });
}

//                                         -   A   2  3  4  5  6  7  8  9  T
export const COUNTING_SYSTEMS: Readonly<Record<CountingSystemId, CountingSystem>> = Object.freeze({
  'hi-lo': system('hi-lo', 'Hi-Lo', [0, -1, 1, 1, 1, 1, 1, 0, 0, 0, -1]),
  ko: system('ko', 'Knock-Out (KO)', [0, -1, 1, 1, 1, 1, 1, 1, 0, 0, -1]),
  'hi-opt-1': system('hi-opt-1', 'Hi-Opt I', [0, 0, 0, 1, 1, 1, 1, 0, 0, 0, -1]),
  'hi-opt-2': system('hi-opt-2', 'Hi-Opt II', [0, 0, 1, 1, 2, 2, 1, 1, 0, 0, -2]),
  'omega-2': system('omega-2', 'Omega II', [0, 0, 1, 1, 2, 2, 2, 1, 0, -1, -2]),
  zen: system('zen', 'Zen Count', [0, -1, 1, 1, 2, 2, 2, 1, 0, 0, -2]),
  // Wong Halves, doubled: A -1, 2 +0.5, 3 +1, 4 +1, 5 +1.5, 6 +1, 7 +0.5, 8 0, 9 -0.5, T -1.
  'wong-halves': system('wong-halves', 'Wong Halves', [0, -2, 1, 2, 2, 3, 2, 1, 0, -1, -2], 2),
  // Red 7: Hi-Lo with red sevens +1 and black sevens 0.
  'red-7': system('red-7', 'Red Seven', [0, -1, 1, 1, 1, 1, 1, 0, 0, 0, -1], 1, 1, -2),
});

export const DEFAULT_COUNTING_SYSTEM: CountingSystemId = 'hi-lo';

export function getCountingSystem(id: CountingSystemId = DEFAULT_COUNTING_SYSTEM): CountingSystem {
  const s = COUNTING_SYSTEMS[id];
  if (!s) throw new RangeError(`unknown counting system ${JSON.stringify(id)}`);
  return s;
}

/** Scaled tag of a card (needs the suit only for Red 7). */
export function scaledTag(sys: CountingSystem, card: Card): number {
  const v = cardValue(card);
  const t = sys.tags[v] ?? 0;
  return v === 7 && sys.redSevenBonus !== 0 && isRed(card) ? t + sys.redSevenBonus : t;
}

/** Tag of a card in count points (e.g. 0.5 for a Wong Halves 2). */
export function tagOf(sys: CountingSystem, card: Card): number {
  return scaledTag(sys, card) / sys.scale;
}

/** Sum of scaled tags over one full deck: 0 for balanced systems, +4 for KO, +2 for Red 7. */
export function scaledDeckSum(sys: Pick<CountingSystem, 'tags' | 'redSevenBonus'>): number {
  return 4 * sys.tags.slice(1, 10).reduce((a, b) => a + b, 0) + 16 * (sys.tags[10] ?? 0) + 2 * sys.redSevenBonus;
}

/**
 * Initial running count, scaled: the one-deck IRC, less one deck sum per further deck, so a
 * count's pivot means the same at any number of decks. Balanced systems start at 0. KO (one
 * deck 0) gets the book's standard IRC 4 - 4 * decks (its pivot, +4, equals a true count of
 * +4); Red 7 (one deck -2) starts at -2 * decks (Snyder's convention), so for both a complete
 * shoe counts up to +4 or 0 by its end.
 */
export function initialRunningCountScaled(sys: Pick<CountingSystem, 'tags' | 'redSevenBonus' | 'ircOneDeckScaled'>, numDecks: number): number {
  const irc = sys.ircOneDeckScaled - scaledDeckSum(sys) * (numDecks - 1);
  return irc === 0 ? 0 : irc;
}

/** KO key counts with the standard IRC (Vancura & Fuchs): the count at which the player gains the edge. */
const KO_KEY_COUNTS: Readonly<Record<number, number>> = { 1: 2, 2: 1, 6: -4, 8: -6 };
/** KO pivot: with the standard IRC, RC +4 coincides with true count +4 at any depth. */
export const KO_PIVOT = 4;

/** The published KO key count for this many decks, or null where the book gives none. */
export function koKeyCount(numDecks: number): number | null {
  return KO_KEY_COUNTS[numDecks] ?? null;
}
