import {
  decksRemaining,
  getCountingSystem,
  runningCountOf,
  trueCount,
  type Card,
  type CountingOptions,
  type DeckResolution,
  type Rng,
} from '@card-counter/engine';
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
  return `rc:${decks}d:${perFlash}c`;
}

export function makeCountdown(rng: Rng, decks: number, perFlash: number): Countdown {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) throw new RangeError('1 to 8 decks');
  if (!Number.isInteger(perFlash) || perFlash < 1 || perFlash > 3) throw new RangeError('1 to 3 cards at a time');
  const heldBack = randInt(rng, 1, 5);
  const cards = shuffledDecks(rng, decks).slice(0, decks * CARDS_PER_DECK - heldBack);
  return { options: { decks, perFlash, heldBack }, cards, flashes: Math.ceil(cards.length / perFlash), key: countdownKey(decks, perFlash) };
}

export function flashCards(c: Countdown, flash: number): Card[] {
  return c.cards.slice(flash * c.options.perFlash, (flash + 1) * c.options.perFlash);
}

/** The running count after `shown` cards of the countdown (the system's IRC for its decks included). */
export function countdownRunningCount(c: Countdown, system: CountingOptions['system'], shown: number): number {
  return runningCountOf(getCountingSystem(system), c.cards.slice(0, shown), c.options.decks);
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

/**
 * Cards played so that the remaining decks sit clearly inside one step of the resolution (never
 * on a rounding boundary an eye cannot tell apart), at least one step left and one step played.
 */
function trayCardsPlayed(rng: Rng, numDecks: number, resolution: DeckResolution): number {
  const step = estimationResolution(resolution) === 'full' ? CARDS_PER_DECK : CARDS_PER_DECK / 2;
  const steps = (numDecks * CARDS_PER_DECK) / step;
  const remainingSteps = randInt(rng, 1, steps - 1);
  // With exact resolution every card changes the divisor: the tray then shows whole half decks.
  const spread = resolution === 'exact' ? 0 : Math.floor(step / 6);
  const jitter = randInt(rng, -spread, spread);
  return numDecks * CARDS_PER_DECK - (remainingSteps * step + jitter);
}

/** A running count a counter could meet this deep in the shoe (about one SD of the Hi-Lo count). */
function plausibleRunningCount(rng: Rng, cardsPlayed: number, halves: boolean): number {
  const sd = Math.max(2, Math.round(Math.sqrt(cardsPlayed) * 0.9));
  const rc = randInt(rng, -sd * (halves ? 2 : 1), sd * (halves ? 2 : 1));
  return halves ? rc / 2 : rc;
}

export function trueCountKey(cardsRemaining: number): string {
  return `tc:${decksRemaining(cardsRemaining, 'half')}`;
}

export function trueCountQuestion(rng: Rng, numDecks: number, counting: CountingOptions): TrayQuestion {
  const cardsPlayed = trayCardsPlayed(rng, numDecks, counting.resolution);
  const remaining = numDecks * CARDS_PER_DECK - cardsPlayed;
  const rc = plausibleRunningCount(rng, cardsPlayed, getCountingSystem(counting.system).scale === 2);
  return {
    key: trueCountKey(remaining),
    numDecks,
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

export function deckEstimationQuestion(rng: Rng, numDecks: number, counting: CountingOptions): TrayQuestion {
  const resolution = estimationResolution(counting.resolution);
  const cardsPlayed = trayCardsPlayed(rng, numDecks, resolution);
  const answer = decksRemaining(numDecks * CARDS_PER_DECK - cardsPlayed, resolution);
  return { key: `de:${numDecks}d:${answer}`, numDecks, cardsPlayed, runningCount: 0, answer };
}

export function gradeDeckEstimate(answer: number, expected: number): boolean {
  return Number.isFinite(answer) && Math.abs(answer - expected) < 1e-9;
}
