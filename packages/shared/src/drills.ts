/**
 * The drills' progress summary, computed the same way on the server (signed-in players) and
 * in the browser (guests): per drill the answers, accuracy, median time, streaks, a day-by-day
 * history and every item with its due time. The due time comes from the caller's spaced
 * repetition scheduler (FSRS through ts-fsrs on both sides), fed the rating `ratingOf` gives.
 */
import {
  DRILL_DUE_ITEMS_MAX,
  DRILL_SESSION_GAP_ms,
  DRILL_SESSIONS_MAX,
  DRILL_HISTORY_DAYS_MAX,
  DRILL_IDS,
  type DrillAnswer,
  type DrillDay,
  type DrillId,
  type DrillItemStat,
  type DrillSessionStat,
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
  // A speed drill is about speed: slower than its target (the countdown's pace per card) is shaky.
  // Answers carry their cards; without them (never for these drills) the answer is never slow.
  pairs: Number.POSITIVE_INFINITY,
  flash: Number.POSITIVE_INFINITY,
  tableRound: Number.POSITIVE_INFINITY,
  betSizing: 6000,
};

/** The spaced-repetition grade of one answer: wrong -> again, slow -> hard, else good. */
export function ratingOf(answer: Pick<DrillAnswer, 'drill' | 'correct' | 'time_ms' | 'cards'>): DrillRating {
  if (!answer.correct) return 'again';
  return answer.time_ms > slowAfter_ms(answer) ? 'hard' : 'good';
}

/** A speed drill's answer is slow past the countdown's casino pace for its cards (45 s a deck). */
const SPEED_SLOW_PER_CARD_ms = 45_000 / 52;
const SPEED_DRILLS: ReadonlySet<DrillId> = new Set(['pairs', 'flash', 'tableRound']);

function slowAfter_ms(answer: Pick<DrillAnswer, 'drill' | 'cards'>): number {
  if (SPEED_DRILLS.has(answer.drill) && answer.cards !== undefined) return answer.cards * SPEED_SLOW_PER_CARD_ms;
  return SLOW_ANSWER_ms[answer.drill];
}

/** An item's answers, oldest first -> when it is next due. */
export type DueOf = (history: readonly Pick<DrillAnswer, 'drill' | 'correct' | 'time_ms' | 'answeredAt' | 'cards'>[]) => Date;

function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Sessions of the answers that carry their cards (answers sorted by time), the latest DRILL_SESSIONS_MAX. */
export function sessionsOf(answers: readonly DrillAnswer[]): DrillSessionStat[] {
  const sessions: DrillSessionStat[] = [];
  let last_ms = Number.NEGATIVE_INFINITY;
  for (const a of answers) {
    if (a.cards === undefined) continue;
    const at_ms = Date.parse(a.answeredAt);
    let current = sessions[sessions.length - 1];
    if (current === undefined || at_ms - last_ms > DRILL_SESSION_GAP_ms) {
      current = { startedAt: new Date(at_ms).toISOString(), answers: 0, correct: 0, cards: 0, time_ms: 0 };
      sessions.push(current);
    }
    current.answers++;
    if (a.correct) current.correct++;
    current.cards += a.cards;
    current.time_ms += a.time_ms;
    last_ms = at_ms;
  }
  return sessions.slice(-DRILL_SESSIONS_MAX);
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
    sessions: sessionsOf(answers),
  };
}

/** The progress of every drill from a player's answers (any order; sorted by answeredAt here). */
export function summarizeDrills(answers: readonly DrillAnswer[], dueOf: DueOf): DrillsProgress {
  const sorted = [...answers].sort((a, b) => Date.parse(a.answeredAt) - Date.parse(b.answeredAt));
  return { drills: DRILL_IDS.map((drill) => summarizeDrill(drill, sorted.filter((a) => a.drill === drill), dueOf)) };
}
