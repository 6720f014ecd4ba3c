// Every /api/admin route is the operator's alone: the route table is walked, so a route added
// later without the admin guard fails here (like csrf.test.ts does for the CSRF guard).
import { ERRORS, ErrorBodySchema } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAppWithAdmin } from './support/admin.ts';
import { TEST_APP_URL } from './support/app.ts';
import { callerFor, signUpPlayer, type Caller, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

/** A concrete path for a route pattern (`:id` gets the player's own id: a real target). */
function concrete(url: string, id: string): string {
  return url.replace(/:[A-Za-z_]+/g, id);
}

const BODIES: Record<string, unknown> = {
  credits: { requestId: 'walk-0000001', amount: 5, reason: 'route walk' },
  default: { reason: 'route walk' },
};

function bodyFor(url: string): unknown {
  return url.endsWith('/credits') ? BODIES.credits : BODIES.default;
}

forEachDatabase('admin routes: only ADMIN_USER_IDS, on every route', (t) => {
  let app: FastifyInstance;
  let admin: Player;
  let asAdmin: Caller;
  let player: Player;
  let adminRoutes: { method: string; url: string }[];
  beforeAll(async () => {
    ({ app, admin, asAdmin } = await buildAppWithAdmin(t.db));
    player = await signUpPlayer(app, 'not-admin');
    adminRoutes = app.routeTable.filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD');
  });
  afterAll(async () => {
    await app.close();
  });

  it('the walk finds the admin routes known today (so it cannot pass by finding none)', () => {
    const names = adminRoutes.map((r) => `${r.method} ${r.url}`);
    for (const known of [
      'GET /api/admin/users',
      'GET /api/admin/users/:id',
      'GET /api/admin/users/:id/transactions',
      'POST /api/admin/users/:id/credits',
      'POST /api/admin/users/:id/revoke-sessions',
      'POST /api/admin/users/:id/block',
      'POST /api/admin/users/:id/unblock',
      'GET /api/admin/audit',
      'GET /api/admin/payments',
      'GET /api/admin/totals',
      'GET /api/admin/health',
    ]) {
      expect(names).toContain(known);
    }
  });

  it('a signed-in player not in the list gets 403 FORBIDDEN on every admin route, with a valid body, and nothing changes', async () => {
    const before = await callerFor(app, admin.cookie)('GET', `/api/admin/users/${player.id}`);
    for (const { method, url } of adminRoutes) {
      const res = await player.call(
        method as 'GET',
        concrete(url, player.id),
        method === 'GET' ? undefined : bodyFor(url),
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      const body = ErrorBodySchema.parse(res.json());
      expect(body.error.code).toBe('FORBIDDEN');
      expect(body.error.message).toBe(ERRORS.FORBIDDEN.message);
    }
    // The forged credit, block and revocation did nothing: same credits, still signed in, no audit.
    const after = await asAdmin('GET', `/api/admin/users/${player.id}`);
    expect(after.json()).toMatchObject({
      user: { credits: (before.json() as { user: { credits: number } }).user.credits, blocked: false },
    });
    expect((await player.call('GET', '/api/me')).statusCode).toBe(200);
    const audit = await asAdmin('GET', `/api/admin/audit?targetUserId=${player.id}`);
    expect(audit.json()).toEqual({ items: [], nextCursor: null });
  });

  it('an anonymous caller gets 401 NOT_AUTHENTICATED on every admin route', async () => {
    for (const { method, url } of adminRoutes) {
      const res = await app.inject({
        method: method as 'GET',
        url: concrete(url, player.id),
        headers: { origin: TEST_APP_URL },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(ErrorBodySchema.parse(res.json()).error.code).toBe('NOT_AUTHENTICATED');
    }
  });

  it('the admin reaches every GET route', async () => {
    for (const { method, url } of adminRoutes.filter((r) => r.method === 'GET')) {
      const res = await asAdmin('GET', concrete(url, player.id));
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
  });

  it('every admin body-taking route refuses malformed JSON, a wrong content type and unknown fields (as admin)', async () => {
    const posts = adminRoutes.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const { url } of posts) {
      const target = concrete(url, player.id);
      const send = (payload: string, type = 'application/json') =>
        app.inject({
          method: 'POST',
          url: target,
          headers: { origin: TEST_APP_URL, cookie: admin.cookie(), 'content-type': type },
          payload,
        });
      expect((await send('{"reason": ')).json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      expect((await send('<a/>', 'application/xml')).json()).toMatchObject({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE' },
      });
      const extra = await send(JSON.stringify({ ...(bodyFor(url) as object), extra: 1 }));
      expect(extra.statusCode, url).toBe(400);
      const noReason = await send(JSON.stringify({ ...(bodyFor(url) as object), reason: '  ' }));
      expect(noReason.statusCode, url).toBe(400);
      expect(noReason.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('an unknown user is 404 USER_NOT_FOUND', async () => {
    const res = await asAdmin('POST', '/api/admin/users/nobody-here/credits', BODIES.credits);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'USER_NOT_FOUND' } });
    expect((await asAdmin('GET', '/api/admin/users/nobody-here')).statusCode).toBe(404);
  });
});
