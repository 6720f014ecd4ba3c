// Running counts in count points. Tags are multiples of 1/2, so sums of them are exact in
// floating point and the running count can be kept as a plain number (1.5 for Wong Halves).

import type { Card } from '../cards.ts';
import { type CountingSystem, initialRunningCountScaled, scaledTag } from './systems.ts';

/** The running count at the start of a shoe (0 for balanced systems; the IRC for KO and Red 7). */
export function initialRunningCount(sys: CountingSystem, numDecks: number): number {
  return initialRunningCountScaled(sys, numDecks) / sys.scale;
}

/** The running count after seeing `card`. */
export function countCard(sys: CountingSystem, runningCount: number, card: Card): number {
  return runningCount + scaledTag(sys, card) / sys.scale;
}

/** The running count after seeing all `cards` from the start of a shoe of numDecks decks. */
export function runningCountOf(sys: CountingSystem, cards: readonly Card[], numDecks: number): number {
  let scaled = initialRunningCountScaled(sys, numDecks);
  for (const c of cards) scaled += scaledTag(sys, c);
  return scaled / sys.scale;
}
