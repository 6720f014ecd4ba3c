/**
 * The append-only audit log of admin actions (decision record 0014). Only `writeAudit`
 * inserts; nothing in the app updates or deletes, and the database refuses it anyway (a
 * trigger, migration 0011). Written in the same transaction as the action it records, so an
 * action without its entry (or the reverse) cannot be committed.
 */
import type { AdminAction, AdminAuditEntry, AdminAuditPage } from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { iso } from './sql-values.ts';

export interface AuditInput {
  adminUserId: string;
  action: AdminAction;
  targetUserId: string | null;
  reason: string;
  details: Record<string, unknown>;
  now: Date;
}

export async function writeAudit(trx: Kysely<DB>, input: AuditInput): Promise<void> {
  await trx
    .insertInto('admin_audit_log')
    .values({
      admin_user_id: input.adminUserId,
      action: input.action,
      target_user_id: input.targetUserId,
      reason: input.reason,
      details: JSON.stringify(input.details),
      created_at: input.now,
    })
    .execute();
}

interface AuditRow {
  id: string;
  admin_user_id: string;
  admin_email: string | null;
  action: AdminAction;
  target_user_id: string | null;
  target_email: string | null;
  reason: string;
  details: Record<string, unknown>;
  created_at: Date;
}

/** Newest first, keyset-paginated by id; optionally one target user's entries. */
export async function listAudit(
  db: Database,
  q: { limit: number; cursor?: string | undefined; targetUserId?: string | undefined },
): Promise<AdminAuditPage> {
  const rows = await sql<AuditRow>`
    select l.id::text as id, l.admin_user_id, a.email as admin_email, l.action, l.target_user_id,
           t.email as target_email, l.reason, l.details, l.created_at
    from admin_audit_log l
    left join auth_user a on a.id = l.admin_user_id
    left join auth_user t on t.id = l.target_user_id
    where (${q.cursor ?? null}::bigint is null or l.id < ${q.cursor ?? null}::bigint)
      and (${q.targetUserId ?? null}::text is null or l.target_user_id = ${q.targetUserId ?? null}::text)
    order by l.id desc
    limit ${q.limit + 1}`.execute(db.kysely);
  const page = rows.rows.slice(0, q.limit);
  const items: AdminAuditEntry[] = page.map((r) => ({
    id: r.id,
    adminUserId: r.admin_user_id,
    adminEmail: r.admin_email,
    action: r.action,
    targetUserId: r.target_user_id,
    targetEmail: r.target_email,
    reason: r.reason,
    details: r.details,
    createdAt: iso(r.created_at),
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.rows.length > q.limit && last !== undefined ? last.id : null };
}
