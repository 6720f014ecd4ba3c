// The speed drills' sessions in the progress summary (ADR 0062): answers with their cards,
// grouped by pauses of DRILL_SESSION_GAP_ms, the latest DRILL_SESSIONS_MAX kept, and the
// speed grade of an answer judged by its time per card (the countdown's casino pace).
import { describe, expect, it } from 'vitest';
import { DRILL_SESSION_GAP_ms, DRILL_SESSIONS_MAX, type DrillAnswer } from '../src/api/drills.ts';
import { ratingOf, sessionsOf, summarizeDrills } from '../src/drills.ts';

const at = (ms: number) => new Date(Date.parse('2026-04-01T10:00:00.000Z') + ms).toISOString();
let n = 0;
const answer = (o: Partial<DrillAnswer> & { at_ms: number }): DrillAnswer => {
  const { at_ms, ...rest } = o;
  return { answerId: `00000000-0000-4000-8000-${String(n++).padStart(12, '0')}`, drill: 'flash', item: 'fl:4c', correct: true, time_ms: 2000, answeredAt: at(at_ms), cards: 4, ...rest };
};

describe('speed sessions', () => {
  it('a pause longer than the gap starts a session; cards and time add up; answers without cards are left out', () => {
    const answers = [
      answer({ at_ms: 0 }),
      answer({ at_ms: 60_000, correct: false, time_ms: 3000, cards: 6 }),
      answer({ at_ms: 60_000 + DRILL_SESSION_GAP_ms + 1, time_ms: 1000, cards: 2 }),
      answer({ at_ms: 70_000 + DRILL_SESSION_GAP_ms, cards: undefined }),
      // Exactly the gap after the last answer: the same session.
      answer({ at_ms: 60_000 + 2 * DRILL_SESSION_GAP_ms + 1, time_ms: 500, cards: 3 }),
    ];
    expect(sessionsOf(answers)).toEqual([
      { startedAt: at(0), answers: 2, correct: 1, cards: 10, time_ms: 5000 },
      { startedAt: at(60_000 + DRILL_SESSION_GAP_ms + 1), answers: 2, correct: 2, cards: 5, time_ms: 1500 },
    ]);
  });

  it('keeps the latest sessions, and only the drill of each summary', () => {
    const answers = Array.from({ length: DRILL_SESSIONS_MAX + 5 }, (_, i) => answer({ at_ms: i * 2 * DRILL_SESSION_GAP_ms }));
    const summary = summarizeDrills([...answers, answer({ drill: 'pairs', item: 'pr:6p', cards: 12, at_ms: 1 })], () => new Date(0));
    const flash = summary.drills.find((d) => d.drill === 'flash')!;
    expect(flash.sessions).toHaveLength(DRILL_SESSIONS_MAX);
    expect(flash.sessions[0]!.startedAt).toBe(at(5 * 2 * DRILL_SESSION_GAP_ms));
    expect(summary.drills.find((d) => d.drill === 'pairs')!.sessions).toHaveLength(1);
    expect(summary.drills.find((d) => d.drill === 'basicStrategy')!.sessions).toEqual([]);
  });

  it('a speed answer is slow past 45 s a deck for its cards (865 ms a card); a countdown never', () => {
    expect(ratingOf({ drill: 'flash', correct: true, time_ms: 3400, cards: 4 })).toBe('good');
    expect(ratingOf({ drill: 'flash', correct: true, time_ms: 3500, cards: 4 })).toBe('hard');
    expect(ratingOf({ drill: 'runningCount', correct: true, time_ms: 3_000_000 })).toBe('good');
    expect(ratingOf({ drill: 'pairs', correct: false, time_ms: 100, cards: 12 })).toBe('again');
  });
});
