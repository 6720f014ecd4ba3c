import {
  countingSystemOf,
  decksRemaining,
  runningCountOf,
  trueCount,
  type Card,
  type CountSpec,
  type CountingOptions,
  type DeckResolution,
  type Rng,
  type Rules,
} from '@card-counter/engine';
import { COUNTDOWN_DECKS_MAX, COUNTDOWN_HELD_BACK_MAX, COUNTDOWN_PER_FLASH_MAX, countdownItem } from '@card-counter/shared';
import { randInt, shuffledDecks } from './random.ts';

// The counting drills: the deck countdown (the engine's running count of what was shown), the
// true count from a running count and a discard tray (the engine's trueCount with the player's
// resolution and rounding) and deck estimation (the engine's decksRemaining).

const CARDS_PER_DECK = 52;

/** Published benchmarks of a one-deck countdown. */
export const COUNTDOWN_BENCHMARK_s = { good: 45, expert: 25 } as const;

export interface CountdownOptions {
  decks: number;
  /** Cards shown together (1-3). */
  perFlash: number;
  /** Cards kept back at the end so the final count is not simply the system's full-deck sum. */
  heldBack: number;
}

export interface Countdown {
  options: CountdownOptions;
  /** Cards shown, in order (the deck(s) less the held-back cards). */
  cards: Card[];
  /** Flashes: index ranges into cards. */
  flashes: number;
  key: string;
}

export function countdownKey(decks: number, perFlash: number): string {
  return countdownItem(decks, perFlash);
}

/** A countdown over `cards` (this browser's shuffle for a guest, the server's deal for a signed-in player). */
export function countdownOf(decks: number, perFlash: number, cards: readonly Card[]): Countdown {
  if (!Number.isInteger(decks) || decks < 1 || decks > COUNTDOWN_DECKS_MAX) throw new RangeError(`1 to ${COUNTDOWN_DECKS_MAX} decks`);
  if (!Number.isInteger(perFlash) || perFlash < 1 || perFlash > COUNTDOWN_PER_FLASH_MAX) throw new RangeError(`1 to ${COUNTDOWN_PER_FLASH_MAX} cards at a time`);
  const heldBack = decks * CARDS_PER_DECK - cards.length;
  if (heldBack < 1 || heldBack > COUNTDOWN_HELD_BACK_MAX) throw new RangeError(`a countdown holds back 1 to ${COUNTDOWN_HELD_BACK_MAX} cards, not ${heldBack}`);
  return { options: { decks, perFlash, heldBack }, cards: [...cards], flashes: Math.ceil(cards.length / perFlash), key: countdownKey(decks, perFlash) };
}

/** A guest's countdown, shuffled in this browser (it pays nothing: ADR 0027). */
export function makeCountdown(rng: Rng, decks: number, perFlash: number): Countdown {
  const heldBack = randInt(rng, 1, COUNTDOWN_HELD_BACK_MAX);
  return countdownOf(decks, perFlash, shuffledDecks(rng, decks).slice(0, decks * CARDS_PER_DECK - heldBack));
}

export function flashCards(c: Countdown, flash: number): Card[] {
  return c.cards.slice(flash * c.options.perFlash, (flash + 1) * c.options.perFlash);
}

/** The running count after `shown` cards of the countdown (the system's IRC for its decks included). */
export function countdownRunningCount(c: Countdown, count: CountSpec, shown: number): number {
  return runningCountOf(countingSystemOf(count), c.cards.slice(0, shown), c.options.decks);
}

/**
 * Random stops: after which flashes to ask for the count (bounded: one every 10 to 30 flashes).
 * The last flash is never a stop: the end of the countdown asks anyway.
 */
export function randomStops(rng: Rng, flashes: number): number[] {
  const stops: number[] = [];
  for (let at = randInt(rng, 10, 30); at < flashes - 1 && stops.length < 100; at += randInt(rng, 10, 30)) stops.push(at);
  return stops;
}

/** Seconds per deck of a finished countdown. */
export function secondsPerDeck(elapsed_ms: number, cardsShown: number): number {
  return elapsed_ms / 1000 / (cardsShown / CARDS_PER_DECK);
}

// ----- True count and deck estimation -----------------------------------------------------

export interface TrayQuestion {
  key: string;
  numDecks: number;
  cardsPlayed: number;
  runningCount: number;
  /** The engine's answer under the player's convention. */
  answer: number;
}

/** The resolution deck estimation is asked at ('exact' is not something an eye can give: half decks). */
export function estimationResolution(resolution: DeckResolution): Exclude<DeckResolution, 'exact'> {
  return resolution === 'full' ? 'full' : 'half';
}

/** The shoe a tray question is dealt from: its decks, and where the rules reshuffle it. */
export type TrayShoe = Pick<Rules, 'numDecks' | 'shufflePoint'>;

/** Decks per step of the tray questions: half decks, or whole decks for a player who rounds to them. */
function trayStepDecks(numDecks: number, resolution: DeckResolution): number {
  // A one-deck shoe in whole decks has no step between empty and full: it is read in halves.
  return estimationResolution(resolution) === 'full' && numDecks > 1 ? 1 : 0.5;
}

/**
 * Fewest cards a tray question leaves in the shoe: more than the shuffle point, since the rules
 * reshuffle before a round when that much or less is left (a 6-deck shoe at 75% penetration
 * never shows fewer than 79 cards at the start of a round).
 */
export function trayCardsLeftMin(shoe: TrayShoe): number {
  return Math.floor(shoe.shufflePoint * shoe.numDecks * CARDS_PER_DECK) + 1;
}

