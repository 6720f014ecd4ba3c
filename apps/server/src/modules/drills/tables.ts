/** The trainer's drill answers (created by db/migrations/0010-drill-answers.ts); contract in packages/shared/src/api/drills.ts. */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

export interface DrillAnswerTable {
  /** bigint identity, the order answers were stored in; read as text. */
  id: ColumnType<string, never, never>;
  user_id: string;
  answer_id: string;
  drill: 'runningCount' | 'trueCount' | 'deckEstimation' | 'basicStrategy' | 'deviations';
  item: string;
  correct: boolean;
  time_ms: number;
  answered_at: Timestamp;
  created_at: Timestamp;
}

export interface DrillsTables {
  drill_answer: DrillAnswerTable;
}
