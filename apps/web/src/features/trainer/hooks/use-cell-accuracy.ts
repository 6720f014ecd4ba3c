import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { playRecordFor } from '@/shared/record/play-record.ts';
import { cellAccuracy, type CellTally } from '../model/cell-accuracy.ts';
import type { DrillPlayer } from './use-trainer.ts';

/** Newest table decisions read for the heat map (the record keeps up to 5,000). */
export const CHART_RECORD_READ = 2000;

export interface CellAccuracyState {
  cells: ReadonlyMap<string, CellTally>;
  drillAnswers: number;
  tableDecisions: number;
  loading: boolean;
  /** Either source could not be read; the map holds what the other one gave. */
  failed: boolean;
}

/** The player's accuracy per chart cell: their basic strategy drill answers and their graded table decisions. */
export function useCellAccuracy(player: DrillPlayer): CellAccuracyState {
  const drills = useQuery({
    queryKey: ['me', 'drills', player.owner, player.store.signedIn],
    queryFn: () => player.store.progress(),
    refetchOnMount: 'always',
  });
  const decisions = useQuery({
    queryKey: ['me', 'record', 'decisions', player.owner, player.player?.isGuest ?? true],
    queryFn: () => playRecordFor(player.player).recent(CHART_RECORD_READ, 'decision'),
    refetchOnMount: 'always',
  });
  const items = useMemo(() => drills.data?.drills.find((d) => d.drill === 'basicStrategy')?.items ?? [], [drills.data]);
  const entries = useMemo(() => decisions.data ?? [], [decisions.data]);
  const cells = useMemo(() => cellAccuracy(items, entries), [items, entries]);
  let drillAnswers = 0;
  let tableDecisions = 0;
  for (const t of cells.values()) {
    drillAnswers += t.drill;
    tableDecisions += t.table;
  }
  return { cells, drillAnswers, tableDecisions, loading: drills.isPending || decisions.isPending, failed: drills.isError || decisions.isError };
}
