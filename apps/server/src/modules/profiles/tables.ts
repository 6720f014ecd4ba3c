/** The profiles table (created by db/migrations/0001-profiles-and-ledger.ts). */
import type { Generated } from 'kysely';
import type { Json, Timestamp, TimestampNullable } from '../../db/column-types.ts';

/** `credits` is the one stored value behind the profile's `credits` and `balance` (ADR 0001). */
export interface ProfilesTable {
  user_id: string;
  email: string;
  username: string;
  /**
   * Migration 0023: the username's confusable key (auth/name-rules.ts confusableKey), unique.
   * NULL only for a player whose name already looked like an older player's at that migration (ADR 0046).
   */
  username_key: string | null;
  display_name: string;
  credits: number;
  achievements: Json<string[]>;
  auth_provider: 'email' | 'google';
  email_verified: boolean;
  total_hands_played: Generated<number>;
  total_hands_won: Generated<number>;
  total_winnings: Generated<number>;
  best_streak: Generated<number>;
  biggest_win: Generated<number>;
  /** Migration 0018: hands lost and pushed, the biggest round's loss (credits, >= 0), the longest losing streak (rounds). */
  total_hands_lost: Generated<number>;
  total_hands_pushed: Generated<number>;
  biggest_loss: Generated<number>;
  worst_streak: Generated<number>;
  show_on_leaderboard: Generated<boolean>;
  has_received_first_purchase_bonus: Generated<boolean>;
  last_daily_bonus: TimestampNullable;
  created_at: Timestamp;
  joined_at: Timestamp;
  last_login: Timestamp;
  last_updated: Timestamp;
}

export interface ProfilesTables {
  profiles: ProfilesTable;
}
