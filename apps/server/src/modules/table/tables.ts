/**
 * The server-held tables (created by db/migrations/0006-game-tables.ts); contract in
 * packages/shared/src/table.ts. `state` is the engine's whole GameState, shoe order and salt
 * included: it never leaves the server except through visible() (ADR 0009).
 */
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from '../../db/column-types.ts';

export interface GameTablesTable {
  user_id: string;
  /** Random per table row: namespaces the ledger idempotency keys of its actions. */
  table_id: string;
  /** = state.version: the optimistic-concurrency version the client sends back. */
  version: number;
  /** The engine's GameState (rules, counting options, shoe, round, session stats). Secret. */
  state: Json<Record<string, unknown>>;
  /** bettingPatterns of the spec: count_{value} -> { totalBets, totalAmount, wins, losses, avgBet }. */
  betting_patterns: Json<Record<string, unknown>>;
  /** The current shoe's decisions judged against basic strategy (shoe-play.ts); null before the first. */
  shoe_play: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The training settings and the open count check (training.ts); null before the first action after this release. Secret (the expected count). */
  training: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One answered action per (user, action id): a retry or a racing copy gets the same answer. */
export interface GameTableActionsTable {
  user_id: string;
  action_id: string;
  /** SHA-256 of the request body's action and version: the same id with another action is refused. */
  request_hash: string;
  /** The table version after the answer (for bounded retention). */
  table_version: number;
  status: number;
  /** The response body as sent (visible state only). */
  response: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

/** Replaced shoes (commitment, order and salt), newest kept, for GET /api/table/shoes. */
export interface GameShoeRevealsTable {
  id: ColumnType<string, never, never>;
  user_id: string;
  commitment: string;
  reveal: Json<Record<string, unknown>>;
  replaced_at: Timestamp;
}

/** A finished round's deal log (round-cards.ts, decision record 0061), newest kept per player. */
export interface TableRoundCardsTable {
  id: ColumnType<string, never, never>;
  user_id: string;
  /** The commitment of the shoe the round ended in, and where the round began in it. */
  shoe: string;
  round_start: number;
  /** The seats in dealing order ({ seat, player }). */
  seats: Json<unknown[]>;
  /** The engine's deal log (DealEvent[]): the hole card is in it, so only a replay reads it. */
  events: Json<unknown[]>;
  created_at: Timestamp;
}

export interface TableTables {
  game_tables: GameTablesTable;
  table_round_cards: TableRoundCardsTable;
  game_table_actions: GameTableActionsTable;
  game_shoe_reveals: GameShoeRevealsTable;
}
