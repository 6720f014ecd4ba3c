/**
 * The trainer's drill answers (created by db/migrations/0010-drill-answers.ts) and the
 * server-dealt drills (0014-drill-deals.ts); contract in packages/shared/src/api/drills.ts.
 */
import type { ColumnType } from 'kysely';
import type { CustomCount } from '@card-counter/engine';
import type { DrillId, DrillPracticeReason, SpeedDrillId } from '@card-counter/shared';
import type { Json, Timestamp, TimestampNullable } from '../../db/column-types.ts';

export interface DrillAnswerTable {
  /** bigint identity, the order answers were stored in; read as text. */
  id: ColumnType<string, never, never>;
  user_id: string;
  answer_id: string;
  drill: DrillId;
  item: string;
  correct: boolean;
  time_ms: number;
  answered_at: Timestamp;
  /** Cards the answer counted (speed drills, migration 0029); null for the other drills. */
  cards: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** One server-dealt drill (docs/decisions/0027-server-dealt-drills.md). */
export interface DrillDealTable {
  /** A random UUID, made by the server. */
  id: string;
  user_id: string;
  drill: 'runningCount' | SpeedDrillId | 'betSizing' | 'deviations';
  item: string;
  /** The counting system the cards are counted with (an engine CountingSystemId). */
  counting_system: string;
  /** Card codes 0..51 (the engine's), in the order dealt. Never sent before the deal is answered, except as the cards themselves. */
  cards: Json<number[]>;
  /** The running count after the last card, with the system's initial count for the decks. */
  expected_count: number;
  target_ms: number;
  dealt_at: Timestamp;
  /** The answer columns: all null until answered, then all set (a check constraint). */
  answered_at: TimestampNullable;
  answered_count: number | null;
  correct: boolean | null;
  time_ms: number | null;
  /** Why the answered deal paid nothing (ADR 0044); null while open and when it counted. */
  practice: DrillPracticeReason | null;
  /** A custom count's definition (migration 0021); null for a built-in count. */
  custom: ColumnType<CustomCount | null, string | null, string | null>;
  /** What the grade needs beyond the cards (migration 0029): a bet's facts, a round's seats. Secret until answered. */
  question: ColumnType<unknown, string | null | undefined, string | null>;
  /** The full verdict of a speed or bet drill once answered (a retry answers it again); null otherwise. */
  verdict: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface DrillsTables {
  drill_answer: DrillAnswerTable;
  drill_deal: DrillDealTable;
}
