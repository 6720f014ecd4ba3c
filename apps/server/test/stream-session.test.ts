import { INITIAL_CREDITS } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyCredit } from '../src/modules/ledger/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { openSse } from './support/sse.ts';
import { forEachDatabase } from './support/test-db.ts';

/** "A few seconds": the stream must be over within this long after its session ends. */
const STREAM_END_WITHIN_ms = 5000;

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  ]);
}

forEachDatabase('a live stream ends with its session', (t) => {
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { heartbeat_ms: 200 });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('ends within a few seconds of sign-out and sends nothing after it', async () => {
    const player = await signUpPlayer(app, 'stream-out', 'Streamer');
    const stream = await openSse(`${baseUrl}/api/me/stream`, player.cookie());
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.text()).toContain(`"credits":${INITIAL_CREDITS}`);
    const out = await player.call('POST', '/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    await within(stream.ended, STREAM_END_WITHIN_ms, 'stream end after sign-out');
    await applyCredit(t.db, { userId: player.id, type: 'bonus', amount: 7, description: 'after sign-out' });
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.text()).not.toContain(`"credits":${INITIAL_CREDITS + 7}`);
  });

  it('ends within a few seconds of its session expiring', async () => {
    const player = await signUpPlayer(app, 'stream-exp', 'Expiring');
    const stream = await openSse(`${baseUrl}/api/me/stream`, player.cookie());
    await t.db.kysely
      .withoutPlugins()
      .updateTable('auth_session' as never)
      .set({ expiresAt: new Date(Date.now() - 1000) } as never)
      .where('userId' as never, '=', player.id as never)
      .execute();
    await within(stream.ended, STREAM_END_WITHIN_ms, 'stream end after expiry');
  });

  it('a stream whose session lives on stays open', async () => {
    const player = await signUpPlayer(app, 'stream-live', 'Staying');
    const stream = await openSse(`${baseUrl}/api/me/stream`, player.cookie());
    const outcome = await Promise.race([
      stream.ended.then(() => 'ended'),
      new Promise((r) => setTimeout(() => r('open'), STREAM_END_WITHIN_ms)),
    ]);
    expect(outcome).toBe('open');
    await stream.close();
  });
});
