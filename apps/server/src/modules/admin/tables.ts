/** The admin module's tables (created by db/migrations/0011-admin.ts). */
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AdminAuditLogTable {
  /** bigint identity; read as text. */
  id: ColumnType<string, never, never>;
  admin_user_id: string;
  action: string;
  target_user_id: string | null;
  reason: string;
  details: ColumnType<Record<string, unknown>, string, never>;
  created_at: Timestamp;
}

/** One row while an account is blocked. */
export interface UserBlocksTable {
  user_id: string;
  reason: string;
  blocked_by: string;
  blocked_at: Timestamp;
}

export interface AdminTables {
  admin_audit_log: AdminAuditLogTable;
  user_blocks: UserBlocksTable;
}
