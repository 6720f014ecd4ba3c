import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase } from './support/test-db.ts';
import { browser, buildAuthApp, setCookieHeaders, signUp, uniqueEmail } from './auth-harness.ts';

forEachDatabase('auth: email and password', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAuthApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('signs up, is signed in at once, with an httpOnly SameSite=Lax session cookie', async () => {
    const b = browser(app);
    const email = uniqueEmail('signup');
    const res = await signUp(b, email);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: { email: string; emailVerified: boolean } }>();
    expect(body.user.email).toBe(email);
    expect(body.user.emailVerified).toBe(false);
    const session = setCookieHeaders(res).find((c) => c.startsWith('better-auth.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // APP_URL is http here
    const me = await b.get('/api/test/whoami');
    expect(me.statusCode).toBe(200);
    expect(me.json<{ user: { email: string } }>().user.email).toBe(email);
  });
});
