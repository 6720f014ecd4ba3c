// The game state: the table, the player's hands and bets, balance, count and session stats
// that the product shows, plus what a pure reducer needs to be self-contained (hole-card flag,
// round start, counting options, the previous shoe's reveal, a version). Everything is plain JSON.

import type { Card } from '../cards.ts';
import type { DeckResolution, TrueCountRounding } from '../counting/true-count.ts';
import type { CountId } from '../counting/systems.ts';
import type { CustomCount } from '../counting/custom.ts';
import type { Rules } from '../rules.ts';
import type { RefusalCode } from './refusal.ts';
import type { ShoeReveal, ShoeState } from '../shoe.ts';
import type { DealEvent } from './deal-log.ts';

/** 'playing' covers the players' turns; the dealer plays inside the action that ends them. */
/** 'surrender': early surrender asked before the dealer's peek, hand by hand (decision record 0050). */
export type GamePhase = 'betting' | 'insurance' | 'surrender' | 'playing' | 'roundOver';

export type HandStatus = 'playing' | 'stood' | 'doubled' | 'busted' | 'blackjack' | 'surrendered';

export type HandOutcome = 'blackjack' | 'win' | 'push' | 'loss' | 'bust' | 'surrender' | 'evenMoney';

export interface PlayerHand {
  /** The betting spot (0-based) this hand belongs to. */
  spot: number;
  cards: Card[];
  /** Credits staked on this hand (doubled when doubled). */
  bet: number;
  status: HandStatus;
  fromSplit: boolean;
  splitAces: boolean;
  /** The player took even money on this natural. */
  evenMoney: boolean;
  outcome: HandOutcome | null;
  /** Credits returned at settlement, stake included (0 for a loss). */
  payout: number;
}

/**
 * A computer seat's hand: played by the chart (seats.ts), with no money (the ledger and the
 * player's balance never see it). `outcome` is set at settlement, for the screen.
 */
export interface ComputerHand {
  cards: Card[];
  status: HandStatus;
  fromSplit: boolean;
  splitAces: boolean;
  outcome: Exclude<HandOutcome, 'evenMoney'> | null;
}

export interface ComputerSeat {
  /** The seat's place in dealing order among all seats (0 = first base, dealt first). */
  seat: number;
  hands: ComputerHand[];
}

export interface SessionStats {
  handsPlayed: number;
  handsWon: number;
  handsLost: number;
  handsPushed: number;
  totalBet: number;
  totalWon: number;
  totalLost: number;
  biggestWin: number;
  biggestLoss: number;
  /** > 0: rounds won in a row; < 0: rounds lost in a row. */
  currentStreak: number;
  bestStreak: number;
  worstStreak: number;
}

export interface HandResult {
  spot: number;
  cards: Card[];
  bet: number;
  outcome: HandOutcome;
  payout: number;
  net: number;
}

export interface RoundResult {
  hands: HandResult[];
  dealerCards: Card[];
  dealerTotal: number;
  dealerBlackjack: boolean;
  insuranceBet: number;
  insurancePayout: number;
  /** Everything staked this round (hands, doubles, splits, insurance). */
  totalBet: number;
  /** Credits won (> 0) or lost (< 0) this round. */
  net: number;
  /** The running count when the bets were placed, for the betting-patterns record. */
  runningCountAtBet: number;
}

export interface CountingOptions {
  system: CountId;
  /** The player's own count (counting/custom.ts), with system 'custom' and only then. */
  custom?: CustomCount;
  resolution: DeckResolution;
  rounding: TrueCountRounding;
  /** The player keeps an ace side count and bets on it (decision record 0051); only counts with an ace weight use it. */
  aceSideCount?: boolean;
}

/** A shoe's reveal as published: the commitment shown at its shuffle and what opens it (reveal.ts). */
export interface PublishedShoe {
  commitment: string;
  reveal: ShoeReveal;
}

