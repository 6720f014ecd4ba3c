// A new game state: betting phase, no cards, a balance of 10000 credits unless told otherwise.

import { DEFAULT_TRUE_COUNT_OPTIONS } from '../counting/true-count.ts';
import { DEFAULT_COUNTING_SYSTEM } from '../counting/systems.ts';
import { countingSystemOf, parseCustomCount } from '../counting/custom.ts';
import { initialRunningCount } from '../counting/running-count.ts';
import { parseRules } from '../rules.ts';
import { cardsDealt, type ShoeState } from '../shoe.ts';
import type { CountingOptions, GameState, SessionStats } from './types.ts';

export const INITIAL_BALANCE = 10000;
export const INITIAL_GAME_STATUS = 'Place your bet and click Deal!';

export function emptySessionStats(): SessionStats {
  return {
    handsPlayed: 0,
    handsWon: 0,
    handsLost: 0,
    handsPushed: 0,
    totalBet: 0,
    totalWon: 0,
    totalLost: 0,
    biggestWin: 0,
    biggestLoss: 0,
    currentStreak: 0,
    bestStreak: 0,
    worstStreak: 0,
  };
}

export interface CreateGameOptions {
  /** Rule keys (validated with parseRules; missing keys take the defaults). */
  rules?: unknown;
  balance?: number;
  counting?: Partial<CountingOptions>;
  /** A shoe to start from (tests, drills, a restored server shoe). Null: shuffle at the first deal. */
  shoe?: ShoeState | null;
}

export function createGame(options: CreateGameOptions = {}): GameState {
  const config = parseRules(options.rules ?? {});
  const balance = options.balance ?? INITIAL_BALANCE;
  if (!Number.isFinite(balance) || balance < 0) throw new RangeError(`balance must be >= 0 (got ${balance})`);
  const counting: CountingOptions = {
    system: options.counting?.system ?? DEFAULT_COUNTING_SYSTEM,
    resolution: options.counting?.resolution ?? DEFAULT_TRUE_COUNT_OPTIONS.resolution,
    rounding: options.counting?.rounding ?? DEFAULT_TRUE_COUNT_OPTIONS.rounding,
  };
  // A custom count is kept as checked (CustomCountError otherwise); a built-in takes none.
  if (options.counting?.custom !== undefined || counting.system === 'custom') counting.custom = parseCustomCount(options.counting?.custom);
  const sys = countingSystemOf(counting);
  const shoe = options.shoe ?? null;
  if (shoe && shoe.numDecks !== config.numDecks) throw new RangeError(`the shoe has ${shoe.numDecks} decks but the rules say ${config.numDecks}`);
  const rc = initialRunningCount(sys, config.numDecks);
  return {
    version: 0,
    gameInProgress: false,
    gamePhase: 'betting',
    currentHandIndex: 0,
    playerHands: [],
    computerSeats: [],
    sittingOut: false,
    dealerCards: [],
    holeCardRevealed: false,
    deck: shoe,
    heldShoes: [],
    dealLog: [],
    roundStartPosition: shoe?.position ?? 0,
    currentBet: 0,
    handBets: new Array<number>(config.numInitialHands).fill(0),
    balance,
    insuranceBet: 0,
    canTakeInsurance: false,
    insuranceOffered: false,
    runningCount: rc,
    trueCount: sys.balanced ? 0 : rc,
    runningCountAtBet: rc,
    acesSeenAtBet: 0,
    cardsDealtFromShoe: shoe ? cardsDealt(shoe) : 0,
    totalHandsFromSplits: 0,
    config,
    counting,
    gameStatus: INITIAL_GAME_STATUS,
    lastResult: null,
    lastShoeReveal: null,
    sessionStats: emptySessionStats(),
  };
}
