// GET /api/table/stream: a player's other tabs learn the table's version as it changes (at
// connect, after every accepted action, from any process), and nothing but the version travels.
import { TableStreamEventSchema } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { openSse, sseData, type SseCapture } from './support/sse.ts';
import { tableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const WAIT_ms = 5000;

async function versionsSeen(sse: SseCapture, atLeast: number): Promise<number[]> {
  const deadline = Date.now() + WAIT_ms;
  for (;;) {
    const versions = sse.blocks
      .filter((b) => b.startsWith('event: table'))
      .map((b) => TableStreamEventSchema.parse(sseData(b)).version);
    if (versions.at(-1) !== undefined && versions.at(-1)! >= atLeast) return versions;
    if (Date.now() > deadline)
      throw new Error(`no table event with version >= ${atLeast}: ${JSON.stringify(sse.blocks)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

forEachDatabase('table stream', (t) => {
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { heartbeat_ms: 60_000 });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends the version at connect and after each accepted action, never the state', async () => {
    const p = await signUpPlayer(app, 'table-stream');
    const table = tableClient(p);
    await table.load();
    const sse = await openSse(`${baseUrl}/api/table/stream`, p.cookie());
    try {
      // The hub may send a version again (a change during a load triggers one more load), but
      // never an older one after a newer one, and never one the table has not reached.
      expect(await versionsSeen(sse, 0)).toSatisfy((v: number[]) => v.every((x) => x === 0));
      await table.act({ type: 'bet', amount: 100, spot: 0 });
      const afterBet = table.snapshot().version;
      await versionsSeen(sse, afterBet);
      await table.act({ type: 'deal' });
      const afterDeal = table.snapshot().version;
      const versions = await versionsSeen(sse, afterDeal);
      expect(versions.at(-1)).toBe(afterDeal);
      // A refused action changes nothing and announces no new version. (Not a second deal: a
      // natural ends the round at the deal, and the next deal is then legal.)
      const refused = await table.post({ type: 'bet', amount: 1, spot: 0 });
      expect(refused.statusCode).toBe(409);
      await new Promise((r) => setTimeout(r, 300));
      const after = await versionsSeen(sse, 0);
      expect(after.slice(versions.length).every((v) => v === afterDeal)).toBe(true);
      expect(after.every((v, i) => i === 0 || v >= after[i - 1]!)).toBe(true);
      expect(Math.max(...after)).toBe(afterDeal);
      for (const block of sse.blocks.filter((b) => b.startsWith('event: table')))
        expect(Object.keys(sseData(block) as object)).toEqual(['version']);
    } finally {
      await sse.close();
    }
  });

  it('refuses a caller without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/table/stream' });
    expect(res.statusCode).toBe(401);
  });

  // PostgreSQL only: PGlite is one process's embedded database, there is no second process to reach.
  if (t.kind === 'postgres')
    it('reaches a tab on another server process sharing the database', async () => {
      const other = await t.openAnother();
      const second = await buildTestApp(other, { heartbeat_ms: 60_000 });
      const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
      try {
        const p = await signUpPlayer(app, 'table-stream-2');
        const table = tableClient(p);
        await table.load();
        const sse = await openSse(`${secondUrl}/api/table/stream`, p.cookie());
        try {
          await versionsSeen(sse, 0);
          await table.act({ type: 'bet', amount: 50, spot: 0 });
          await versionsSeen(sse, table.snapshot().version);
        } finally {
          await sse.close();
        }
      } finally {
        await second.close();
      }
    });
});
