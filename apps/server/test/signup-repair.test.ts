import { randomBytes } from 'node:crypto';
import { INITIAL_CREDITS } from '@card-counter/shared';
import { expect, it } from 'vitest';
import { systemClock } from '../src/clock.ts';
import type { Database } from '../src/db/open.ts';
import { applyCredit, ledgerSum } from '../src/modules/ledger/index.ts';
import { getProfile, profileHooks, repairCutShortSignups } from '../src/modules/profiles/index.ts';
import { forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

/** An auth user as better-auth writes it, optionally with its credential account; no profile. */
async function authUserOnly(db: Database, opts: { account: boolean; createdAt?: Date }): Promise<string> {
  const id = `u_${randomBytes(8).toString('hex')}`;
  const now = opts.createdAt ?? new Date(Date.now() - 1000);
  const raw = db.kysely.withoutPlugins();
  await raw
    .insertInto('auth_user' as never)
    .values({
      id,
      name: 'Half Done',
      email: `${id}@example.test`,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
    } as never)
    .execute();
  if (opts.account) {
    await raw
      .insertInto('auth_account' as never)
      .values({
        id: `a_${id}`,
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: 'x:y',
        createdAt: now,
        updatedAt: now,
      } as never)
      .execute();
  }
  return id;
}

async function authUserExists(db: Database, id: string): Promise<boolean> {
  const row = await db.kysely
    .withoutPlugins()
    .selectFrom('auth_user' as never)
    .select('id' as never)
    .where('id' as never, '=', id as never)
    .executeTakeFirst();
  return row !== undefined;
}

forEachDatabase('repair of sign-ups cut short by a crash', (t) => {
  it('gives a user with an account but no profile its profile and exactly one welcome grant', async () => {
    const id = await authUserOnly(t.db, { account: true });
    expect(await getProfile(t.db, id)).toBeNull();
    const first = await repairCutShortSignups(t.db, { createdBefore: new Date() });
    expect(first.profilesCreated).toBeGreaterThanOrEqual(1);
    await repairCutShortSignups(t.db, { createdBefore: new Date() });
    const profile = await getProfile(t.db, id);
    expect(profile).toMatchObject({
      credits: INITIAL_CREDITS,
      displayName: 'Half Done',
      authProvider: 'email',
    });
    expect(await ledgerSum(t.db.kysely, id)).toEqual({ sum: INITIAL_CREDITS, count: 1 });
  });

  it('a sign-in completes such a user without waiting for a restart', async () => {
    const id = await authUserOnly(t.db, { account: true });
    await profileHooks(t.db, systemClock).touchLastLogin(id);
    expect((await getProfile(t.db, id))?.credits).toBe(INITIAL_CREDITS);
    await profileHooks(t.db, systemClock).touchLastLogin(id);
    expect(await ledgerSum(t.db.kysely, id)).toEqual({ sum: INITIAL_CREDITS, count: 1 });
  });

  it('removes an account-less user (no way to sign in, blocks its e-mail) whose ledger has only the grant', async () => {
    const bare = await authUserOnly(t.db, { account: false });
    const withGrant = await createTestUser(t.db); // auth user + profile + grant, no account
    const report = await repairCutShortSignups(t.db, { createdBefore: new Date(Date.now() + 1000) });
    expect(report.usersRemoved).toBeGreaterThanOrEqual(2);
    expect(await authUserExists(t.db, bare)).toBe(false);
    expect(await authUserExists(t.db, withGrant.userId)).toBe(false);
    expect(await getProfile(t.db, withGrant.userId)).toBeNull();
  });

  it('keeps an account-less user that has any other ledger row, or is younger than the cut-off', async () => {
    const used = await createTestUser(t.db);
    await applyCredit(t.db, { userId: used.userId, type: 'game', amount: -5, description: 'hand' });
    const young = await authUserOnly(t.db, { account: false, createdAt: new Date() });
    await repairCutShortSignups(t.db, { createdBefore: new Date(Date.now() - 60_000) });
    expect(await authUserExists(t.db, young)).toBe(true);
    await repairCutShortSignups(t.db, { createdBefore: new Date(Date.now() + 1000) });
    expect(await authUserExists(t.db, used.userId)).toBe(true);
    expect(await ledgerSum(t.db.kysely, used.userId)).toEqual({ sum: INITIAL_CREDITS - 5, count: 2 });
  });
});
