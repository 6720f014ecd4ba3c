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

/** The top of the board as the last refresh left it (migration 0035, ADR 0078): one row, id 1. */
export interface LeaderboardTopTable {
  id: number;
  /** Entry rows in board order (user_id, display_name, balance, last_updated), at most the top's size. */
  rows: unknown;
  total: number;
  written_at: Timestamp;
}

export interface LeaderboardTables {
  leaderboard_entries: LeaderboardEntriesTable;
  leaderboard_buckets: LeaderboardBucketsTable;
  leaderboard_top: LeaderboardTopTable;
}
