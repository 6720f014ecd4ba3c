import { ErrorBodySchema, type Profile } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STREAM_CLIENTS_PER_USER_MAX } from '../src/modules/profiles/routes.ts';
import { applyCredit } from '../src/modules/ledger/index.ts';
import { signUpPlayer } from './support/players.ts';
import { buildTestApp, TEST_APP_URL } from './support/app.ts';
import { openSse, sseData } from './support/sse.ts';
import { forEachDatabase } from './support/test-db.ts';

async function signUpCookie(app: FastifyInstance): Promise<{ id: string; cookie: string }> {
  const p = await signUpPlayer(app, 'sse', 'Streamer');
  return { id: p.id, cookie: p.cookie() };
}

/** Opens the profile stream (support/sse.ts) and reads its `profile` events and heartbeat comments. */
async function openStream(baseUrl: string, cookie: string) {
  const sse = await openSse(`${baseUrl}/api/me/stream`, cookie);
  expect(sse.contentType).toContain('text/event-stream');
  const events = (): Profile[] =>
    sse.blocks
      .filter((b) => b.includes('event: profile') && sseData(b) !== undefined)
      .map((b) => sseData(b) as Profile);
  const waitFor = async (pred: (p: Profile) => boolean): Promise<Profile> => {
    for (let i = 0; i < 250; i++) {
      const hit = events().find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching event; got ${JSON.stringify(events().map((e) => e.credits))}`);
  };
  return {
    comments: () => sse.blocks.filter((b) => b.startsWith(':')).length,
    waitFor,
    close: () => sse.close(),
  };
}

forEachDatabase('api /api/me/stream', (t) => {
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { heartbeat_ms: 100 });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends the profile at connect and after each credit, with heartbeats; 401 without a session', async () => {
    const user = await signUpCookie(app);
    const stream = await openStream(baseUrl, user.cookie);
    await stream.waitFor((p) => p.credits === 10_000);
    await applyCredit(t.db, { userId: user.id, type: 'game', amount: -10, description: 'hand' });
    const after = await stream.waitFor((p) => p.credits === 9_990);
    expect(after.balance).toBe(9_990);
    await new Promise((r) => setTimeout(r, 250));
    expect(stream.comments()).toBeGreaterThan(0);
    await stream.close();
    await new Promise((r) => setTimeout(r, 100));
    const unauth = await fetch(`${baseUrl}/api/me/stream`);
    expect(unauth.status).toBe(401);
  });

  it('caps live streams per player (429, names the tabs) and per process (503, says the server is full)', async () => {
    const refused = async (
      url: string,
      cookie: string,
      status: number,
      code: string,
      message: RegExp,
    ): Promise<void> => {
      const res = await fetch(`${url}/api/me/stream`, { headers: { cookie, origin: TEST_APP_URL } });
      expect(res.status).toBe(status);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // The strict catalogue shape (fetch over a real port: inject cannot hold a stream open).
      const body = ErrorBodySchema.parse(await res.json());
      expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(message);
    };
    const user = await signUpCookie(app);
    const streams = [];
    for (let i = 0; i < STREAM_CLIENTS_PER_USER_MAX; i++)
      streams.push(await openStream(baseUrl, user.cookie));
    await refused(baseUrl, user.cookie, 429, 'RATE_LIMITED', /live tabs open/);
    // Another player is not affected by this one's streams.
    const other = await signUpCookie(app);
    const otherStream = await openStream(baseUrl, other.cookie);
    // Closing one frees its slot (the server notices the closed socket).
    await streams.pop()?.close();
    let reopened = null;
    for (let i = 0; i < 50 && !reopened; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const res = await fetch(`${baseUrl}/api/me/stream`, {
        headers: { cookie: user.cookie, origin: TEST_APP_URL },
      });
      if (res.status === 200) reopened = res;
      else await res.body?.cancel();
    }
    expect(reopened?.status).toBe(200);
    await reopened?.body?.cancel();
    await Promise.all([...streams, otherStream].map((s) => s.close()));

    const small = await buildTestApp(t.db, { heartbeat_ms: 100, env: { SSE_CLIENTS_MAX: '2' } });
    try {
      const smallUrl = await small.listen({ port: 0, host: '127.0.0.1' });
      const a = await openStream(smallUrl, user.cookie);
      const b = await openStream(smallUrl, other.cookie);
      await refused(smallUrl, (await signUpCookie(app)).cookie, 503, 'LIVE_UPDATES_FULL', /live updates/i);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await small.close();
    }
  });

  // PostgreSQL only: PGlite is one process's embedded database, there is no second process to reach.
  if (t.kind === 'postgres')
    it('fans out across two server processes sharing PostgreSQL (LISTEN/NOTIFY)', async () => {
      const otherDb = await t.openAnother();
      const other = await buildTestApp(otherDb, { heartbeat_ms: 100 });
      try {
        const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
        const user = await signUpCookie(app);
        const stream = await openStream(otherUrl, user.cookie);
        await stream.waitFor((p) => p.credits === 10_000);
        // The change is made through the FIRST instance's database connection.
        await applyCredit(t.db, { userId: user.id, type: 'bonus', amount: 500, description: 'reward' });
        await stream.waitFor((p) => p.credits === 10_500);
        await stream.close();
      } finally {
        await other.close();
      }
    });
});
