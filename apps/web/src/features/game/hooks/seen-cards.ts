import { cardValue, fullShoe, type Card, type VisibleGameState } from '@card-counter/engine';

// The cards the player has seen since the shuffle, by value (index 1..10), from what the table
// showed: finished rounds are added once each, the round in play is read live. The coach's
// EVs come from this, never from the shoe itself.
//
// Rounds are folded in shoe order: a round whose start is not past the last one folded is
// already in the record (tables followed from another tab can arrive several versions at once,
// or come back to a round another tab's record has already folded), so nothing counts twice.

export interface SeenCards {
  /** The shoe these cards came from; a new commitment starts a new count. */
  commitment: string | null;
  /** Cards from finished rounds, by value. */
  counts: number[];
  /** `${commitment}:${roundStartPosition}` of the last round added, so none is added twice. */
  lastRound: string | null;
  /** The shoe before this one: its reveal (published at the shuffle) is checked against it. */
  previousCommitment?: string | null;
}

export const EMPTY_SEEN: SeenCards = { commitment: null, counts: new Array<number>(11).fill(0), lastRound: null };

function tableCards(state: VisibleGameState): Card[] {
  const out: Card[] = [];
  for (const h of state.playerHands) out.push(...h.cards);
  for (const c of state.dealerCards) if (c) out.push(c);
  return out;
}

/** Where the last round folded into `seen` from shoe `commitment` started; -1 when none was. */
function foldedThrough(seen: SeenCards, commitment: string | null): number {
  const prefix = `${commitment}:`;
  if (seen.commitment !== commitment || seen.lastRound === null || !seen.lastRound.startsWith(prefix)) return -1;
  const start = Number(seen.lastRound.slice(prefix.length));
  return Number.isInteger(start) ? start : -1;
}

/** Whether the round on the table is already in the record's counts. */
function roundFolded(seen: SeenCards, state: VisibleGameState): boolean {
  return state.roundStartPosition <= foldedThrough(seen, state.deck?.commitment ?? null);
}

/** Every card the record holds. */
export function seenTotal(seen: SeenCards): number {
  return seen.counts.reduce((a, b) => a + b, 0);
}

/**
 * The record to go on from: `other` (another tab's, of the same player) when it is of the shoe on
 * the table, holds more cards than `own`, and has folded no round this table does not show as
 * over (it would hold cards still face down here). Records are never added together: each round
 * is in one record once, and two tabs' records overlap.
 */
export function fullerSeen(own: SeenCards, other: SeenCards, state: VisibleGameState): SeenCards {
  const commitment = state.deck?.commitment ?? null;
  if (other.commitment !== commitment) return own;
  const through = foldedThrough(other, commitment);
  const shown = through < state.roundStartPosition || (through === state.roundStartPosition && state.gamePhase === 'roundOver');
  if (!shown) return own;
  return own.commitment !== commitment || seenTotal(other) > seenTotal(own) ? other : own;
}

/** Folds a finished round into the record (a no-op for anything else). */
export function updateSeen(prev: SeenCards, state: VisibleGameState): SeenCards {
  const commitment = state.deck?.commitment ?? null;
  let seen = prev.commitment === commitment ? prev : { ...EMPTY_SEEN, commitment, previousCommitment: prev.commitment ?? prev.previousCommitment ?? null };
  const key = `${commitment}:${state.roundStartPosition}`;
  if (state.gamePhase === 'roundOver' && state.lastResult && !roundFolded(seen, state)) {
    const counts = seen.counts.slice();
    for (const c of tableCards(state)) counts[cardValue(c)] = (counts[cardValue(c)] ?? 0) + 1;
    seen = { ...seen, counts, lastRound: key };
  }
  return seen;
}

/**
 * The shoe's composition as the player knows it: a full shoe minus every card seen, except
 * `keep` (the hand being decided and the upcard, which the analyser removes itself).
 */
export function knownComposition(seen: SeenCards, state: VisibleGameState, keep: readonly number[]): Int32Array {
  const comp = fullShoe(state.config.numDecks);
  const live = roundFolded(seen, state) ? [] : tableCards(state).map(cardValue);
  const remove = seen.counts.slice();
  for (const v of live) remove[v] = (remove[v] ?? 0) + 1;
  for (const v of keep) remove[v] = (remove[v] ?? 0) - 1;
  for (let v = 1; v <= 10; v++) comp[v] = Math.max(0, (comp[v] ?? 0) - Math.max(0, remove[v] ?? 0));
  return comp;
}

/** Whether the record covers every card dealt from this shoe (false after a reload elsewhere). */
export function seenIsComplete(seen: SeenCards, state: VisibleGameState): boolean {
  if (!state.deck) return true;
  const finished = seen.commitment === state.deck.commitment ? seenTotal(seen) : 0;
  const onTable = roundFolded(seen, state) ? 0 : state.playerHands.reduce((n, h) => n + h.cards.length, 0) + state.dealerCards.length;
  return finished + onTable === state.deck.totalCards - state.deck.cardsRemaining;
}
