import { RANKS, SUITS, TEN, randomFloat, type Card, type Rng } from '@card-counter/engine';

// Small draws on the engine's random sources (Web Crypto in play, seeded in tests).

/** An integer in [lo, hi]. */
export function randInt(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(randomFloat(rng) * (hi - lo + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[randInt(rng, 0, items.length - 1)] as T;
}

export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randInt(rng, 0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A card of this value (1 = ace, 10 = any ten-valued rank), suit at random: what the SVG card draws. */
export function cardOfValue(rng: Rng, value: number): Card {
  const rank = value === 1 ? 'A' : value === TEN ? pick(rng, ['10', 'J', 'Q', 'K'] as const) : (String(value) as Card['rank']);
  return { rank, suit: pick(rng, SUITS) };
}

/** `decks` full decks, shuffled. */
export function shuffledDecks(rng: Rng, decks: number): Card[] {
  const cards: Card[] = [];
  for (let d = 0; d < decks; d++) for (const suit of SUITS) for (const rank of RANKS) cards.push({ rank, suit });
  return shuffled(rng, cards);
}
