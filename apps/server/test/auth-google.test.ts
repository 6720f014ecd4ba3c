import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getLinkedProviders } from '../src/auth/linked-providers.ts';
import { forEachDatabase } from './support/test-db.ts';
import { DEFAULT_AUTH_RATE_LIMIT } from '../src/auth/types.ts';
import { TEST_APP_URL, buildTestApp } from './support/app.ts';
import { browser, signUp, uniqueEmail, type Browser } from './support/browser.ts';
import { googleFlow, googleIdentity, startGoogleApp, type LocalOidcProvider } from './support/oidc-provider.ts';

type ErrorJson = { error: { code: string; message: string } };

forEachDatabase('auth: Google through a local OpenID Connect provider', (t) => {
  let app: FastifyInstance;
  let provider: LocalOidcProvider;
  beforeAll(async () => {
    ({ app, provider } = await startGoogleApp(t.db));
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  async function whoami(b: Browser): Promise<{ id: string; email: string } | undefined> {
    const res = await b.get('/api/test/whoami');
    return res.statusCode === 200 ? res.json<{ user: { id: string; email: string } }>().user : undefined;
  }

  it('signs a new user in with Google and records the provider', async () => {
    const b = browser(app);
    const email = uniqueEmail('google-new');
    const done = await googleFlow(b, provider, googleIdentity(email));
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`${TEST_APP_URL}/game`);
    const user = await whoami(b);
    expect(user?.email).toBe(email);
    expect(await getLinkedProviders(t.db, user?.id ?? '')).toEqual({ google: true, email: false });
  });

  it('links Google to a signed-in email account', async () => {
    const b = browser(app);
    const email = uniqueEmail('google-link');
    await signUp(b, email);
    const before = await whoami(b);
    expect(await getLinkedProviders(t.db, before?.id ?? '')).toEqual({ google: false, email: true });
    const done = await googleFlow(b, provider, googleIdentity(email), '/api/auth/link-social');
    expect(done.statusCode).toBe(302);
    expect(await getLinkedProviders(t.db, before?.id ?? '')).toEqual({ google: true, email: true });
    expect((await whoami(b))?.id).toBe(before?.id);
  });

  it('signs an existing verified email account in with Google (both sides verified)', async () => {
    const email = uniqueEmail('google-implicit');
    const owner = browser(app);
    await signUp(owner, email);
    const ownerId = (await whoami(owner))?.id ?? '';
    await sql`update auth_user set "emailVerified" = true where id = ${ownerId}`.execute(t.db.kysely);
    const b = browser(app);
    const done = await googleFlow(b, provider, googleIdentity(email, true));
    expect(done.headers.location).toBe(`${TEST_APP_URL}/game`);
    expect((await whoami(b))?.id).toBe(ownerId);
    expect(await getLinkedProviders(t.db, ownerId)).toEqual({ google: true, email: true });
  });

  it('never links by an unverified email (local or at Google)', async () => {
    // Local email unverified: someone may have registered another person's address.
    const email = uniqueEmail('google-unverified-local');
    const owner = browser(app);
    await signUp(owner, email);
    const ownerId = (await whoami(owner))?.id ?? '';
    const b = browser(app);
    const done = await googleFlow(b, provider, googleIdentity(email, true));
    expect(done.statusCode).toBe(302);
    expect(String(done.headers.location)).toContain('error=');
    expect(await whoami(b)).toBeUndefined();
    expect(await getLinkedProviders(t.db, ownerId)).toEqual({ google: false, email: true });

    // Google says the address is unverified: no implicit link either. The local email IS
    // verified here, so only Google's email_verified=false stands in the way.
    const email2 = uniqueEmail('google-unverified-remote');
    const owner2 = browser(app);
    await signUp(owner2, email2);
    const owner2Id = (await whoami(owner2))?.id ?? '';
    await sql`update auth_user set "emailVerified" = true where id = ${owner2Id}`.execute(t.db.kysely);
    const b2 = browser(app);
    const done2 = await googleFlow(b2, provider, googleIdentity(email2, false));
    expect(String(done2.headers.location)).toContain('error=');
    expect(await whoami(b2)).toBeUndefined();
    expect(await getLinkedProviders(t.db, owner2Id)).toEqual({ google: false, email: true });
  });

  it('sets an email password on a Google account', async () => {
    const b = browser(app);
    const email = uniqueEmail('google-setpw');
    await googleFlow(b, provider, googleIdentity(email));
    const userId = (await whoami(b))?.id ?? '';
    const short = await b.post('/api/auth/set-password', { newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(await getLinkedProviders(t.db, userId)).toEqual({ google: true, email: false });

    const set = await b.post('/api/auth/set-password', { newPassword: 'my new password 6' });
    expect(set.statusCode).toBe(200);
    expect(await getLinkedProviders(t.db, userId)).toEqual({ google: true, email: true });
    const again = await b.post('/api/auth/set-password', { newPassword: 'other password 7' });
    expect(again.statusCode).toBe(400);

    const signIn = await browser(app).post('/api/auth/sign-in/email', { email, password: 'my new password 6' });
    expect(signIn.statusCode).toBe(200);
    const anonymous = await browser(app).post('/api/auth/set-password', { newPassword: 'my new password 6' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorJson>().error.message).toBe('No user logged in.');
  });
});

forEachDatabase('auth: Google not configured', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { authRateLimit: DEFAULT_AUTH_RATE_LIMIT });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers GOOGLE_UNAVAILABLE with the spec message', async () => {
    const res = await browser(app).post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.json<ErrorJson>().error).toEqual({
      code: 'GOOGLE_UNAVAILABLE',
      message: 'Google sign-in is not available. Please try again later.',
    });
  });
});
