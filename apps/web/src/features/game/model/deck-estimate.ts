import { decksRemaining, type DeckResolution, type VisibleGameState } from '@card-counter/engine';

// One estimate of the shoe: decks left (the figure the true count divides by) and decks played
// (the rest of the shoe), both at the resolution the player chose, written one way everywhere.

export interface DeckEstimate {
  left: number;
  played: number;
  total: number;
  resolution: DeckResolution;
}

const CARDS_PER_DECK = 52;

export function deckEstimate(state: VisibleGameState): DeckEstimate {
  const resolution = state.counting.resolution;
  const totalCards = state.deck?.totalCards ?? state.config.numDecks * CARDS_PER_DECK;
  const remaining = state.deck?.cardsRemaining ?? totalCards;
  const total = totalCards / CARDS_PER_DECK;
  const left = decksRemaining(remaining, resolution);
  const played = resolution === 'exact' ? (totalCards - remaining) / CARDS_PER_DECK : Math.max(0, total - left);
  return { left, played, total, resolution };
}

/** '4.5' at half decks, '5' at whole decks, '4.73' exact. */
export function formatDecks(decks: number, resolution: DeckResolution): string {
  return resolution === 'exact' ? String(Math.round(decks * 100) / 100) : String(decks);
}

/** '1 deck', '4.5 decks'. */
export function decksWord(decks: number, resolution: DeckResolution): string {
  return `${formatDecks(decks, resolution)} ${decks === 1 ? 'deck' : 'decks'}`;
}