export interface GameState {
  /**
   * 0 for a new game; every accepted step adds one, a refused step leaves it as it was. A server
   * holding the state can tell a stale request (made against an older version) from an illegal one.
   */
  version: number;
  gameInProgress: boolean;
  gamePhase: GamePhase;
  currentHandIndex: number;
  playerHands: PlayerHand[];
  /**
   * This round's computer seats (rules.otherPlayers of them, in dealing order; seats.ts says
   * where the player's spots sit among them); empty between rounds. Their cards count.
   */
  computerSeats: ComputerSeat[];
  /** The player watches: deals give the player's spots no cards and take no stakes. */
  sittingOut: boolean;
  /**
   * dealerCards[1] is the hole card: hidden from visible() until holeCardRevealed. Without the
   * peek (no hole card) the dealer has one card until the players are done.
   */
  dealerCards: Card[];
  holeCardRevealed: boolean;
  /** The shoe; null until the first deal shuffles one. Server-side only. */
  deck: ShoeState | null;
  /**
   * Shoes replaced while a card dealt from them is still hidden (the shoe ran out with the hole
   * card face down), oldest first: their reveal waits until it is turned (reveal.ts, decision
   * record 0004). Server-side only, like `deck`; empty between rounds.
   */
  heldShoes: ShoeState[];
  /**
   * This round's deal log (deal-log.ts), from its deal until the table is cleared
   * (clear-round.ts): the hole card is in it, so it is server-side only, like `deck` (visible()
   * leaves it out; decision record 0061).
   */
  dealLog: DealEvent[];
  /** Shoe position at the start of this round's deal (to account for the round's cards). */
  roundStartPosition: number;
  /** Sum of the spot bets placed for the round. */
  currentBet: number;
  /** Bet per spot (length numInitialHands). */
  handBets: number[];
  balance: number;
  insuranceBet: number;
  canTakeInsurance: boolean;
  insuranceOffered: boolean;
  runningCount: number;
  /** The decision count: true count for balanced systems, running count for KO / Red 7. */
  trueCount: number;
  runningCountAtBet: number;
  /** The aces seen since the shuffle when the bets were placed (the ace side count's, decision record 0051). */
  acesSeenAtBet: number;
  cardsDealtFromShoe: number;
  totalHandsFromSplits: number;
  config: Rules;
  counting: CountingOptions;
  gameStatus: string;
  lastResult: RoundResult | null;
  /**
   * The newest published shoe's order and salt: published when it was replaced, or, for a shoe
   * that ran out with the hole card face down, when the round that held it back is over.
   */
  lastShoeReveal: ShoeReveal | null;
  sessionStats: SessionStats;
}

export type GameAction =
  | { type: 'bet'; amount: number; spot?: number }
  | { type: 'deal' }
  | { type: 'insurance'; take: boolean }
  /** In the 'surrender' phase: the current hand surrenders early (half its bet back, whatever the dealer has) or plays on. */
  | { type: 'earlySurrender'; take: boolean }
  | { type: 'hit' }
  | { type: 'stand' }
  | { type: 'double' }
  | { type: 'split' }
  | { type: 'surrender' }
  | { type: 'newRound' }
  | { type: 'reset' }
  | { type: 'setConfig'; rules: unknown }
  /** Between rounds: watch the next rounds without betting (the computer seats play), or come back in. */
  | { type: 'sitOut' }
  | { type: 'sitIn' }
  /** Between rounds: retire the shoe now (revealed at once) and shuffle a new one at the next deal. */
  | { type: 'newShoe' };

export type StepResult =
  /**
   * Accepted. `published`: the shoes this step revealed, oldest first (the last one is
   * `state.lastShoeReveal`); a server records exactly these. `dealt`: the deal log's events of
   * this step (deal-log.ts; the hole card is in it: never for a client).
   */
  | { ok: true; state: GameState; published: PublishedShoe[]; dealt: DealEvent[] }
  /** Refused: `state` is the input state object itself; `code` is stable, `reason` is for the player. */
  | { ok: false; code: RefusalCode; reason: string; state: GameState };
