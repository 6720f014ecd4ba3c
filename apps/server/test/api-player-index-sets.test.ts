/**
 * A player's own index sets (issue 37): GET/PUT /api/me/index-sets replace the sets whole, a bad
 * PUT is a 400 that changes nothing, and a set exports as CSV.
 */
import { ErrorBodySchema, PlayerIndexSetsSchema, type PlayerIndexSet } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

const SET: PlayerIndexSet = {
  name: 'My Zen',
  count: 'zen',
  rules: { numDecks: 6 },
  resolution: 'half',
  rounding: 'floor',
  plays: [
    { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' },
    { hand: 'A8', up: '6', play: 'double', versus: 'stand', index: 2, direction: 'at-or-above' },
  ],
  insurance: 5,
  chosen: true,
};

forEachDatabase('api /api/me/index-sets', (t) => {
  let app: FastifyInstance;
  let p: Player;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
    p = await signUpPlayer(app, `own-sets-${t.kind}`);
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores the sets a PUT sends and answers them; a second PUT replaces them', async () => {
    expect((await p.call('GET', '/api/me/index-sets')).json()).toEqual({ sets: [] });
    const put = await p.call('PUT', '/api/me/index-sets', {
      sets: [SET, { ...SET, name: 'Spare', chosen: false }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const got = PlayerIndexSetsSchema.parse((await p.call('GET', '/api/me/index-sets')).json());
    expect(got.sets.map((s) => s.name)).toEqual(['My Zen', 'Spare']);
    expect(got.sets[0]).toEqual(SET);
    await p.call('PUT', '/api/me/index-sets', { sets: [{ ...SET, plays: SET.plays.slice(1) }] });
    expect(PlayerIndexSetsSchema.parse((await p.call('GET', '/api/me/index-sets')).json()).sets).toEqual([
      { ...SET, plays: SET.plays.slice(1) },
    ]);
  });

  it('a bad PUT is a 400 with a stable code and changes nothing', async () => {
    await p.call('PUT', '/api/me/index-sets', { sets: [SET] });
    const bad: [unknown, string][] = [
      [{ sets: [SET, SET] }, 'VALIDATION_FAILED'],
      [{ sets: [SET, { ...SET, name: 'Other' }] }, 'VALIDATION_FAILED'],
      [{ sets: [{ ...SET, plays: [SET.plays[0], SET.plays[0]] }] }, 'VALIDATION_FAILED'],
      [{ sets: [{ ...SET, plays: [{ ...SET.plays[0], up: '11' }] }] }, 'VALIDATION_FAILED'],
      [{ sets: [{ ...SET, rules: { numDecks: 9 } }] }, 'VALIDATION_FAILED'],
      [{ sets: [{ ...SET, count: 'custom' }] }, 'INVALID_CUSTOM_COUNT'],
    ];
    for (const [body, code] of bad) {
      const res = await p.call('PUT', '/api/me/index-sets', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).error.code).toBe(code);
    }
    expect(PlayerIndexSetsSchema.parse((await p.call('GET', '/api/me/index-sets')).json()).sets).toEqual([
      SET,
    ]);
  });

  it('exports a set as CSV, one line a play and insurance last', async () => {
    await p.call('PUT', '/api/me/index-sets', { sets: [SET] });
    const res = await p.call('GET', `/api/me/index-sets/csv?name=${encodeURIComponent('My Zen')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe(
      'hand,up,play,versus,index,direction\r\n16,10,stand,hit,0,at-or-above\r\nA8,6,double,stand,2,at-or-above\r\ninsurance,A,insure,decline,5,at-or-above\r\n',
    );
    expect((await p.call('GET', '/api/me/index-sets/csv?name=None')).statusCode).toBe(404);
  });
});
