/**
 * The tournaments' tables (created by db/migrations/0026-tournaments.ts); contract in
 * packages/shared/src/api/tournaments.ts. `shoes_seed` and each entry's `state` are secret: the
 * seed opens every shoe, the state holds the entrant's shoe order (ADR 0055). Neither leaves the
 * server before the tournament is closed, and the state never does.
 */
import type { ColumnType } from 'kysely';
import type { Json, Timestamp, TimestampNullable } from '../../db/column-types.ts';

export interface TournamentsTable {
  id: string;
  name: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** The engine's Rules, whole (parsed at creation). */
  rules: Json<Record<string, unknown>>;
  counting: Json<Record<string, unknown>>;
  test_mode: 'available' | 'imposed';
  /** Rounds per entrant; null: the one shoe to its cut card. */
  rounds: number | null;
  bet_min: number;
  bet_max: number;
  chips: number;
  min_entrants: number;
  payouts_pct: Json<number[]>;
  entry_credits: number;
  /** 32 random bytes (hex): every shoe of the tournament is drawn from it (shoes.ts). Secret until closed. */
  shoes_seed: string;
  /** The shoes' commitments in dealing order (public: each is shown when its shoe is dealt). */
  shoe_commitments: Json<string[]>;
  /** SHA-256 over the commitments, published at creation. */
  shoes_commitment: string;
  /** A scheduled tournament's period ('daily:2026-12-02'): the schedule creates each once. */
  schedule_key: string | null;
  created_by: string | null;
  created_at: Timestamp;
  closed_at: TimestampNullable;
  outcome: 'finished' | 'cancelled' | null;
}

export interface TournamentEntriesTable {
  tournament_id: string;
  user_id: string;
  /** The entry's request id: the same id again is a retry, answered as the first. */
  request_id: string;
  entered_at: Timestamp;
  version: number;
  /** The engine's GameState at the tournament's table. Secret. */
  state: Json<Record<string, unknown>>;
  training: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  shoe_play: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** Committed shoes this entrant has been dealt (the next deal that shuffles takes the next one). */
  shoes_used: ColumnType<number, number | undefined, number>;
  /** Chips after the last settled round (the standings' figure). */
  chips: number;
  rounds_played: ColumnType<number, number | undefined, number>;
  finished_at: TimestampNullable;
  updated_at: Timestamp;
  /** Set by the closing. */
  place: number | null;
  payout: number | null;
  ev_given_away: number | null;
}

export interface TournamentTableActionsTable {
  tournament_id: string;
  user_id: string;
  action_id: string;
  request_hash: string;
  table_version: number;
  status: number;
  response: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface TournamentsTables {
  tournaments: TournamentsTable;
  tournament_entries: TournamentEntriesTable;
  tournament_table_actions: TournamentTableActionsTable;
}
