import {
  COUNTING_SYSTEMS,
  DEFAULT_COUNTING_SYSTEM,
  DEFAULT_RULES,
  DEFAULT_TRUE_COUNT_OPTIONS,
  parseRules,
  type CountingOptions,
  type Rules,
} from '@card-counter/engine';
import { readStorage } from '../lib/storage.ts';

// The player's rules and count as the table keeps them, for screens outside the table (the
// trainer): read from the same storage the table writes (its stored game state and its prefs),
// never a second copy of the settings. Read-only here; the table's settings panel changes them.

export interface TableSettings {
  rules: Rules;
  counting: CountingOptions;
  /** The player plays index deviations at the table (the table's "index plays" switch). */
  indexPlays: boolean;
}

export const DEFAULT_COUNTING: CountingOptions = {
  system: DEFAULT_COUNTING_SYSTEM,
  resolution: DEFAULT_TRUE_COUNT_OPTIONS.resolution,
  rounding: DEFAULT_TRUE_COUNT_OPTIONS.rounding,
};

/** Where the table keeps a player's game (features/game/components/game-page.tsx). */
export function tableStorageKey(owner: string): string {
  return `card-counter:table:${owner}`;
}
const PREFS_KEY = 'card-counter:table-prefs';

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function countingOf(raw: unknown): CountingOptions {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_COUNTING;
  const c = raw as Partial<CountingOptions>;
  const system = typeof c.system === 'string' && c.system in COUNTING_SYSTEMS ? c.system : DEFAULT_COUNTING.system;
  const resolution = c.resolution === 'exact' || c.resolution === 'half' || c.resolution === 'full' ? c.resolution : DEFAULT_COUNTING.resolution;
  const rounding =
    c.rounding === 'floor' || c.rounding === 'truncate' || c.rounding === 'round' || c.rounding === 'none'
      ? c.rounding
      : DEFAULT_COUNTING.rounding;
  return { system, resolution, rounding };
}

/** The rules and count of `owner`'s table; the defaults when there is no table yet or it does not parse. */
export function readTableSettings(owner: string): TableSettings {
  const stored = parseJson(readStorage(tableStorageKey(owner))) as { state?: { config?: unknown; counting?: unknown } } | null;
  let rules: Rules = { ...DEFAULT_RULES };
  try {
    if (stored?.state?.config !== undefined) rules = parseRules(stored.state.config);
  } catch {
    // A table written by an older release: the trainer drills the default rules meanwhile.
  }
  const prefs = parseJson(readStorage(PREFS_KEY)) as { indexPlays?: unknown } | null;
  return { rules, counting: countingOf(stored?.state?.counting), indexPlays: prefs?.indexPlays === true };
}
