import { useEffect, useState } from 'react';
import type { VisibleGameState } from '@card-counter/engine';
import { readStorage, writeStorage } from '@/shared/lib/storage.ts';
import { EARLIER_SHOES_KEPT, EMPTY_HISTORY, nextHistory, type ShoeHistory } from '../model/shoe-knowledge.ts';

function load(key: string): ShoeHistory {
  try {
    // `previousCommitment`: a history stored before several earlier shoes were kept.
    const parsed = JSON.parse(readStorage(key) ?? 'null') as (Partial<ShoeHistory> & { previousCommitment?: unknown }) | null;
    if (parsed === null || typeof parsed !== 'object') return EMPTY_HISTORY;
    const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
    const list = Array.isArray(parsed.earlier) ? parsed.earlier : [parsed.previousCommitment];
    const earlier = list.filter((c): c is string => typeof c === 'string').slice(0, EARLIER_SHOES_KEPT);
    return { commitment: text(parsed.commitment), earlier };
  } catch {
    return EMPTY_HISTORY;
  }
}

/**
 * The shoes this browser was shown (shoe-knowledge.ts), kept across reloads and shared by the
 * player's tabs: a tab that missed a shuffle (another tab played through it) goes on from the
 * stored history, which saw it.
 */
export function useShoeHistory(state: VisibleGameState | null, storageKey: string): ShoeHistory {
  const [history, setHistory] = useState(() => load(storageKey));
  useEffect(() => {
    if (!state) return;
    setHistory((prev) => {
      const stored = load(storageKey);
      const base = stored.commitment !== null && stored.commitment === state.deck?.commitment ? stored : prev;
      const next = nextHistory(base, state);
      if (next !== stored) writeStorage(storageKey, JSON.stringify(next));
      return next;
    });
  }, [state, storageKey]);
  return history;
}
