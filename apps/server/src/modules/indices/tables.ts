/** The full index sets (db/migrations/0030-index-sets.ts); contract in packages/shared/src/api/indices.ts. */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

type Json<T> = ColumnType<T, string, string>;

export interface IndexSetTable {
  key: string;
  spec: Json<Record<string, unknown>>;
  status: 'generating' | 'ready';
  progress: ColumnType<number, number | undefined, number>;
  plays: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  insurance: ColumnType<number | null, number | null | undefined, number | null>;
  runs: ColumnType<number, number | undefined, number>;
  generation_ms: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlayerIndexSetTable {
  user_id: string;
  name: string;
  set_key: string;
  spec: Json<Record<string, unknown>>;
  plays: Json<unknown[]>;
  insurance: number | null;
  chosen: boolean;
  updated_at: Timestamp;
}

export interface IndicesTables {
  index_set: IndexSetTable;
  player_index_set: PlayerIndexSetTable;
}
