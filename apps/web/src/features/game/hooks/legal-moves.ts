import {
  canDoubleHand,
  canHitHand,
  canSplitPair,
  canSurrenderHand,
  cardValue,
  handTotal,
  type PlayerAction,
  type PlayerHand,
  type VisibleGameState,
} from '@card-counter/engine';

// Which play buttons are live. The source still judges every action; this only keeps the
// screen from offering a move the rules or the balance would refuse.

export type LegalMoves = Record<PlayerAction, boolean>;

const NONE: LegalMoves = { hit: false, stand: false, double: false, split: false, surrender: false };

export function currentHand(state: VisibleGameState): PlayerHand | null {
  if (state.gamePhase !== 'playing') return null;
  return state.playerHands[state.currentHandIndex] ?? null;
}

export function splitsAtSpot(state: VisibleGameState, spot: number): number {
  return state.playerHands.filter((h) => h.spot === spot).length - 1;
}

export function legalMoves(state: VisibleGameState): LegalMoves {
  const h = currentHand(state);
  if (!h || h.status !== 'playing') return NONE;
  const rules = state.config;
  const { total } = handTotal(h.cards);
  const [a, b] = h.cards;
  const affordable = h.bet <= state.balance;
  const pair = h.cards.length === 2 && a !== undefined && b !== undefined && cardValue(a) === cardValue(b);
  return {
    hit: canHitHand(rules, total, h.splitAces),
    stand: true,
    double: affordable && canDoubleHand(rules, h.cards.length, total, h.fromSplit, h.splitAces),
    split: affordable && pair && a !== undefined && b !== undefined && canSplitPair(rules, cardValue(a), cardValue(b), 2, splitsAtSpot(state, h.spot), h.splitAces),
    surrender: canSurrenderHand(rules, h.cards.length, h.fromSplit),
  };
}

/** Deal is possible: between rounds with a bet on every spot. */
export function canDeal(state: VisibleGameState): boolean {
  return !state.gameInProgress && state.handBets.every((bet) => bet > 0);
}
