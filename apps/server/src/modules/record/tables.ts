/** The player's record (created by db/migrations/0005-play-record.ts); contract in packages/shared/src/api/record.ts. */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

export interface PlayRecordTable {
  /** bigint identity, the order entries were stored in; read as text. */
  id: ColumnType<string, never, never>;
  user_id: string;
  entry_id: string;
  kind: 'decision' | 'countCheck' | 'bet' | 'round';
  /** decision: chosen = best; count check: answered = expected; bet: the ramp's bet (within half a unit). Indexed for the skill board. */
  correct: boolean;
  /** decision: credits given away and the hand's stake; bet: credits given away against the ramp (may be negative) and the round's bet; 0 for count checks. */
  ev_cost_credits: number;
  bet_credits: number;
  /** The whole entry (RecordEntrySchema): as posted ('client'), or as graded ('table'); null until graded. */
  entry: ColumnType<Record<string, unknown> | null, string | null, string>;
  /** 'table': recorded and graded by the server from the table's own actions (ranks, pays); 'client': posted by a browser (history only). */
  source: ColumnType<'table' | 'client', 'table' | 'client' | undefined, never>;
  /** False while a table decision waits for its grade (record/grader.ts); its `facts` are then set. */
  graded: ColumnType<boolean, boolean | undefined, boolean>;
  /** A table decision's or bet's facts (the engine's DecisionFacts or BetFacts), what it is graded from. */
  facts: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
  /** The commitment of the shoe a table entry was made in (a shoe's report reads by it); null for a browser's posts and older rows. */
  shoe: ColumnType<string | null, string | null | undefined, never>;
  /** A 'round' entry's net for the player's hands, credits (the ledger's settlement, fee excluded; ADR 0060); null for every other kind. */
  result_credits: ColumnType<number | null, number | null | undefined, never>;
  /** The entry's own `at`. */
  at: Timestamp;
  created_at: Timestamp;
}

export interface RecordTables {
  play_record: PlayRecordTable;
}
