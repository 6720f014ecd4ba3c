/** The player's record (created by db/migrations/0005-play-record.ts); contract in packages/shared/src/api/record.ts. */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

export interface PlayRecordTable {
  /** bigint identity, the order entries were stored in; read as text. */
  id: ColumnType<string, never, never>;
  user_id: string;
  entry_id: string;
  kind: 'decision' | 'countCheck';
  /** decision: chosen = best; count check: answered = expected. Indexed for the skill board. */
  correct: boolean;
  /** decision only: credits given away and the hand's stake; 0 for count checks. */
  ev_cost_credits: number;
  bet_credits: number;
  /** The whole entry as posted (RecordEntrySchema). */
  entry: ColumnType<Record<string, unknown>, string, never>;
  /** The entry's own `at`. */
  at: Timestamp;
  created_at: Timestamp;
}

export interface RecordTables {
  play_record: PlayRecordTable;
}
