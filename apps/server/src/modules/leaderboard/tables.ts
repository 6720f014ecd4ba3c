/** The leaderboard's tables (created by db/migrations/0008-leaderboard.ts, ADR 0011). */
import type { Timestamp } from '../../db/column-types.ts';

/** One per profile, refreshed from it (refresher.ts); `deleted`: the player hid themselves. */
export interface LeaderboardEntriesTable {
  user_id: string;
  display_name: string;
  balance: number;
  last_updated: Timestamp;
  deleted: boolean;
}

/** Visible entries per balance bucket, kept by triggers on leaderboard_entries. */
export interface LeaderboardBucketsTable {
  bucket: number;
  players: number;
}

export interface LeaderboardTables {
  leaderboard_entries: LeaderboardEntriesTable;
  leaderboard_buckets: LeaderboardBucketsTable;
}
