// A stored game state (the server's table row, a browser's saved table) made usable again.

import { DEFAULT_RULES } from '../rules.ts';
import { restoreShoe } from '../shoe.ts';
import { countingSystemOf } from '../counting/custom.ts';
import { HELD_SHOES_MAX } from './reveal.ts';
import type { GameState } from './types.ts';

/**
 * Restores a GameState saved as JSON: every shoe in it (the one in play and those whose reveal
 * is held back) is checked against its commitment. A state saved before shoes could be held
 * back has none held; one saved before computer seats has none, and the player seated. Its
 * count is checked too (a custom count's definition).
 */
export function restoreGameState(data: unknown): GameState {
  if (data === null || typeof data !== 'object') throw new TypeError('game state must be an object');
  const raw = data as Omit<GameState, 'heldShoes' | 'computerSeats' | 'sittingOut' | 'acesSeenAtBet' | 'dealLog'> & { dealLog?: GameState['dealLog']; heldShoes?: unknown; computerSeats?: GameState['computerSeats']; sittingOut?: boolean; acesSeenAtBet?: number };
  const held = raw.heldShoes ?? [];
  if (!Array.isArray(held) || held.length > HELD_SHOES_MAX) throw new TypeError(`heldShoes must be a list of at most ${HELD_SHOES_MAX} shoes`);
  // Its count must be one the game can count with (a custom one is checked again: CustomCountError).
  countingSystemOf(raw.counting);
  // A state saved before computer seats: none at the table, the player seated, the new rule keys at their defaults.
  return {
    ...raw,
    config: { ...DEFAULT_RULES, ...raw.config },
    computerSeats: raw.computerSeats ?? [],
    sittingOut: raw.sittingOut ?? false,
    acesSeenAtBet: raw.acesSeenAtBet ?? 0,
    // A state saved before the deal log: its round has none (it is not replayable).
    dealLog: raw.dealLog ?? [],
    deck: raw.deck ? restoreShoe(raw.deck) : null,
    heldShoes: held.map(restoreShoe),
  };
}
