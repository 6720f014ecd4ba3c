/** Reward counters (created by db/migrations/0007-payments-and-rewards.ts). */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

/** One counter per (user, metric): 'xp', 'hands_played', 'blackjacks', ... (rewards/metrics.ts). */
export interface RewardProgressTable {
  user_id: string;
  metric: string;
  /** bigint; read as a string by pg, so convert with Number(). */
  value: ColumnType<string | number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface RewardsTables {
  reward_progress: RewardProgressTable;
}
