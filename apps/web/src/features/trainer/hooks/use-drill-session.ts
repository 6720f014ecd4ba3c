import type { DrillAnswer, DrillId } from '@card-counter/shared';
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
  const record = useCallback(
    (item: string, correct: boolean, time_ms: number) => {
      const answer: DrillAnswer = {
        answerId: crypto.randomUUID(),
        drill,
        item,
        correct,
        time_ms: Math.max(0, Math.min(3_600_000, Math.round(time_ms))),
        answeredAt: new Date().toISOString(),
      };
      store.add(answer);
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
  return { rng, scheduler, stats, record };
}

export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
