import { ratingOf, type DrillRating } from '@card-counter/shared/drills';
import type { DrillAnswer } from '@card-counter/shared';
import { createEmptyCard, fsrs, Rating, type Card as FsrsCard, type Grade } from 'ts-fsrs';

// FSRS (ts-fsrs) in the browser: the same grading as the server's (modules/drills/schedule.ts),
// wrong -> again, slow -> hard, else good, so a guest's due items match what the server would say.

const scheduler = fsrs({ enable_fuzz: false });
const GRADE: Record<DrillRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good };

export type ItemState = FsrsCard;

export function newItemState(now: Date): ItemState {
  return createEmptyCard(now);
}

export function reviewItem(state: ItemState, answer: Pick<DrillAnswer, 'drill' | 'correct' | 'time_ms' | 'cards'>, at: Date): ItemState {
  return scheduler.next(state, at, GRADE[ratingOf(answer)]).card;
}

/** Due time of an item from its answers, oldest first (the shared summary's DueOf). */
export function fsrsDueOf(history: readonly Pick<DrillAnswer, 'drill' | 'correct' | 'time_ms' | 'answeredAt' | 'cards'>[]): Date {
  const first = history[0];
  if (first === undefined) throw new RangeError('an item has at least one answer');
  let state = newItemState(new Date(first.answeredAt));
  for (const a of history) state = reviewItem(state, a, new Date(a.answeredAt));
  return state.due;
}
