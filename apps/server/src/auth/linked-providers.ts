import type { LinkedProviders } from '@card-counter/shared';
import type { AnyKysely } from '../db/schema.ts';
import { GOOGLE_PROVIDER_ID } from './types.ts';

/**
 * Which sign-in methods a user has, read from better-auth's accounts: `credential` with a
 * password is the email method, `google` the Google one. For GET /api/me.
 */
export async function getLinkedProviders(db: { kysely: AnyKysely }, userId: string): Promise<LinkedProviders> {
  const rows: { providerId: string; password: string | null }[] = await db.kysely
    .selectFrom('auth_account')
    .select(['providerId', 'password'])
    .where('userId', '=', userId)
    .limit(20)
    .execute();
  return {
    google: rows.some((r) => r.providerId === GOOGLE_PROVIDER_ID),
    email: rows.some((r) => r.providerId === 'credential' && r.password !== null && r.password !== ''),
  };
}

/** Email verification state as better-auth keeps it (the profile may lag behind it). */
export async function getEmailVerified(db: { kysely: AnyKysely }, userId: string): Promise<boolean> {
  const row: { emailVerified: boolean } | undefined = await db.kysely
    .selectFrom('auth_user')
    .select('emailVerified')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.emailVerified ?? false;
}
