/**
 * Drill statistics for the admin's user detail: the items a player has answered in the
 * trainer (across every drill) and how many of them spaced repetition has due now, read
 * from the same summary the player's progress view shows.
 */
import type { AdminUserDetail } from '@card-counter/shared';
import type { Database } from '../../db/index.ts';
import { drillProgress } from '../drills/index.ts';

export async function drillStats(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<AdminUserDetail['drills']> {
  const progress = await drillProgress(db, userId);
  const items = progress.drills.flatMap((d) => d.items);
  const due = items.filter((i) => Date.parse(i.due) <= now.getTime()).length;
  return { available: true, cards: items.length, due };
}
