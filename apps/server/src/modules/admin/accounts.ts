/**
 * Account actions: end a user's sessions, block and unblock sign-in. Sessions live in the
 * database (decision record 0003) with no cookie cache, so deleting them ends them on every
 * server process at once; open live streams end within the session watch's period. A blocked
 * account gets no new session (`accountGate`, called by the auth layer on every session it
 * creates). Each action writes its audit entry in the same transaction.
 */
import { AppError, type AdminAccountActionResponse } from '@card-counter/shared';
import type { Kysely } from 'kysely';
import { deleteSessionsOf } from '../../auth/auth-rows.ts';
import type { AccountGate } from '../../auth/types.ts';
import type { Database, DB } from '../../db/index.ts';
import { writeAudit } from './audit.ts';
import { assertUserExists } from './users.ts';

interface ActionInput {
  adminUserId: string;
  targetUserId: string;
  reason: string;
  now: Date;
}

async function isBlockedIn(kysely: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await kysely
    .selectFrom('user_blocks')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeSessions(db: Database, input: ActionInput): Promise<AdminAccountActionResponse> {
  return db.kysely.transaction().execute(async (trx) => {
    await assertUserExists(trx, input.targetUserId);
    const revoked = await deleteSessionsOf(trx, input.targetUserId);
    await writeAudit(trx, {
      adminUserId: input.adminUserId,
      action: 'sessions.revoke',
      targetUserId: input.targetUserId,
      reason: input.reason,
      details: { sessionsRevoked: revoked },
      now: input.now,
    });
    return { blocked: await isBlockedIn(trx, input.targetUserId), sessionsRevoked: revoked };
  });
}

export async function blockAccount(db: Database, input: ActionInput): Promise<AdminAccountActionResponse> {
  // An operator locking themself out would need another operator (or the database) to undo it.
  if (input.adminUserId === input.targetUserId) {
    throw new AppError('VALIDATION_FAILED', 'You cannot block your own account.');
  }
  return db.kysely.transaction().execute(async (trx) => {
    await assertUserExists(trx, input.targetUserId);
    await trx
      .insertInto('user_blocks')
      .values({
        user_id: input.targetUserId,
        reason: input.reason,
        blocked_by: input.adminUserId,
        blocked_at: input.now,
      })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ reason: input.reason, blocked_by: input.adminUserId, blocked_at: input.now }),
      )
      .execute();
    // After the block row: a sign-in racing this transaction either sees the block or has its
    // session deleted here.
    const revoked = await deleteSessionsOf(trx, input.targetUserId);
    await writeAudit(trx, {
      adminUserId: input.adminUserId,
      action: 'account.block',
      targetUserId: input.targetUserId,
      reason: input.reason,
      details: { sessionsRevoked: revoked },
      now: input.now,
    });
    return { blocked: true, sessionsRevoked: revoked };
  });
}

export async function unblockAccount(db: Database, input: ActionInput): Promise<AdminAccountActionResponse> {
  return db.kysely.transaction().execute(async (trx) => {
    await assertUserExists(trx, input.targetUserId);
    const removed = await trx
      .deleteFrom('user_blocks')
      .where('user_id', '=', input.targetUserId)
      .executeTakeFirst();
    await writeAudit(trx, {
      adminUserId: input.adminUserId,
      action: 'account.unblock',
      targetUserId: input.targetUserId,
      reason: input.reason,
      details: { wasBlocked: removed.numDeletedRows > 0n },
      now: input.now,
    });
    return { blocked: false, sessionsRevoked: 0 };
  });
}

/** What the auth layer asks before it creates a session (auth/types.ts AccountGate). */
export function accountGate(db: Database): AccountGate {
  return { isBlocked: (userId) => isBlockedIn(db.kysely, userId) };
}
