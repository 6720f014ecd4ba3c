import { describe, expect, it } from 'vitest';
import {
  ShoeRevealHistorySchema,
  TableActionRequestSchema,
  TableActionSchema,
  TableErrorDetailsSchema,
  TableSnapshotSchema,
  VisibleTableStateSchema,
} from '../src/table.ts';
import { DEFAULT_TRAINING_SETTINGS, TableTrainingSchema } from '../src/table-training.ts';

const training = { settings: DEFAULT_TRAINING_SETTINGS, countCheck: null, lastCountCheck: null };

const RULES = {
  numDecks: 6,
  shufflePoint: 0.25,
  dealerStandsSoft17: true,
  dealerPeeks: true,
  doubleAfterSplit: true,
  surrenderAllowed: true,
  insuranceAllowed: false,
  blackjackPays: 1.5,
  gameSpeed: 1,
  numInitialHands: 1,
  doubleDownRestriction: 'any',
  maxSplits: 3,
  resplitAces: false,
  hitSplitAces: false,
  otherPlayers: 0,
  otherPlayersErrorPct: 0,
  earlySurrender: 'none',
  noHoleCardLosses: 'original',
  continuousShuffler: false,
};

const STATS = {
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

/** A round in play: the dealer's hole card face down. */
function playingState() {
  // The player's hand, listed again in its seat.
  const hand = {
    spot: 0,
    cards: [
      { rank: '10', suit: 'hearts' },
      { rank: '6', suit: 'clubs' },
    ],
    bet: 100,
    status: 'playing',
    fromSplit: false,
    splitAces: false,
    evenMoney: false,
    outcome: null,
    payout: 0,
  };
  return {
    version: 3,
    gameInProgress: true,
    gamePhase: 'playing',
    currentHandIndex: 0,
    playerHands: [hand],
    dealerCards: [{ rank: 'K', suit: 'spades' }, null],
    holeCardRevealed: false,
    deck: { cardsRemaining: 309, totalCards: 312, commitment: 'a'.repeat(64), seen: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2] },
    roundStartPosition: 0,
    currentBet: 100,
    handBets: [100],
    balance: 9900,
    insuranceBet: 0,
    canTakeInsurance: false,
    insuranceOffered: false,
    runningCount: -1,
    trueCount: -1,
    runningCountAtBet: 0,
    acesSeenAtBet: 0,
    cardsDealtFromShoe: 3,
    totalHandsFromSplits: 0,
    config: RULES,
    counting: { system: 'hi-lo', resolution: 'half', rounding: 'floor' },
    gameStatus: '16. Hit or stand?',
    lastResult: null,
    lastShoeReveal: null,
    sessionStats: STATS,
    seats: [
      {
        kind: 'player',
        seat: 0,
        spot: 0,
        hands: [hand],
      },
    ],
    sittingOut: false,
  };
}

describe('the visible table state', () => {
  it('accepts a round in play with the hole card face down (null)', () => {
    expect(TableSnapshotSchema.parse({ version: 3, state: playingState(), training }).state.dealerCards[1]).toBeNull();
  });

  it('refuses a shoe that carries its order or undealt cards', () => {
    const leaked = { ...playingState(), deck: { cardsRemaining: 309, totalCards: 312, commitment: 'a'.repeat(64), seen: new Array(11).fill(0), cards: [1, 2, 3] } };
    expect(VisibleTableStateSchema.safeParse(leaked).success).toBe(false);
  });

  it('refuses any field the projection does not have (a leak of server state)', () => {
    expect(VisibleTableStateSchema.safeParse({ ...playingState(), holeCard: { rank: 'A', suit: 'spades' } }).success).toBe(false);
    // The shoes whose reveal waits for the hole card (engine GameState.heldShoes, ADR 0004).
    expect(VisibleTableStateSchema.safeParse({ ...playingState(), heldShoes: [] }).success).toBe(false);
  });

  it('refuses a commitment that is not a SHA-256 hex digest', () => {
    const bad = { ...playingState(), deck: { cardsRemaining: 1, totalCards: 52, commitment: 'secret', seen: new Array(11).fill(0) } };
    expect(VisibleTableStateSchema.safeParse(bad).success).toBe(false);
  });
});

