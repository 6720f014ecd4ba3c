import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STREAM_CLIENTS_PER_USER_MAX } from '../src/modules/profiles/routes.ts';
import { browser, randomIp } from './support/browser.ts';
import { buildTestApp, TEST_APP_URL } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('Retry-After on every 429', (t) => {
  let limited: FastifyInstance;
  let tiny: FastifyInstance;
  beforeAll(async () => {
    limited = await buildTestApp(t.db, { authRateLimit: { enabled: true, max: 3, window_s: 60 } });
    tiny = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await limited.close();
    await tiny.close();
  });

  it('the auth limiter: Retry-After in seconds, within its window', async () => {
    const b = browser(limited, randomIp());
    let res = await b.post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'whatever 123',
    });
    for (let i = 0; i < 5 && res.statusCode !== 429; i++)
      res = await b.post('/api/auth/sign-in/email', {
        email: 'nobody@example.com',
        password: 'whatever 123',
      });
    expect(res.statusCode).toBe(429);
    const after = Number(res.headers['retry-after']);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(60);
  });

  it('the per-player stream cap: Retry-After too', async () => {
    const url = await tiny.listen({ port: 0, host: '127.0.0.1' });
    const player = await signUpPlayer(tiny, 'ra-a');
    const open = async () =>
      fetch(`${url}/api/me/stream`, { headers: { cookie: player.cookie(), origin: TEST_APP_URL } });
    const streams = [];
    for (let i = 0; i < STREAM_CLIENTS_PER_USER_MAX; i++) {
      const res = await open();
      expect(res.status).toBe(200);
      streams.push(res);
    }
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await Promise.all(streams.map((s) => s.body?.cancel()));
  });
});
