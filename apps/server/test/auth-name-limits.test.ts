import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browser, uniqueEmail } from './support/browser.ts';
import { buildTestApp } from './support/app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('names given to the auth library', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('sign-up refuses a name over 40 characters or with control characters, and creates nothing', async () => {
    for (const name of ['x'.repeat(60 * 1024), 'y'.repeat(41), 'bad\u0000name', 'line\nbreak']) {
      const email = uniqueEmail('name-limit');
      const res = await browser(app).post('/api/auth/sign-up/email', {
        email,
        password: 'correct-horse-9',
        name,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/name/) as string },
      });
      // Nothing was created: the same address signs up with a proper name.
      const ok = await browser(app).post('/api/auth/sign-up/email', {
        email,
        password: 'correct-horse-9',
        name: 'Fine',
      });
      expect(ok.statusCode).toBe(200);
    }
  });

  it('update-user refuses the same, and the stored name is unchanged', async () => {
    const b = browser(app);
    expect(
      (
        await b.post('/api/auth/sign-up/email', {
          email: uniqueEmail('name-upd'),
          password: 'correct-horse-9',
          name: 'Kept',
        })
      ).statusCode,
    ).toBe(200);
    const res = await b.post('/api/auth/update-user', { name: 'z'.repeat(41) });
    expect(res.statusCode).toBe(400);
    const session = await b.get('/api/auth/get-session');
    expect(session.json()).toMatchObject({ user: { name: 'Kept' } });
  });
});
