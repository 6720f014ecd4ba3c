/**
 * Writes to better-auth's own tables (auth_user, auth_session, ...) that the app makes outside
 * better-auth's API: the auth area owns these tables (test/write-ownership.test.ts), so the
 * SQL lives here and the features that need it call these functions.
 */
import { sql, type Kysely } from 'kysely';
import type { AnyKysely, DB } from '../db/schema.ts';

/** Ends every session of `userId` (admin's "sign out everywhere" and blocking); answers how many. */
export async function deleteSessionsOf(trx: Kysely<DB>, userId: string): Promise<number> {
  const r = await sql<{ id: string }>`delete from auth_session where "userId" = ${userId} returning id`.execute(trx);
  return r.rows.length;
}

/**
 * Removes up to `limit` users a crash left without any account (no way to sign in), created
 * before `createdBefore`, that never moved a credit beyond the sign-up grant (profiles'
 * signup-repair.ts decides when); answers their ids.
 */
export async function deleteUsersWithoutAccount(db: Kysely<DB> | AnyKysely, createdBefore: Date, limit: number): Promise<string[]> {
  const removed = await sql<{ id: string }>`
    delete from auth_user u
    where u.id in (
      select v.id from auth_user v
      where not exists (select 1 from auth_account a where a."userId" = v.id)
        and not exists (select 1 from credit_transactions t where t.user_id = v.id and t.type <> 'signup')
        and v."createdAt" < ${createdBefore}
      limit ${limit}
    )
    returning u.id`.execute(db);
  return removed.rows.map((r) => r.id);
}
