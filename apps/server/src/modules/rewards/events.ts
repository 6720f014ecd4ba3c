/**
 * The events that feed achievements and experience: `awardProgress(db, userId, event)` is the
 * single entry point (award-progress.ts). The table, trainer and simulator modules send theirs
 * with one call, inside the transaction that records what happened, so an event counts
 * exactly once (a retried request that rolled back never counted; one that committed is not
 * sent again).
 */
import type { CountSpec } from '@card-counter/engine';
import type { SpeedShape } from './count-guess.ts';

/** A round settled at the table (one call per round, whatever the number of spots and splits). */
export interface RoundSettledEvent {
  type: 'round_settled';
  /** Hands played this round (spots, and split hands each count). 0..64. */
  hands: number;
  /** Player blackjacks this round. */
  blackjacks: number;
  /**
   * True when the action that sends this event replaced a shoe the player had played down to
   * its shuffle point with every decision by the basic strategy chart, as the table judged it
   * (table/shoe-play.ts). That action is usually the next round's deal, so the event then has
   * hands 0. False otherwise.
   */
  cleanShoe: boolean;
}

/**
 * A count check the table asked and graded (ADR 0028: never a browser's report). It pays only
 * when the count was hidden when it was asked, by a count that needs counting (ADR 0044).
 */
export interface CountCheckAnsweredEvent {
  type: 'count_check_answered';
  correct: boolean;
  /** The server's own record: the answer that asked the check carried the running count (test mode off). */
  countShown: boolean;
  /** The count the check was asked in. */
  count: CountSpec;
}

/**
 * A count drill finished in the trainer: only a drill the server dealt, graded and timed
 * (drills/deals.ts, ADR 0027); never an answer the browser describes.
 */
export interface DrillFinishedEvent {
  type: 'drill_finished';
  /** Whether the drill's final answer was right. */
  correct: boolean;
  duration_ms: number;
  /** The drill's target time; a correct drill at or under it counts for 'drill_under_target'. */
  target_ms: number;
  /** Cards dealt and cards shown at a time: the fastest the screen could show them (ADR 0044). */
  cards: number;
  perFlash: number;
  /** When the server dealt it (its own clock); duration_ms runs from here to the answer. */
  dealtAt: Date;
  /** The count the drill was dealt in; null when it is not known (it then pays nothing). */
  count: CountSpec | null;
  /**
   * Which drill (absent: the countdown): a speed drill's shape decides its guess share, and bet
   * sizing, whose answer is all on screen, is practice (docs/decisions/0062, 0063).
   */
  shape?: DrillShape;
}

export type DrillShape = { kind: 'countdown' } | SpeedShape | { kind: 'betSizing' };

/** A simulator run started by the player (charged CREDIT_COST_SIMULATOR_RUN). */
export interface SimulationRunEvent {
  type: 'simulation_run';
}

/** Events wired in this module's own branch: sign-up, daily bonus, purchase. */
export interface SignedUpEvent {
  type: 'signed_up';
}
export interface DailyBonusClaimedEvent {
  type: 'daily_bonus_claimed';
}
export interface PurchaseCompletedEvent {
  type: 'purchase_completed';
  packId: string;
}

export type ProgressEvent =
  | RoundSettledEvent
  | CountCheckAnsweredEvent
  | DrillFinishedEvent
  | SimulationRunEvent
  | SignedUpEvent
  | DailyBonusClaimedEvent
  | PurchaseCompletedEvent;
