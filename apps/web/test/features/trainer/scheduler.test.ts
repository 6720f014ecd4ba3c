import { seededRng } from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import { REDEAL_AFTER, DrillScheduler } from '@/features/trainer/model/scheduler.ts';

const POOL = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

describe('weak-spot dealing', () => {
  it('a missed item is due before a known one, and comes back in the session after a few others (seed 3)', () => {
    let now = new Date('2026-01-01T10:00:00Z');
    const s = new DrillScheduler('basicStrategy', POOL, [], seededRng(3), () => now);
    const first = s.next();
    s.record({ item: first, correct: false, time_ms: 1500, answeredAt: now.toISOString() });
    const second = s.next();
    expect(second).not.toBe(first);
    s.record({ item: second, correct: true, time_ms: 1500, answeredAt: now.toISOString() });
    expect(s.due(first)!.getTime()).toBeLessThan(s.due(second)!.getTime());

    const dealt: string[] = [];
    for (let i = 0; i < REDEAL_AFTER; i++) {
      now = new Date(now.getTime() + 2000);
      const item = s.next();
      dealt.push(item);
      s.record({ item, correct: true, time_ms: 1000, answeredAt: now.toISOString() });
    }
    // After REDEAL_AFTER - 1 other items (the known one among the first), the miss is dealt again.
    expect(dealt.slice(0, REDEAL_AFTER - 1)).not.toContain(first);
    expect([...dealt, s.next()]).toContain(first);
    expect(dealt).not.toContain(second);
  });

  it('past sessions: an item missed yesterday comes before one known yesterday and before new items', () => {
    const yesterday = '2025-12-31T10:00:00.000Z';
    const history = [
      { answerId: crypto.randomUUID(), drill: 'basicStrategy' as const, item: 'known', correct: true, time_ms: 900, answeredAt: yesterday },
      { answerId: crypto.randomUUID(), drill: 'basicStrategy' as const, item: 'missed', correct: false, time_ms: 900, answeredAt: yesterday },
      // Another drill's answers do not touch this one's schedule.
      { answerId: crypto.randomUUID(), drill: 'deviations' as const, item: 'known', correct: false, time_ms: 900, answeredAt: yesterday },
    ];
    const now = new Date('2026-01-01T10:00:00Z');
    const s = new DrillScheduler('basicStrategy', ['known', 'missed', 'new1', 'new2'], history, seededRng(4), () => now);
    expect(s.due('missed')!.getTime()).toBeLessThan(s.due('known')!.getTime());
    expect(s.next()).toBe('missed');
  });

  it('never deals the same item twice in a row when there is another', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    const s = new DrillScheduler('trueCount', ['x', 'y'], [], seededRng(5), () => now);
    let last = '';
    for (let i = 0; i < 20; i++) {
      const item = s.next();
      expect(item).not.toBe(last);
      s.record({ item, correct: i % 3 !== 0, time_ms: 2000, answeredAt: now.toISOString() });
      last = item;
    }
  });
});
