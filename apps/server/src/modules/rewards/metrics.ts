/**
 * What each event does to the counters (pure): increments, and the count-check streak, which
 * is set, not added. Experience per event comes from the shared XP table (docs/rewards.md).
 */
import { ACHIEVEMENTS, XP, type RewardMetric } from '@card-counter/shared';
import type { ProgressEvent } from './events.ts';

export type CounterChange =
  | { metric: RewardMetric; op: 'add'; value: number }
  /** Sets the counter (the streak's reset). */
  | { metric: RewardMetric; op: 'set'; value: number }
  /** Raises the counter to at least `value` (a best streak). */
  | { metric: RewardMetric; op: 'max'; value: number };

/** Hands one round can settle: 8 spots x 4 split hands, with room. Larger is a caller bug. */
const HANDS_PER_ROUND_MAX = 64;
// Awards compare a counter only before and after an event, and the streak goes up and down;
// the best streak only rises, so achievements watch it, never the streak (an event that moved
// the streak more than one step could otherwise step over a target).
if (ACHIEVEMENTS.some((a) => (a.metric as RewardMetric) === 'count_check_streak'))
  throw new Error(
    'an achievement on count_check_streak would be missed in a batch: use count_check_streak_best',
  );

/** A drill longer than a day is a broken clock, not a drill. */
const DRILL_DURATION_MAX_ms = 24 * 60 * 60 * 1000;

function assertCount(name: string, n: number, max: number): void {
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new RangeError(`${name} must be an integer in 0..${max}, got ${n}`);
}

/**
 * The counter changes of one event, in order. Streak updates that depend on the current
 * value are expressed against it: 'count_check_streak' is added to, then copied into the best
 * by the caller (award-progress.ts), so no read-modify-write happens outside the row lock.
 */
export function changesFor(event: ProgressEvent): CounterChange[] {
  const add = (metric: RewardMetric, value: number): CounterChange => ({ metric, op: 'add', value });
  switch (event.type) {
    case 'round_settled': {
      assertCount('hands', event.hands, HANDS_PER_ROUND_MAX);
      assertCount('blackjacks', event.blackjacks, event.hands);
      const changes = [add('hands_played', event.hands), add('blackjacks', event.blackjacks)];
      let xp = event.hands * XP.hand;
      if (event.cleanShoe) {
        changes.push(add('clean_shoes', 1));
        xp += XP.cleanShoe;
      }
      changes.push(add('xp', xp));
      return changes;
    }
    case 'count_check_answered':
      return countCheckChanges([event.correct]);
    case 'drill_finished': {
      assertCount('duration_ms', event.duration_ms, DRILL_DURATION_MAX_ms);
      assertCount('target_ms', event.target_ms, DRILL_DURATION_MAX_ms);
      const fast = event.correct && event.duration_ms <= event.target_ms;
      const changes = [
        add('drills_finished', 1),
        add('xp', XP.drillFinished + (fast ? XP.drillUnderTarget : 0)),
      ];
      if (fast) changes.push(add('drills_under_target', 1));
      return changes;
    }
    case 'simulation_run':
      return [add('simulations_run', 1), add('xp', XP.simulationRun)];
    case 'daily_bonus_claimed':
      return [add('daily_bonuses', 1), add('xp', XP.dailyBonus)];
    case 'purchase_completed':
      // Money buys credits, never experience or achievements (docs/rewards.md).
      return [add('purchases', 1)];
    case 'signed_up':
      // Starts the player's record at level 1 with every counter at 0.
      return [add('xp', 0)];
  }
}

/**
 * Count checks answered in order, folded into the changes they make one by one:
 * - each correct answer adds 1 correct check and its experience;
 * - the correct answers before the first wrong one extend the current streak (the caller
 *   copies the result into the best streak);
 * - after a wrong answer the streak restarts: the longest run after it can raise the best,
 *   and the run at the end is the new streak.
 * A single answer gives the changes count_check_answered always gave: [correct, streak +1, xp] or
 * [streak = 0]; zero-valued changes are left out so no counter row appears for nothing.
 */
function countCheckChanges(answers: readonly boolean[]): CounterChange[] {
  const correct = answers.filter(Boolean).length;
  const firstWrong = answers.indexOf(false);
  const leading = firstWrong === -1 ? answers.length : firstWrong;
  let run = 0;
  let longestAfterWrong = 0;
  for (const answer of answers.slice(leading)) {
    run = answer ? run + 1 : 0;
    longestAfterWrong = Math.max(longestAfterWrong, run);
  }
  const changes: CounterChange[] = [];
  if (correct > 0) changes.push({ metric: 'count_checks_correct', op: 'add', value: correct });
  if (leading > 0) changes.push({ metric: 'count_check_streak', op: 'add', value: leading });
  if (firstWrong !== -1) {
    if (longestAfterWrong > 0)
      changes.push({ metric: 'count_check_streak_best', op: 'max', value: longestAfterWrong });
    changes.push({ metric: 'count_check_streak', op: 'set', value: run });
  }
  if (correct > 0) changes.push({ metric: 'xp', op: 'add', value: correct * XP.countCheckCorrect });
  return changes;
}
