import type { DrillItemStat } from '@card-counter/shared';
import type { RecordedEntry } from '@/shared/record/play-record.ts';
import { cellKey, cellOfHand } from './strategy-items.ts';

// The player's accuracy per chart cell, from both places they answer: the basic strategy drill
// (its per-item summary) and the table (the record's graded decisions: the server's for a
// signed-in player, ADR 0028; this browser's for a guest). A table decision counts in the cell
// of its hand (three-card hands too, as the chart is read for them).

export interface CellTally {
  right: number;
  answers: number;
  /** Of `answers`, how many came from the drill and from the table. */
  drill: number;
  table: number;
}

const empty = (): CellTally => ({ right: 0, answers: 0, drill: 0, table: 0 });

export function cellAccuracy(drillItems: readonly DrillItemStat[], decisions: readonly RecordedEntry[]): Map<string, CellTally> {
  const out = new Map<string, CellTally>();
  const tally = (key: string) => {
    let t = out.get(key);
    if (!t) out.set(key, (t = empty()));
    return t;
  };
  for (const i of drillItems) {
    const t = tally(i.item);
    t.answers += i.answers;
    t.right += i.correct;
    t.drill += i.answers;
  }
  for (const e of decisions) {
    // Insurance has no chart cell; its index is in the index table.
    if (e.kind !== 'decision' || e.best === 'insure' || e.best === 'noInsurance' || e.chosen === 'insure' || e.chosen === 'noInsurance') continue;
    const cell = cellOfHand(e.hand, e.upcard);
    if (!cell) continue;
    const t = tally(cellKey(cell));
    t.answers += 1;
    t.table += 1;
    if (e.chosen === e.best) t.right += 1;
  }
  return out;
}

/** A heat map's colour for an accuracy: red (0%) through amber (70%) to green; below 70% a cell needs work. */
export function heatClass(acc: number): string {
  if (acc >= 0.95) return 'bg-emerald-500 text-slate-950';
  if (acc >= 0.85) return 'bg-emerald-700 text-white';
  if (acc >= 0.7) return 'bg-amber-500 text-slate-950';
  if (acc >= 0.5) return 'bg-orange-600 text-white';
  return 'bg-rose-600 text-white';
}
