// Issue 39's items (ADR 0062, 0063): named by the question, read back to the deal's size, and
// scheduled in the browser by the same FSRS grade the server gives (a speed answer slower than
// the casino pace per card is "hard"), so a slow size comes back sooner on both sides.
import { seededRng } from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import { DrillScheduler } from '@/features/trainer/model/scheduler.ts';
import { itemLabel } from '@/features/trainer/model/labels.ts';
import { BET_COUNTS, FLASH_ITEMS, PAIRS_ITEMS, ROUND_ITEMS, betItems, itemSize } from '@/features/trainer/model/speed-items.ts';

describe('speed and bet items', () => {
  it('cover the contract\'s sizes and read back to them', () => {
    expect(FLASH_ITEMS).toEqual(['fl:2c', 'fl:3c', 'fl:4c', 'fl:5c', 'fl:6c']);
    expect(PAIRS_ITEMS).toEqual(['pr:6p', 'pr:7p', 'pr:8p']);
    expect(ROUND_ITEMS.map(itemSize)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(betItems('kelly').map(itemSize)).toEqual([...BET_COUNTS]);
    expect(betItems('ramp')[0]).toBe('bs:ramp:-2');
    expect(itemLabel('fl:4c')).toBe('4 cards at once');
    expect(itemLabel('tr:7s')).toBe('7 seats');
    expect(itemLabel('bs:kelly:+3')).toBe('Kelly at +3');
    expect(() => itemSize('rc:1d:1c')).toThrow(RangeError);
  });

  it('a flash answered right but slower than 865 ms a card is due before one answered at pace', () => {
    const s = new DrillScheduler('flash', FLASH_ITEMS, [], seededRng(7), () => new Date('2026-04-01T10:00:00Z'));
    s.record({ item: 'fl:4c', correct: true, time_ms: 3400, cards: 4, answeredAt: '2026-04-01T10:00:00Z' });
    s.record({ item: 'fl:5c', correct: true, time_ms: 4400, cards: 5, answeredAt: '2026-04-01T10:00:00Z' });
    expect(s.due('fl:5c')!.getTime()).toBeLessThan(s.due('fl:4c')!.getTime());
  });
});
