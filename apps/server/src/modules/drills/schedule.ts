/**
 * When a drill item is next due: the item's answers replayed through FSRS (ts-fsrs), each
 * graded by the shared rule (wrong -> again, slow -> hard, else good). The browser schedules
 * a guest's items the same way (apps/web/src/features/trainer/model/fsrs.ts).
 */
import { ratingOf, type DueOf, type DrillRating } from '@card-counter/shared/drills';
import { createEmptyCard, fsrs, Rating, type Grade } from 'ts-fsrs';

const scheduler = fsrs({ enable_fuzz: false });
const GRADE: Record<DrillRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good };

export const fsrsDueOf: DueOf = (history) => {
  const first = history[0];
  if (first === undefined) throw new RangeError('an item has at least one answer');
  let card = createEmptyCard(new Date(first.answeredAt));
  for (const answer of history) {
    card = scheduler.next(card, new Date(answer.answeredAt), GRADE[ratingOf(answer)]).card;
  }
  return card.due;
};
