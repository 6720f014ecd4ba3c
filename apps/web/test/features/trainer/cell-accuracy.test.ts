// Accuracy per chart cell from both places a player answers: the drill's items and the table's decisions.
import { describe, expect, it } from 'vitest';
import type { RecordedEntry } from '@/shared/record/play-record.ts';
import { cellAccuracy } from '@/features/trainer/model/cell-accuracy.ts';

const at = '2027-01-14T10:00:00.000Z';
const decision = (hand: number[], upcard: number, chosen: string, best: string): RecordedEntry =>
  ({ entryId: crypto.randomUUID(), kind: 'decision', at, hand, upcard, trueCount: 0, chosen, best, evCost: 0, bet: 10 }) as RecordedEntry;

describe('accuracy per chart cell', () => {
  it('adds the drill answers of a cell to its table decisions, three-card hands in their total, soft hands and pairs in theirs', () => {
    const cells = cellAccuracy(
      [{ item: 'hard:16:10', answers: 4, correct: 3, lastAnsweredAt: at, due: at }],
      [decision([10, 6], 10, 'hit', 'surrender'), decision([4, 5, 7], 10, 'stand', 'stand'), decision([1, 7], 9, 'hit', 'hit'), decision([8, 8], 1, 'split', 'split')],
    );
    expect(cells.get('hard:16:10')).toEqual({ right: 4, answers: 6, drill: 4, table: 2 });
    expect(cells.get('soft:18:9')).toEqual({ right: 1, answers: 1, drill: 0, table: 1 });
    expect(cells.get('pair:8:A')).toEqual({ right: 1, answers: 1, drill: 0, table: 1 });
  });

  it('leaves insurance out (no chart cell) and hands past the chart (hard 20 of three cards counts in no drill row)', () => {
    const cells = cellAccuracy([], [decision([10, 6], 1, 'insure', 'noInsurance'), decision([5, 5, 10], 6, 'stand', 'stand')]);
    expect(cells.size).toBe(0);
  });
});
