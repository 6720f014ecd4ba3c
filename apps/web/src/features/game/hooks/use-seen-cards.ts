import { useEffect, useState } from 'react';
import type { VisibleGameState } from '@card-counter/engine';
import { readStorage, writeStorage } from '../../../shared/lib/storage.ts';
import { EMPTY_SEEN, fullerSeen, updateSeen, type SeenCards } from './seen-cards.ts';

function load(key: string): SeenCards {
  try {
    const parsed = JSON.parse(readStorage(key) ?? 'null') as SeenCards | null;
    return parsed && Array.isArray(parsed.counts) && parsed.counts.length === 11 ? parsed : EMPTY_SEEN;
  } catch {
    return EMPTY_SEEN;
  }
}

/**
 * The cards seen since the shuffle, kept across reloads so the coach's EVs stay honest. The
 * player's tabs share the record: a tab that jumped several versions (another tab played the
 * rounds between) goes on from the other tab's record when it holds more of this shoe.
 */
export function useSeenCards(state: VisibleGameState | null, storageKey: string): SeenCards {
  const [seen, setSeen] = useState(() => load(storageKey));
  useEffect(() => {
    if (!state) return;
    setSeen((prev) => {
      const next = updateSeen(fullerSeen(prev, load(storageKey), state), state);
      if (next !== prev) writeStorage(storageKey, JSON.stringify(next));
      return next;
    });
  }, [state, storageKey]);
  return seen;
}
