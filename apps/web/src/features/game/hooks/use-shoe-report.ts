import { useCallback, useEffect, useRef, useState } from 'react';
import type { VisibleGameState } from '@card-counter/engine';
import type { TableReport } from '@card-counter/shared';
import { errorMessage } from '@/shared/lib/api-error.ts';
import type { TableSource } from '../api/table-source.ts';
import { shoeAtShufflePoint } from '../model/shoe-end.ts';

// The shoe report (decision record 0031): opened by itself when a shoe ends (its last round
// over at the shuffle point, and the count check there answered or skipped), and on demand for
// the session. The server counts it from its graded record; the decisions of the last moments
// may still be grading, so a report that says some are pending is asked for again shortly.

/** Waits between reads while decisions are still being graded, and how many. */
export const REPORT_RETRY_ms = 700;
export const REPORT_RETRIES_MAX = 8;

export interface ShoeReportHandle {
  /** The report source: a server table (a local one keeps no graded record). */
  available: boolean;
  open: boolean;
  report: TableReport | null;
  error: string | null;
  showSession: () => void;
  close: () => void;
}

export function useShoeReport(source: TableSource, state: VisibleGameState | null, checkOpen: boolean): ShoeReportHandle {
  const [open, setOpen] = useState(false);
  const [report, setReport] = useState<TableReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef(new Set<string>());
  const asked = useRef(0);

  const load = useCallback(
    (shoe: string | undefined) => {
      const read = source.report?.bind(source);
      if (!read) return;
      const ticket = ++asked.current;
      setOpen(true);
      setReport(null);
      setError(null);
      const attempt = (n: number) => {
        read(shoe).then(
          (r) => {
            if (ticket !== asked.current) return;
            setReport(r);
            if (r.decisions.pending > 0 && n < REPORT_RETRIES_MAX) setTimeout(() => attempt(n + 1), REPORT_RETRY_ms);
          },
          (e: unknown) => ticket === asked.current && setError(errorMessage(e)),
        );
      };
      attempt(1);
    },
    [source],
  );

  const shoe = state?.deck?.commitment ?? null;
  const ended = state !== null && !state.gameInProgress && state.gamePhase === 'roundOver' && shoeAtShufflePoint(state);
  const inRound = state?.gameInProgress ?? false;
  // The shoe whose end was reached and whose report is still to open: it waits for the count
  // check there, answered, skipped or lapsed by the next deal (issue 39: a lapsed check's shoe
  // never got its report, the deal had already replaced it), and then for the round in play.
  const due = useRef<string | null>(null);
  useEffect(() => {
    if (ended && shoe !== null && !shown.current.has(shoe)) due.current = shoe;
    const d = due.current;
    if (d === null || checkOpen || inRound) return;
    due.current = null;
    if (shown.current.has(d)) return;
    shown.current.add(d);
    load(d);
  }, [ended, checkOpen, shoe, inRound, load]);

  const close = useCallback(() => {
    asked.current++;
    setOpen(false);
  }, []);
  const showSession = useCallback(() => load(undefined), [load]);
  return { available: source.report !== undefined, open, report, error, showSession, close };
}
