import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getProfile } from '../src/modules/profiles/index.ts';
import { forEachDatabase } from './support/test-db.ts';
import { browser, signUp, uniqueEmail } from './support/browser.ts';
import { googleFlow, googleIdentity, startGoogleApp, type LocalOidcProvider } from './support/oidc-provider.ts';

forEachDatabase('auth: profile on first sign-in, lastLogin on each', (t) => {
  let app: FastifyInstance;
  let provider: LocalOidcProvider;
  beforeAll(async () => {
    ({ app, provider } = await startGoogleApp(t.db));
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  async function ledger(userId: string) {
    return t.db.kysely
      .selectFrom('credit_transactions')
      .select(['type', 'amount', 'balance_after'])
      .where('user_id', '=', userId)
      .execute();
  }

  it('creates the profile with 10,000 credits and the signup grant as first ledger row', async () => {
    const email = uniqueEmail('profile');
    const res = await signUp(browser(app), email, 'correct horse 1', 'Ada Lovelace');
    const userId = res.json<{ user: { id: string } }>().user.id;
    const profile = await getProfile(t.db, userId);
    expect(profile).toMatchObject({
      email,
      credits: 10_000,
      balance: 10_000,
      showOnLeaderboard: true,
      hasReceivedFirstPurchaseBonus: false,
      achievements: [],
      totalHandsPlayed: 0,
      authProvider: 'email',
      emailVerified: false,
      linkedProviders: { google: false, email: true },
    });
    expect(await ledger(userId)).toEqual([{ type: 'signup', amount: 10_000, balance_after: 10_000 }]);

    // A refused duplicate sign-up adds nothing.
    expect((await signUp(browser(app), email)).statusCode).toBe(409);
    expect(await ledger(userId)).toHaveLength(1);
  });

  it('updates lastLogin at each sign-in', async () => {
    const email = uniqueEmail('lastlogin');
    const res = await signUp(browser(app), email);
    const userId = res.json<{ user: { id: string } }>().user.id;
    const old = new Date('2020-01-01T00:00:00Z');
    await sql`update profiles set last_login = ${old} where user_id = ${userId}`.execute(t.db.kysely);
    expect((await browser(app).post('/api/auth/sign-in/email', { email, password: 'correct horse 1' })).statusCode).toBe(200);
    const row = await t.db.kysely.selectFrom('profiles').select('last_login').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(new Date(row.last_login).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('creates a Google profile on the first Google sign-in, once', async () => {
    const email = uniqueEmail('profile-google');
    const identity = googleIdentity(email, true, 'Grace Hopper');
    for (let round = 0; round < 2; round++) {
      expect((await googleFlow(browser(app), provider, identity)).statusCode).toBe(302);
    }
    const users = await sql<{ id: string }>`select id from auth_user where email = ${email}`.execute(t.db.kysely);
    expect(users.rows).toHaveLength(1);
    const userId = users.rows[0]?.id ?? '';
    expect(await getProfile(t.db, userId)).toMatchObject({ authProvider: 'google', credits: 10_000, emailVerified: true });
    expect(await ledger(userId)).toHaveLength(1);
  });
});