/** How far (in cards) a question's remaining cards stray from its decks, either way. */
function trayJitterCards(stepDecks: number, resolution: DeckResolution): number {
  // With exact resolution every card changes the divisor: the tray then shows whole half decks.
  return resolution === 'exact' ? 0 : Math.floor((stepDecks * CARDS_PER_DECK) / 6);
}

/** The remaining-deck amounts a tray question can show (its items for spaced repetition): inside the shoe the rules deal. */
export function trayRemainingDecks(shoe: TrayShoe, resolution: DeckResolution): number[] {
  const step = trayStepDecks(shoe.numDecks, resolution);
  const spread = trayJitterCards(step, resolution);
  const leftMin = trayCardsLeftMin(shoe);
  const out: number[] = [];
  for (let d = step; d < shoe.numDecks - 1e-9 && out.length < 32; d += step) {
    if (Math.round(d * CARDS_PER_DECK) + spread >= leftMin) out.push(d);
  }
  // A shoe reshuffled before half a step is dealt (a shuffle point near the top): a full shoe, less a few cards.
  return out.length > 0 ? out : [shoe.numDecks];
}

/**
 * Cards played so that the remaining decks sit clearly inside one step of the resolution (never
 * on a rounding boundary an eye cannot tell apart), at least one step played, and never past
 * the shuffle point. `remaining_decks`: the amount to show (one of trayRemainingDecks), else one at random.
 */
function trayCardsPlayed(rng: Rng, shoe: TrayShoe, resolution: DeckResolution, remaining_decks?: number): number {
  const choices = trayRemainingDecks(shoe, resolution);
  const decks = remaining_decks !== undefined && choices.includes(remaining_decks) ? remaining_decks : choices[randInt(rng, 0, choices.length - 1)]!;
  const spread = trayJitterCards(trayStepDecks(shoe.numDecks, resolution), resolution);
  const centre = Math.round(decks * CARDS_PER_DECK);
  const most = Math.min(centre + spread, shoe.numDecks * CARDS_PER_DECK - 1);
  const left = randInt(rng, Math.min(Math.max(centre - spread, trayCardsLeftMin(shoe)), most), most);
  return shoe.numDecks * CARDS_PER_DECK - left;
}

/** A running count a counter could meet this deep in the shoe (about one SD of the Hi-Lo count). */
function plausibleRunningCount(rng: Rng, cardsPlayed: number, halves: boolean): number {
  const sd = Math.max(2, Math.round(Math.sqrt(cardsPlayed) * 0.9));
  const rc = randInt(rng, -sd * (halves ? 2 : 1), sd * (halves ? 2 : 1));
  return halves ? rc / 2 : rc;
}

/** 'tc:2.5': a true count over 2.5 decks left (the divisor is what makes a conversion hard). */
export function trueCountKey(remaining_decks: number): string {
  return `tc:${remaining_decks}`;
}

export function trueCountKeys(shoe: TrayShoe, counting: CountingOptions): string[] {
  return trayRemainingDecks(shoe, counting.resolution).map(trueCountKey);
}

const decksOfKey = (key: string | undefined): number | undefined => (key === undefined ? undefined : Number(key.split(':').at(-1)));

/** A true count question; `key` (one of trueCountKeys) picks the decks left, else at random. */
export function trueCountQuestion(rng: Rng, shoe: TrayShoe, counting: CountingOptions, key?: string): TrayQuestion {
  const cardsPlayed = trayCardsPlayed(rng, shoe, counting.resolution, decksOfKey(key));
  const remaining = shoe.numDecks * CARDS_PER_DECK - cardsPlayed;
  const rc = plausibleRunningCount(rng, cardsPlayed, countingSystemOf(counting).scale === 2);
  return {
    key: trueCountKey(trayRemainingDecks(shoe, counting.resolution).reduce((a, b) => (Math.abs(b * 52 - remaining) < Math.abs(a * 52 - remaining) ? b : a))),
    numDecks: shoe.numDecks,
    cardsPlayed,
    runningCount: rc,
    answer: trueCount(rc, remaining, { resolution: counting.resolution, rounding: counting.rounding }),
  };
}

/**
 * Grades a true count. With a rounding convention the answer is a whole number and must equal the
 * engine's; with 'none' (the exact quotient) an answer to one decimal is right when it is within
 * 0.05 of it (one decimal is what a player can say).
 */
export function gradeTrueCount(answer: number, expected: number, counting: Pick<CountingOptions, 'rounding'>): boolean {
  if (!Number.isFinite(answer)) return false;
  if (counting.rounding === 'none') return Math.abs(answer - expected) <= 0.05 + 1e-9;
  return answer === expected;
}

export function deckEstimationKeys(shoe: TrayShoe, counting: CountingOptions): string[] {
  return trayRemainingDecks(shoe, estimationResolution(counting.resolution)).map((d) => `de:${shoe.numDecks}d:${d}`);
}

/** A deck estimation question; `key` (one of deckEstimationKeys) picks the decks left, else at random. */
export function deckEstimationQuestion(rng: Rng, shoe: TrayShoe, counting: CountingOptions, key?: string): TrayQuestion {
  const resolution = estimationResolution(counting.resolution);
  const cardsPlayed = trayCardsPlayed(rng, shoe, resolution, decksOfKey(key));
  const answer = decksRemaining(shoe.numDecks * CARDS_PER_DECK - cardsPlayed, resolution);
  return { key: `de:${shoe.numDecks}d:${answer}`, numDecks: shoe.numDecks, cardsPlayed, runningCount: 0, answer };
}

export function gradeDeckEstimate(answer: number, expected: number): boolean {
  return Number.isFinite(answer) && Math.abs(answer - expected) < 1e-9;
}
