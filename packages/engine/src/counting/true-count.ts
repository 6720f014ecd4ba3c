// True count conversion. Convention (documented for the trainer and the simulator):
//   decks remaining = cards remaining / 52, rounded to the nearest resolution step
//   ('exact': no rounding; 'half': nearest 0.5 deck; 'full': nearest whole deck), and never
//   below one step (exact: one card = 1/52 deck; half: 0.5; full: 1), so it never divides by 0.
//   true count = running count / decks remaining, then rounded: 'floor' (toward -infinity,
//   the usual Hi-Lo convention for index plays), 'truncate' (toward 0), 'round' (nearest,
//   halves away from 0) or 'none' (the exact quotient, for the simulator and the analyser).
// Unbalanced systems (KO, Red 7) are played on the running count: their "true count" is the
// running count itself (started at the IRC), as their books prescribe.

import { CARDS_PER_DECK } from '../cards.ts';
import type { CountingSystem } from './systems.ts';

export type DeckResolution = 'exact' | 'half' | 'full';
export type TrueCountRounding = 'floor' | 'truncate' | 'round' | 'none';

export interface TrueCountOptions {
  resolution: DeckResolution;
  rounding: TrueCountRounding;
}

export const DEFAULT_TRUE_COUNT_OPTIONS: Readonly<TrueCountOptions> = Object.freeze({ resolution: 'half', rounding: 'floor' });

export function decksRemaining(cardsRemaining: number, resolution: DeckResolution): number {
  if (!Number.isFinite(cardsRemaining) || cardsRemaining < 0) throw new RangeError(`cardsRemaining must be >= 0 (got ${cardsRemaining})`);
  const decks = cardsRemaining / CARDS_PER_DECK;
  switch (resolution) {
    case 'exact':
      return Math.max(decks, 1 / CARDS_PER_DECK);
    case 'half':
      return Math.max(Math.round(decks * 2) / 2, 0.5);
    case 'full':
      return Math.max(Math.round(decks), 1);
  }
}

export function roundTrueCount(x: number, rounding: TrueCountRounding): number {
  let r: number;
  switch (rounding) {
    case 'floor':
      r = Math.floor(x);
      break;
    case 'truncate':
      r = Math.trunc(x);
      break;
    case 'round':
      r = Math.sign(x) * Math.round(Math.abs(x));
      break;
    case 'none':
      r = x;
      break;
  }
  return r === 0 ? 0 : r; // no -0 in JSON or UI
}

/** True count from a running count in count points (not scaled). */
export function trueCount(runningCount: number, cardsRemaining: number, options: TrueCountOptions = DEFAULT_TRUE_COUNT_OPTIONS): number {
  return roundTrueCount(runningCount / decksRemaining(cardsRemaining, options.resolution), options.rounding);
}

/** The count a player of this system decides on: TC for balanced systems, RC for unbalanced ones. */
export function decisionCount(sys: CountingSystem, runningCount: number, cardsRemaining: number, options: TrueCountOptions = DEFAULT_TRUE_COUNT_OPTIONS): number {
  return sys.balanced ? trueCount(runningCount, cardsRemaining, options) : runningCount;
}
