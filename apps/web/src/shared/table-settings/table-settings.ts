import { queryOptions } from '@tanstack/react-query';
import {
  COUNTING_SYSTEMS,
  DEFAULT_COUNTING_SYSTEM,
  DEFAULT_RULES,
  DEFAULT_TRUE_COUNT_OPTIONS,
  parseRules,
  type CountingOptions,
  type Rules,
} from '@card-counter/engine';
import { BetRampSchema, TableSnapshotSchema, customCountProblem, type BetRampSetting, type TableSnapshot } from '@card-counter/shared';
import { api } from '../lib/api-client.ts';
import { isOfflineModeSet, readStorage } from '../lib/storage.ts';
import type { UserState } from '../session/user-state.ts';

// The one owner of a player's table settings (rules, count, index plays), for the table and for
// the screens beside it (the trainer). A signed-in player's table is the server's: its rules,
// count and coach standard come from GET /api/table (ADR 0028). A guest's table, or a
// signed-in player's offline one, is the browser's: the game writes it under the keys below,
// and anyone else reads it through readLocalTableSettings, never by the keys.

export interface TableSettings {
  rules: Rules;
  counting: CountingOptions;
  /** The coach recommends index plays (the table's "index plays" switch). */
  indexPlays: boolean;
  /** The bet ramp the table grades bets against (null: none set; absent where a screen does not read it). */
  betRamp?: BetRampSetting | null;
}

export const DEFAULT_COUNTING: CountingOptions = {
  system: DEFAULT_COUNTING_SYSTEM,
  resolution: DEFAULT_TRUE_COUNT_OPTIONS.resolution,
  rounding: DEFAULT_TRUE_COUNT_OPTIONS.rounding,
};

/** Whether `user` plays the server's table (signed in, not in offline mode); everyone else plays the browser's. */
export function playsAtServerTable(user: Pick<UserState, 'isGuest'> | null): boolean {
  return user !== null && !user.isGuest && !isOfflineModeSet();
}

/** Where the browser keeps `owner`'s local table (features/game: LocalTableSource). */
export function tableStorageKey(owner: string): string {
  return `card-counter:table:${owner}`;
}

/** Where the browser keeps the local table's bet ramp (features/game: useBetRamp). */
export const TABLE_BET_RAMP_KEY = 'card-counter:table-bet-ramp';

/** Where the browser keeps the table's display and coach prefs (features/game: useTablePrefs). */
export const TABLE_PREFS_KEY = 'card-counter:table-prefs';

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
  // A custom count is kept when it still passes the checks (a stored one could be edited by hand).
  if (c.system === 'custom' && customCountProblem(c.custom) === null && c.custom !== undefined) return { system: 'custom', custom: c.custom, resolution, rounding };
  return { system, resolution, rounding };
}

/** The rules and count of `owner`'s local table; the defaults when there is none yet or it does not parse. */
export function readLocalTableSettings(owner: string): TableSettings {
  const stored = parseJson(readStorage(tableStorageKey(owner))) as { state?: { config?: unknown; counting?: unknown } } | null;
  let rules: Rules = { ...DEFAULT_RULES };
  try {
    if (stored?.state?.config !== undefined) rules = parseRules(stored.state.config);
  } catch {
    // A table written by an older release: the trainer drills the default rules meanwhile.
  }
  const prefs = parseJson(readStorage(TABLE_PREFS_KEY)) as { indexPlays?: unknown } | null;
  const ramp = BetRampSchema.safeParse((parseJson(readStorage(TABLE_BET_RAMP_KEY)) as { betRamp?: unknown } | null)?.betRamp);
  return { rules, counting: countingOf(stored?.state?.counting), indexPlays: prefs?.indexPlays === true, betRamp: ramp.success ? ramp.data : null };
}

/** The settings a server table carries: its rules and count, and the coach's standard of its training. */
export function settingsOfServerTable(snapshot: TableSnapshot): TableSettings {
  return { rules: snapshot.state.config, counting: snapshot.state.counting, indexPlays: snapshot.training.settings.indexPlays, betRamp: snapshot.training.settings.betRamp };
}

/**
 * A signed-in player's settings, read from their server table. Read afresh whenever a screen
 * asks (gcTime 0): the table's settings panel changes them on the table, not in this cache.
 */
export const serverTableSettingsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['table-settings', userId] as const,
    queryFn: async () => settingsOfServerTable(TableSnapshotSchema.parse(await api.get<unknown>('/api/table'))),
    gcTime: 0,
  });
