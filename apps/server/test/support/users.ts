import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/index.ts';
import { ensureProfile } from '../../src/modules/profiles/index.ts';

/**
 * A user for service-level tests: better-auth's auth_user row (written directly, as
 * better-auth would) and the profile with its signup grant. Route tests that need a session
 * sign up through /api/auth instead.
 */
export async function createTestUser(
  db: Database,
  opts: { name?: string; now?: Date } = {},
): Promise<{ userId: string; email: string }> {
  const userId = `u_${randomBytes(8).toString('hex')}`;
  const email = `${userId}@example.test`;
  const now = opts.now ?? new Date();
  await db.kysely
    .withoutPlugins()
    .insertInto('auth_user' as never)
    .values({
      id: userId,
      name: opts.name ?? 'Test Player',
      email,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
    } as never)
    .execute();
  const created = await ensureProfile(
    db,
    { userId, email, name: opts.name ?? 'Test Player', authProvider: 'email', emailVerified: false },
    now,
  );
  if (!created) throw new Error('profile already existed');
  return { userId, email };
}