describe('table actions', () => {
  it.each([
    [{ type: 'bet', amount: 100, spot: 0 }],
    [{ type: 'bet', amount: 0 }],
    [{ type: 'deal' }],
    [{ type: 'hit' }],
    [{ type: 'stand' }],
    [{ type: 'double' }],
    [{ type: 'split' }],
    [{ type: 'surrender' }],
    [{ type: 'insurance', take: false }],
    [{ type: 'newRound' }],
    [{ type: 'reset' }],
    [{ type: 'setConfig', rules: { numDecks: 2, dealerStandsSoft17: false } }],
    [{ type: 'setCounting', counting: { system: 'ko', resolution: 'half', rounding: 'floor' } }],
  ])('accepts the engine action %j', (action) => {
    expect(TableActionSchema.parse(action)).toEqual(action);
  });

  it.each([
    [{ type: 'bet', amount: -5 }],
    [{ type: 'bet', amount: 10.5 }],
    [{ type: 'insurance' }],
    [{ type: 'fold' }],
    [{ type: 'hit', amount: 5 }],
    [{ type: 'setConfig', rules: { numDecks: 9 } }],
    [{ type: 'setConfig', rules: { numDeck: 2 } }],
    [{ type: 'setCounting', counting: { system: 'hi-lo' } }],
    [{ type: 'setCounting', counting: { system: 'uston', resolution: 'exact', rounding: 'floor' } }],
  ])('refuses the malformed action %j', (action) => {
    expect(TableActionSchema.safeParse(action).success).toBe(false);
  });

  it('needs an action id and the version the client acted on', () => {
    const ok = { actionId: 'b1c5e2f0-4d1a', version: 7, action: { type: 'deal' } };
    expect(TableActionRequestSchema.parse(ok)).toEqual(ok);
    expect(TableActionRequestSchema.safeParse({ ...ok, actionId: undefined }).success).toBe(false);
    expect(TableActionRequestSchema.safeParse({ ...ok, version: -1 }).success).toBe(false);
    expect(TableActionRequestSchema.safeParse({ ...ok, actionId: 'x' }).success).toBe(false);
  });
});

describe('table errors and shoe reveals', () => {
  it('an open count check carries what is asked, never the answer', () => {
    const id = '7d4f3c1e-2b8a-4c6d-9e0f-1a2b3c4d5e6f';
    expect(TableTrainingSchema.safeParse({ ...training, countCheck: { id, asked: 'runningCount' } }).success).toBe(true);
    expect(TableTrainingSchema.safeParse({ ...training, countCheck: { id, asked: 'runningCount', expected: 3 } }).success).toBe(false);
  });

  it('a 409 carries the reason and the table as it stands, and nothing else', () => {
    const details = { reason: 'STALE_VERSION', table: { version: 3, state: playingState(), training } };
    expect(TableErrorDetailsSchema.parse(details)).toEqual(details);
    expect(TableErrorDetailsSchema.safeParse({ ...details, reason: 'NOPE' }).success).toBe(false);
    expect(TableErrorDetailsSchema.safeParse({ ...details, shoe: [1, 2] }).success).toBe(false);
  });

  it('a shoe reveal record holds the commitment, the order and the salt', () => {
    const item = { commitment: 'a'.repeat(64), reveal: { numDecks: 1, cards: [0, 1, 2], salt: 'ff' }, replacedAt: '2026-11-23T02:00:00.000Z' };
    expect(ShoeRevealHistorySchema.parse({ items: [item] }).items[0]).toEqual(item);
    expect(ShoeRevealHistorySchema.safeParse({ items: [{ ...item, reveal: { ...item.reveal, cards: [52] } }] }).success).toBe(false);
  });
});
