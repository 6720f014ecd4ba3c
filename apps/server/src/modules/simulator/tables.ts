/** The simulator's runs (created by db/migrations/0009-simulator-runs.ts); contract in packages/shared/src/api/simulator.ts. */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

type Json = ColumnType<Record<string, unknown>, string, string>;
type NullableJson = ColumnType<Record<string, unknown> | null, string | null, string | null>;

export interface SimulatorRunsTable {
  run_id: string;
  user_id: string;
  /** The form's settings as charged (SimSettingsSchema). */
  settings: Json;
  /** The engine's SimResult as JSON; null until the browser saves it. */
  result: NullableJson;
  /** The player's own game ("simulate my game"), when it was simulated beside. */
  mine: NullableJson;
  created_at: Timestamp;
}

export interface SimulatorTables {
  simulator_runs: SimulatorRunsTable;
}
