import { DRILL_ANSWER_TIME_MAX_ms, type DrillAnswer, type DrillId } from '@card-counter/shared';
import { cryptoRng, type Rng } from '@card-counter/engine';
import { useCallback, useMemo, useState } from 'react';
import type { DrillAnswerStore } from '../api/answer-store.ts';
import { DrillScheduler } from '../model/scheduler.ts';

export interface SessionStats {
  answers: number;
  correct: number;
  streak: number;
  bestStreak: number;
  times_ms: number[];
}

const EMPTY: SessionStats = { answers: 0, correct: 0, streak: 0, bestStreak: 0, times_ms: [] };
/** Times kept for the session's median (a long session keeps the latest). */
const TIMES_MAX = 500;

export interface DrillSession {
  rng: Rng;
  /** Null for drills without items to schedule (the countdown). */
  scheduler: DrillScheduler | null;
  stats: SessionStats;
  /** Stores one answer (browser, server when signed in) and feeds the scheduler. */
  record(item: string, correct: boolean, time_ms: number): void;
  /** Counts an answer the server graded and stored (a server-dealt drill): kept in this browser, never uploaded. `cards`: a speed drill's, as the server keeps them (its FSRS grade reads them). */
  recordServed(item: string, correct: boolean, time_ms: number, answeredAt: string, cards?: number): void;
}

/** One drill's session: its scheduler over `pool` (seeded from this browser's history) and its stats. */
export function useDrillSession(drill: DrillId, store: DrillAnswerStore, pool: readonly string[] | null): DrillSession {
  const rng = useMemo(() => cryptoRng(), []);
  const poolKey = pool?.join('|') ?? '';
  const scheduler = useMemo(
    () => (pool === null || pool.length === 0 ? null : new DrillScheduler(drill, pool, store.history(), rng)),
    // poolKey stands for pool's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [drill, store, rng, poolKey],
  );
  const [stats, setStats] = useState<SessionStats>(EMPTY);
  const count = useCallback(
    (item: string, correct: boolean, time_ms: number, answeredAt: string, served: boolean, cards?: number) => {
      const answer: DrillAnswer = {
        answerId: crypto.randomUUID(),
        drill,
        item,
        correct,
        time_ms: Math.max(0, Math.min(DRILL_ANSWER_TIME_MAX_ms, Math.round(time_ms))),
        answeredAt,
        ...(cards === undefined ? {} : { cards }),
      };
      if (served) store.keep(answer);
      else store.add(answer);
      scheduler?.record(answer);
      setStats((s) => {
        const streak = correct ? s.streak + 1 : 0;
        return {
          answers: s.answers + 1,
          correct: s.correct + (correct ? 1 : 0),
          streak,
          bestStreak: Math.max(s.bestStreak, streak),
          times_ms: [...s.times_ms, answer.time_ms].slice(-TIMES_MAX),
        };
      });
    },
    [drill, store, scheduler],
  );
  const record = useCallback(
    (item: string, correct: boolean, time_ms: number) => count(item, correct, time_ms, new Date().toISOString(), false),
    [count],
  );
  const recordServed = useCallback(
    (item: string, correct: boolean, time_ms: number, answeredAt: string, cards?: number) => count(item, correct, time_ms, answeredAt, true, cards),
    [count],
  );
  return { rng, scheduler, stats, record, recordServed };
}
