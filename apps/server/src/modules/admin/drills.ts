/**
 * SEAM: drill statistics. The drills table is built on another branch and is not in this
 * database yet; until it is merged the detail says so instead of showing zeros that would
 * read as "never drilled". When it lands, read it here (cards and cards due for the user).
 */
import type { AdminUserDetail } from '@card-counter/shared';
import type { Database } from '../../db/index.ts';

export function drillStats(_db: Database, _userId: string): Promise<AdminUserDetail['drills']> {
  return Promise.resolve({
    available: false,
    note: 'Drill statistics appear here once the drills module is merged.',
  });
}
