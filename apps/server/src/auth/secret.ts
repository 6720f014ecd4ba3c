import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The signing secret: AUTH_SECRET when set; otherwise one random secret generated at the
 * first start and kept in the database (auth_secret), so sessions survive restarts and every
 * process behind a load balancer signs with the same key. Race-safe: the first insert wins.
 */
export async function loadAuthSecret(kysely: Kysely<DB>, configured: string | undefined): Promise<string> {
  if (configured !== undefined && configured !== '') return configured;
  await kysely
    .insertInto('auth_secret')
    .values({ id: 1, secret: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await kysely
    .selectFrom('auth_secret')
    .select('secret')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const secret: unknown = row.secret;
  if (typeof secret !== 'string' || secret.length < 32) throw new Error('auth_secret row is malformed');
  return secret;
}
