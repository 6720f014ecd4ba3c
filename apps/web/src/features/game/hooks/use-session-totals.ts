import { useCallback } from 'react';
import type { TableSource } from '../api/table-source.ts';
import type { CoachTotals } from './use-coach.ts';

/**
 * The session's decisions from the server's record (its session report: the same definitions
 * as the coach's box, decision record 0059), read when the table is shown; null on the local
 * table, which keeps no graded record.
 */
export function useSessionTotals(source: TableSource): () => Promise<CoachTotals | null> {
  return useCallback(async () => {
    const read = source.report?.bind(source);
    if (!read) return null;
    const r = await read(undefined);
    return { decisions: r.decisions.graded, correct: r.decisions.graded - r.decisions.errors, edgeGivenAway: r.edgeGiven.credits };
  }, [source]);
}
