// The index set "Use my table" plays (issue 37, docs/decisions/0076): the player's chosen set for
// the table's rules and count, else the fleet's (asked only then: asking may start a job of
// minutes). Loaded when the button is pressed, not with the screen: the key brings the generator's code.
import { ApiError } from '@/shared/lib/api-client.ts';
import { errorMessage } from '@/shared/lib/api-error.ts';
import type { TableSettings } from '@/shared/table-settings/table-settings.ts';
import type { TableSetAnswer } from '../model/table-index-set.ts';

/** null: the table plays no index plays. Never throws: a failure is an answer the notes tell. */
export async function fetchTableIndexSet(table: TableSettings, signal?: AbortSignal): Promise<TableSetAnswer | null> {
  if (!table.indexPlays) return null;
  try {
    const { fetchChosenSet, fetchFleetSet } = await import('@/shared/index-sets/index-set-api.ts');
    const own = await fetchChosenSet(table.rules, table.counting, signal);
    if (own) return { status: 'player', set: own };
    const fleet = await fetchFleetSet(table.rules, table.counting, signal);
    return fleet.status === 'ready' ? { status: 'fleet', set: fleet.set } : { status: 'generating', progress: fleet.progress };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return { status: 'failed', message: 'sign in to play a full index set' };
    return { status: 'failed', message: errorMessage(e) };
  }
}
