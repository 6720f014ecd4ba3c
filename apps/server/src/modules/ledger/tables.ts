/** The append-only ledger table (created by db/migrations/0001-profiles-and-ledger.ts). */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

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

export interface LedgerTables {
  credit_transactions: CreditTransactionsTable;
}
