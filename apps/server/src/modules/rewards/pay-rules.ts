/**
 * What pays, decided by the rewards module alone (ADR 0044, docs/rewards.md "Pay only for what
 * was not on screen"): the facts come from the server's own records (what the table sent when
 * it asked a check, when the drill server dealt its cards), never from the browser. A verdict
 * that pays nothing is practice: still graded and recorded, but no credits, experience or
 * counter that leads to a reward moves, and the answer says why (PracticeReason).
 */
import { DRILL_FLASH_MIN_ms, GUESSABLE_COUNT_SHARE_MAX, type DrillPracticeReason, type PracticeReason } from '@card-counter/shared';
import type { CountSpec } from '@card-counter/engine';
import { needsNoCounting, speedGuessShare } from './count-guess.ts';
import type { DrillShape } from './events.ts';

/** A count check pays only when the count was hidden when it was asked, in a count that needs counting. */
export function countCheckPractice(facts: { countShown: boolean; count: CountSpec }): PracticeReason | null {
  if (facts.countShown) return 'countShown';
  if (needsNoCounting(facts.count)) return 'countNeedsNoCounting';
  return null;
}

/**
 * The fastest a person can have seen a countdown: every flash (cards / perFlash, rounded up) on
 * screen for DRILL_FLASH_MIN_ms (150 ms), the trainer's fastest set speed and about the fastest
 * a finger presses Space again. One deck one card at a time: 47 to 51 flashes, 7.05 to 7.65 s.
 */
export function drillMinTime_ms(cards: number, perFlash: number): number {
  if (!Number.isInteger(cards) || cards < 1 || !Number.isInteger(perFlash) || perFlash < 1)
    throw new RangeError(`a drill of ${cards} cards, ${perFlash} at a time`);
  return Math.ceil(cards / perFlash) * DRILL_FLASH_MIN_ms;
}

/**
 * The part of a drill's verdict that needs no stored state: bet sizing's answer is all on screen
 * (the count, the bankroll, the player's own ramp or the Kelly rule: ADR 0063); the count (null:
 * not known, so not known to need counting) in the countdown's reference and, for a speed
 * drill, in the drill's own shape (ADR 0062: the same 40% bound); and the drill's own time.
 */
export function drillPracticeOf(facts: {
  count: CountSpec | null;
  cards: number;
  perFlash: number;
  duration_ms: number;
  shape?: DrillShape | undefined;
}): DrillPracticeReason | null {
  const shape = facts.shape ?? { kind: 'countdown' };
  if (shape.kind === 'betSizing') return 'answerOnScreen';
  if (facts.count === null || needsNoCounting(facts.count)) return 'countNeedsNoCounting';
  if (shape.kind !== 'countdown' && speedGuessShare(facts.count, shape) > GUESSABLE_COUNT_SHARE_MAX) return 'countNeedsNoCounting';
  if (facts.duration_ms < drillMinTime_ms(facts.cards, facts.perFlash)) return 'tooFast';
  return null;
}
