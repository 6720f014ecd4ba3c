import { INITIAL_CREDITS } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, TEST_APP_URL } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FOREIGN_ORIGINS: (string | undefined)[] = [
  'http://evil.example',
  'null',
  'http://localhost:3001',
  undefined,
];

/** A concrete path for a route pattern: parameters and wildcards get a harmless value. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'sign-out');
}

function refusedBody() {
  return { error: { code: 'ORIGIN_NOT_TRUSTED', message: expect.any(String) as string } };
}

forEachDatabase('CSRF guard on every state-changing route', (t) => {
  let app: FastifyInstance;
  let player: Player;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
    player = await signUpPlayer(app, 'csrf', 'Original Name');
  });
  afterAll(async () => {
    await app.close();
  });

  const forged = (method: string, url: string, origin: string | undefined, payload?: unknown) =>
    app.inject({
      method: method as 'POST',
      url,
      headers: {
        cookie: player.cookie(),
        ...(origin === undefined ? {} : { origin }),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  it('refuses a foreign, opaque or missing Origin on every state-changing route of the route table', async () => {
    const changing = app.routeTable.filter((r) => !SAFE_METHODS.has(r.method));
    // The table is not empty by accident: the routes known today are in it.
    expect(changing).toEqual(
      expect.arrayContaining([
        { method: 'PATCH', url: '/api/me' },
        { method: 'POST', url: '/api/me/daily-bonus' },
        { method: 'POST', url: '/api/me/drills/deals' },
        { method: 'POST', url: '/api/me/drills/deals/:dealId/answer' },
        { method: 'POST', url: '/api/auth/*' },
      ]),
    );
    for (const route of changing) {
      for (const origin of FOREIGN_ORIGINS) {
        const res = await forged(route.method, concrete(route.url), origin);
        expect(res.statusCode, `${route.method} ${route.url} from ${origin ?? '(no Origin)'}`).toBe(403);
        expect(res.json()).toEqual(refusedBody());
      }
    }
  });

  it('a refused request changes nothing: no bonus, no rename, the session survives', async () => {
    expect((await forged('POST', '/api/me/daily-bonus', 'http://evil.example')).statusCode).toBe(403);
    expect((await forged('POST', '/api/me/daily-bonus', undefined)).statusCode).toBe(403);
    expect(
      (await forged('PATCH', '/api/me', 'http://evil.example', { displayName: 'Forged' })).statusCode,
    ).toBe(403);
    expect((await forged('POST', '/api/auth/sign-out', undefined, {})).statusCode).toBe(403);
    const me = await player.call('GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      displayName: 'Original Name',
      credits: INITIAL_CREDITS,
      lastDailyBonus: null,
    });
  });

  it('lets the app itself through: its own Origin, or same-origin fetch metadata without Origin', async () => {
    const renamed = await forged('PATCH', '/api/me', TEST_APP_URL, { displayName: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ displayName: 'Renamed' });
    const viaMetadata = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: {
        cookie: player.cookie(),
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ displayName: 'Metadata' }),
    });
    expect(viaMetadata.statusCode).toBe(200);
    // A foreign Origin is refused even if the fetch metadata claims same-origin.
    const mixed = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: player.cookie(), origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' },
    });
    expect(mixed.statusCode).toBe(403);
  });

  it('does not apply to requests without cookies (they carry no ambient authority)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/me/daily-bonus',
      headers: { origin: 'http://evil.example', authorization: 'Bearer not-a-session' },
    });
    // The route's own authentication answers, not the CSRF guard.
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_AUTHENTICATED' } });
  });
});
