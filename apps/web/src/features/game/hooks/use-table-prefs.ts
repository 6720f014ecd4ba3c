import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '@/shared/lib/storage.ts';
import { TABLE_PREFS_KEY } from '@/shared/table-settings/table-settings.ts';
import { DEFAULT_DEAL_PACE_cps } from '../model/deal-pace.ts';

// What the player shows, hides and switches on at the table (kept in this browser).

export type CoachMode = 'after' | 'warn' | 'off';
export type CountCheckMode = 'random' | 'shoeEnd' | 'off';

export interface TablePrefs {
  showRunningCount: boolean;
  showTrueCount: boolean;
  showDecksRemaining: boolean;
  showDiscardTray: boolean;
  coach: CoachMode;
  indexPlays: boolean;
  shortcuts: boolean;
  countCheck: CountCheckMode;
  /** Cards dealt per second, one after another; 0 deals at once. */
  dealPace_cps: number;
  /** Seconds after a round before the next is dealt with the same bets; 0 waits for Deal. */
  autoAdvance_s: number;
  /** Test mode on this browser's own table (a server table keeps it with its training). */
  testMode: boolean;
}

export const DEFAULT_PREFS: TablePrefs = {
  showRunningCount: true,
  showTrueCount: true,
  showDecksRemaining: true,
  showDiscardTray: true,
  coach: 'after',
  indexPlays: false,
  shortcuts: true,
  countCheck: 'random',
  dealPace_cps: DEFAULT_DEAL_PACE_cps,
  autoAdvance_s: 0,
  testMode: false,
};

function load(): TablePrefs {
  try {
    const parsed: unknown = JSON.parse(readStorage(TABLE_PREFS_KEY) ?? '{}');
    return { ...DEFAULT_PREFS, ...(typeof parsed === 'object' && parsed ? (parsed as Partial<TablePrefs>) : {}) };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function useTablePrefs(): [TablePrefs, (patch: Partial<TablePrefs>) => void] {
  const [prefs, setPrefs] = useState(load);
  const update = useCallback((patch: Partial<TablePrefs>) => {
    setPrefs((prev) => {
      const next = { ...prev, ...patch };
      writeStorage(TABLE_PREFS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [prefs, update];
}
