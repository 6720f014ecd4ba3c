/**
 * The drills' progress summary, computed the same way on the server (signed-in players) and
 * in the browser (guests): per drill the answers, accuracy, median time, streaks, a day-by-day
 * history and every item with its due time. The due time comes from the caller's spaced
 * repetition scheduler (FSRS through ts-fsrs on both sides), fed the rating `ratingOf` gives.
 */
import {
  DRILL_DUE_ITEMS_MAX,
  DRILL_HISTORY_DAYS_MAX,
  DRILL_IDS,
  type DrillAnswer,
  type DrillDay,
  type DrillId,
  type DrillItemStat,
  type DrillSummary,
  type DrillsProgress,
} from './api/drills.ts';

export type DrillRating = 'again' | 'hard' | 'good';

/**
 * Answers slower than this are correct but shaky: they come back sooner (FSRS "hard"). Per item,
 * not per countdown: a deck countdown is judged on accuracy, its speed is reported apart.
 */
export const SLOW_ANSWER_ms: Readonly<Record<DrillId, number>> = {
  runningCount: Number.POSITIVE_INFINITY,
  trueCount: 8000,
  deckEstimation: 5000,
  basicStrategy: 4000,
  deviations: 6000,
};

/** The spaced-repetition grade of one answer: wrong -> again, slow -> hard, else good. */
export function ratingOf(answer: Pick<DrillAnswer, 'drill' | 'correct' | 'time_ms'>): DrillRating {
  if (!answer.correct) return 'again';
  return answer.time_ms > SLOW_ANSWER_ms[answer.drill] ? 'hard' : 'good';
}

/** An item's answers, oldest first -> when it is next due. */
export type DueOf = (history: readonly Pick<DrillAnswer, 'drill' | 'correct' | 'time_ms' | 'answeredAt'>[]) => Date;

function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function summarizeDrill(drill: DrillId, answers: readonly DrillAnswer[], dueOf: DueOf): DrillSummary {
  let correct = 0;
  let streak = 0;
  let bestStreak = 0;
  const days = new Map<string, { answers: number; correct: number; times: number[] }>();
  const items = new Map<string, DrillAnswer[]>();
  for (const a of answers) {
    if (a.correct) {
      correct++;
      streak++;
      bestStreak = Math.max(bestStreak, streak);
    } else streak = 0;
    const day = new Date(a.answeredAt).toISOString().slice(0, 10);
    const d = days.get(day) ?? { answers: 0, correct: 0, times: [] };
    d.answers++;
    if (a.correct) d.correct++;
    d.times.push(a.time_ms);
    days.set(day, d);
    const history = items.get(a.item) ?? [];
    history.push(a);
    items.set(a.item, history);
  }
  const dayRows: DrillDay[] = [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(-DRILL_HISTORY_DAYS_MAX)
    .map(([day, d]) => ({ day, answers: d.answers, correct: d.correct, medianTime_ms: medianOf(d.times) }));
  const itemRows: DrillItemStat[] = [...items.entries()].map(([item, history]) => ({
    item,
    answers: history.length,
    correct: history.filter((h) => h.correct).length,
    lastAnsweredAt: new Date(history[history.length - 1]!.answeredAt).toISOString(),
    due: dueOf(history).toISOString(),
  }));
  const dueNext = [...itemRows]
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0))
    .slice(0, DRILL_DUE_ITEMS_MAX)
    .map((r) => r.item);
  return {
    drill,
    answers: answers.length,
    correct,
    accuracy: answers.length === 0 ? null : correct / answers.length,
    medianTime_ms: medianOf(answers.map((a) => a.time_ms)),
    streak,
    bestStreak,
    days: dayRows,
    items: itemRows,
    dueNext,
  };
}

/** The progress of every drill from a player's answers (any order; sorted by answeredAt here). */
export function summarizeDrills(answers: readonly DrillAnswer[], dueOf: DueOf): DrillsProgress {
  const sorted = [...answers].sort((a, b) => Date.parse(a.answeredAt) - Date.parse(b.answeredAt));
  return { drills: DRILL_IDS.map((drill) => summarizeDrill(drill, sorted.filter((a) => a.drill === drill), dueOf)) };
}
