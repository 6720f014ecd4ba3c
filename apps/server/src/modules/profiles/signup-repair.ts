/**
 * Repairs what a crash in the middle of a sign-up leaves behind (decision record 0003,
 * "Consequences"). On PGlite better-auth writes the auth user, its account and the session
 * without a transaction, and the profile (with the welcome credits) comes after them, so a
 * process killed in between leaves one of two half-accounts:
 *
 * - an auth user WITH an account but no profile: it signs in, and every profile route would
 *   answer USER_DOC_MISSING. Repaired by creating the profile (ensureProfile is idempotent:
 *   one welcome grant, whatever runs it, however often). Done at start-up for all of them
 *   and at every sign-in for that user, so a process that did not crash heals it too.
 * - an auth user WITHOUT an account: nobody can ever sign in to it (the password and the
 *   Google link live in the account) and its e-mail blocks a new sign-up. Removed (its
 *   profile and welcome grant go with it by cascade), but only if nothing else ever happened
 *   to it: no ledger row but the welcome grant.
 */
import { sql } from 'kysely';
import { deleteUsersWithoutAccount } from '../../auth/auth-rows.ts';
import { GOOGLE_PROVIDER_ID } from '../../auth/types.ts';
import type { Database } from '../../db/index.ts';
import { rewriteTop } from '../leaderboard/index.ts';
import { ensureProfile } from './profiles.ts';

/** Rows handled per start-up pass; more are left for the next start (and logged). */
const REPAIR_BATCH_MAX = 10_000;

interface AuthUserRow {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  viaGoogleOnly: boolean;
}

async function authUsersWithoutProfile(db: Database, userId?: string): Promise<AuthUserRow[]> {
  const onlyUser = userId === undefined ? sql`` : sql`and u.id = ${userId}`;
  const result = await sql<AuthUserRow>`
    select u.id, u.email, u.name, u."emailVerified",
      not exists (select 1 from auth_account a where a."userId" = u.id and a."providerId" = 'credential')
        and exists (select 1 from auth_account a where a."userId" = u.id and a."providerId" = ${GOOGLE_PROVIDER_ID})
        as "viaGoogleOnly"
    from auth_user u
    where not exists (select 1 from profiles p where p.user_id = u.id)
      and exists (select 1 from auth_account a where a."userId" = u.id)
      ${onlyUser}
    order by u."createdAt"
    limit ${REPAIR_BATCH_MAX}`.execute(db.kysely);
  return result.rows;
}

async function createMissingProfile(db: Database, row: AuthUserRow, now: Date): Promise<boolean> {
  return ensureProfile(
    db,
    {
      userId: row.id,
      email: row.email,
      name: row.name,
      authProvider: row.viaGoogleOnly ? 'google' : 'email',
      emailVerified: row.emailVerified,
    },
    now,
  );
}

/** Creates the user's profile if their sign-up was cut short; true when it did. */
export async function repairProfileOf(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await authUsersWithoutProfile(db, userId);
  return row === undefined ? false : createMissingProfile(db, row, now);
}

export interface SignupRepairReport {
  profilesCreated: number;
  usersRemoved: number;
  /** True when a batch limit was reached and some rows wait for the next start. */
  incomplete: boolean;
}

/**
 * The start-up pass. `createdBefore` bounds which account-less users may be removed: with
 * PGlite the data-directory lock guarantees no sign-up is running, so it is "now"; with
 * PostgreSQL other processes may be between their inserts, so leave young rows alone.
 */
export async function repairCutShortSignups(
  db: Database,
  options: { createdBefore: Date; now?: Date },
): Promise<SignupRepairReport> {
  const now = options.now ?? new Date();
  const missing = await authUsersWithoutProfile(db);
  let profilesCreated = 0;
  for (const row of missing) if (await createMissingProfile(db, row, now)) profilesCreated += 1;

  const removed = await deleteUsersWithoutAccount(db.kysely, options.createdBefore, REPAIR_BATCH_MAX);
  const usersRemoved = removed.length;
  // Their entries went with them (a cascade, no refresh): the live top is written again (ADR 0078).
  if (usersRemoved > 0) await rewriteTop(db);
  return {
    profilesCreated,
    usersRemoved,
    incomplete: missing.length >= REPAIR_BATCH_MAX || usersRemoved >= REPAIR_BATCH_MAX,
  };
}
