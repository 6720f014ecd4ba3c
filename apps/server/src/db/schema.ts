/**
 * The app's own tables as Kysely sees them (snake_case columns, no case plugin).
 * better-auth's tables (auth_*) are typed by better-auth, not here.
 * credits is the one stored value behind the profile's `credits` and `balance` (ADR 0001).
 */
import type { ColumnType, Generated, Kysely } from 'kysely';

/** A Kysely over tables this file does not type: better-auth's (auth_*) and the mail outbox. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- those tables are not part of the app's typed schema
export type AnyKysely = Kysely<any>;

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TimestampNullable = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: read as parsed JSON, written as a JSON string (pg would turn a JS array into a SQL array). */
type Json<T> = ColumnType<T, string, string>;

export interface ProfilesTable {
  user_id: string;
  email: string;
  username: string;
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
  show_on_leaderboard: Generated<boolean>;
  has_received_first_purchase_bonus: Generated<boolean>;
  last_daily_bonus: TimestampNullable;
  created_at: Timestamp;
  joined_at: Timestamp;
  last_login: Timestamp;
  last_updated: Timestamp;
}

export interface CreditTransactionsTable {
  /** bigint identity; read it as text (`id::text`) so both drivers give a string. */
  id: ColumnType<string, never, never>;
  user_id: string;
  type: string;
  amount: number;
  balance_after: number;
  description: string;
  metadata: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface DB {
  profiles: ProfilesTable;
  credit_transactions: CreditTransactionsTable;
}
