/**
 * What each event does to the counters (pure): increments, and the count-check streak, which
 * is set, not added. Experience per event comes from the shared XP table (docs/rewards.md).
 */
import { XP, type RewardMetric } from '@card-counter/shared';
import type { ProgressEvent } from './events.ts';

export type CounterChange =
  | { metric: RewardMetric; op: 'add'; value: number }
  /** Sets the counter (the streak's reset). */
  | { metric: RewardMetric; op: 'set'; value: number }
  /** Raises the counter to at least `value` (a best streak). */
  | { metric: RewardMetric; op: 'max'; value: number };

/** Hands one round can settle: 8 spots x 4 split hands, with room. Larger is a caller bug. */
const HANDS_PER_ROUND_MAX = 64;
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
      return event.correct
        ? [add('count_checks_correct', 1), add('count_check_streak', 1), add('xp', XP.countCheckCorrect)]
        : [{ metric: 'count_check_streak', op: 'set', value: 0 }];
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
