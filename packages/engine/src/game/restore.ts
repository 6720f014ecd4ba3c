// A stored game state (the server's table row, a browser's saved table) made usable again.

import { restoreShoe } from '../shoe.ts';
import { HELD_SHOES_MAX } from './reveal.ts';
import type { GameState } from './types.ts';

/**
 * Restores a GameState saved as JSON: every shoe in it (the one in play and those whose reveal
 * is held back) is checked against its commitment. A state saved before shoes could be held
 * back has none held.
 */
export function restoreGameState(data: unknown): GameState {
  if (data === null || typeof data !== 'object') throw new TypeError('game state must be an object');
  const raw = data as Omit<GameState, 'heldShoes'> & { heldShoes?: unknown };
  const held = raw.heldShoes ?? [];
  if (!Array.isArray(held) || held.length > HELD_SHOES_MAX) throw new TypeError(`heldShoes must be a list of at most ${HELD_SHOES_MAX} shoes`);
  return { ...raw, deck: raw.deck ? restoreShoe(raw.deck) : null, heldShoes: held.map(restoreShoe) };
}
