/**
 * GET /api/indices (issue 37): the full index set of every built-in count at the default rules
 * from the committed precomputed sets; a new set answered 202 with its job's progress, then 200,
 * generated once however many ask (one process, and two processes on one PostgreSQL); Hi-Lo's
 * published Illustrious 18 and Fab 4 as a named subset; bad input a 400 with the stable codes,
 * changing nothing; a guest reads the known sets and is asked to sign in for a new one.
 */
import { COUNTING_SYSTEMS, type CountingSystemId, type FullIndexSet } from '@card-counter/engine';
import {
  ERRORS,
  ErrorBodySchema,
  IndexSetGeneratingSchema,
  IndexSetSchema,
  type IndexSetBody,
} from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/index.ts';
import type { GenerateFn } from '../src/modules/indices/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';
import { eventually } from './support/eventually.ts';

const FAKE_SET: FullIndexSet = {
  plays: [{ hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' }],
  insurance: 3,
};

/** A generator held open until `release`, counting its runs (shared by the processes of a test). */
function heldGenerator(): {
  generate: GenerateFn;
  runs: () => number;
  started: Promise<void>;
  release: () => void;
} {
  let runs = 0;
  let release = (): void => undefined;
  const gate = new Promise<void>((r) => (release = r));
  let started = (): void => undefined;
  const startedP = new Promise<void>((r) => (started = r));
  const generate: GenerateFn = async (_spec, onProgress) => {
    runs++;
    onProgress(0.5);
    started();
    await gate;
    return { set: FAKE_SET, cpu_ms: 1 };
  };
  return { generate, runs: () => runs, started: startedP, release: () => release() };
}

const url = (q: Record<string, string>): string => `/api/indices?${new URLSearchParams(q).toString()}`;

const rowCount = async (db: Database): Promise<number> =>
  Number((await sql<{ n: string }>`select count(*) as n from index_set`.execute(db.kysely)).rows[0]?.n);

forEachDatabase('api /api/indices', (t) => {
  let app: FastifyInstance;
  let player: Player;
  const held = heldGenerator();
  beforeAll(async () => {
    app = await buildTestApp(t.db, { indices: { generate: held.generate } });
    player = await signUpPlayer(app, `indices-${t.kind}`);
  });
  afterAll(async () => {
    held.release();
    await app.close();
  });

  it('answers a full set (at least 40 plays) for each of the eight built-in counts at the default rules, without a job', async () => {
    for (const count of Object.keys(COUNTING_SYSTEMS) as CountingSystemId[]) {
      const res = await player.call('GET', url({ count }));
      expect(res.statusCode, `${count}: ${res.body}`).toBe(200);
      const body = IndexSetSchema.parse(res.json());
      expect(body.source).toBe('generated');
      expect(body.plays.length, count).toBeGreaterThanOrEqual(40);
      // Every cell kind the count moves: hard totals, soft hands and pairs.
      expect(
        body.plays.some((p) => /^\d+$/.test(p.hand)),
        count,
      ).toBe(true);
      expect(
        body.plays.some((p) => p.play === 'double' || p.versus === 'double'),
        count,
      ).toBe(true);
    }
    expect(held.runs()).toBe(0);
    expect(await rowCount(t.db)).toBe(0);
  });

  it("keeps Hi-Lo's published Illustrious 18 and Fab 4 as a named subset, and answers it alone with set=published", async () => {
    const body = IndexSetSchema.parse(
      (await player.call('GET', url({ count: 'hi-lo' }))).json(),
    ) as IndexSetBody;
    const subset = body.subsets.find((s) => s.name === 'Illustrious 18 + Fab 4');
    expect(subset?.source).toBe('published');
    expect(subset?.plays).toHaveLength(17 + 4);
    expect(subset?.insurance).toBe(3);
    expect(subset?.plays).toContainEqual({
      hand: '16',
      up: '10',
      play: 'stand',
      versus: 'hit',
      index: 0,
      direction: 'at-or-above',
    });
    expect(subset?.plays).toContainEqual({
      hand: 'TT',
      up: '5',
      play: 'split',
      versus: 'stand',
      index: 5,
      direction: 'at-or-above',
    });
    const alone = IndexSetSchema.parse(
      (
        await player.call(
          'GET',
          url({ count: 'hi-lo', set: 'published', rules: JSON.stringify({ dealerStandsSoft17: false }) }),
        )
      ).json(),
    );
    expect(alone.source).toBe('published');
    // H17's published changes: 11 v A doubles from -1.
    expect(alone.plays).toContainEqual({
      hand: '11',
      up: 'A',
      play: 'double',
      versus: 'hit',
      index: -1,
      direction: 'at-or-above',
    });
  });

  it('a new set: 202 with the progress while its job runs, asked twice it is generated once, then 200 from the database', async () => {
    const q = url({ count: 'zen', rules: JSON.stringify({ numDecks: 4 }) });
    const first = await player.call('GET', q);
    expect(first.statusCode, first.body).toBe(202);
    expect(IndexSetGeneratingSchema.parse(first.json())).toEqual({ status: 'generating', progress: 0 });
    await held.started;
    const during = await eventually(
      () => player.call('GET', q),
      (r) => (r.json() as { progress?: number }).progress === 0.5,
      'progress written',
    );
    expect(during.statusCode).toBe(202);
    expect(held.runs()).toBe(1);
    held.release();
    const done = await eventually(
      () => player.call('GET', q),
      (r) => r.statusCode === 200,
      'set ready',
    );
    expect(IndexSetSchema.parse(done.json())).toEqual({ ...FAKE_SET, source: 'generated', subsets: [] });
    expect(held.runs()).toBe(1);
    const { rows } = await sql<{ runs: number; status: string }>`select runs, status from index_set`.execute(
      t.db.kysely,
    );
    expect(rows).toEqual([{ runs: 1, status: 'ready' }]);
  });

  it('bad input is a 400 with the stable codes and starts nothing', async () => {
    const before = await rowCount(t.db);
    const cases: [Record<string, string>, string][] = [
      [{ count: 'nope' }, 'VALIDATION_FAILED'],
      [{}, 'VALIDATION_FAILED'],
      [{ count: 'zen', rules: '{not json' }, 'VALIDATION_FAILED'],
      [{ count: 'zen', rules: JSON.stringify({ numDecks: 9 }) }, 'VALIDATION_FAILED'],
      [{ count: 'zen', rules: JSON.stringify({ colour: 'red' }) }, 'VALIDATION_FAILED'],
      [{ count: 'zen', resolution: 'quarter' }, 'VALIDATION_FAILED'],
      [{ count: 'zen', set: 'published' }, 'VALIDATION_FAILED'],
      [{ count: 'custom' }, 'INVALID_CUSTOM_COUNT'],
      [
        {
          count: 'custom',
          custom: JSON.stringify({ tags: { A: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, T: 0 } }),
        },
        'INVALID_CUSTOM_COUNT',
      ],
      [
        {
          count: 'hi-lo',
          custom: JSON.stringify({ tags: { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, T: -1 } }),
        },
        'INVALID_CUSTOM_COUNT',
      ],
    ];
    for (const [q, code] of cases) {
      const res = await player.call('GET', url(q));
      expect(res.statusCode, `${JSON.stringify(q)}: ${res.body}`).toBe(
        ERRORS[code as keyof typeof ERRORS].status,
      );
      expect(ErrorBodySchema.parse(res.json()).error.code, JSON.stringify(q)).toBe(code);
    }
    expect(await rowCount(t.db)).toBe(before);
  });

  it('a guest reads the sets already known (committed, or ready in the database) and is asked to sign in for a new one, which starts nothing', async () => {
    const guest = (q: Record<string, string>) => app.inject({ method: 'GET', url: url(q) });
    const committed = await guest({ count: 'zen' });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(IndexSetSchema.parse(committed.json()).plays.length).toBeGreaterThanOrEqual(40);
    // Made ready by the player's request above (the 202 test).
    const made = await guest({ count: 'zen', rules: JSON.stringify({ numDecks: 4 }) });
    expect(made.statusCode, made.body).toBe(200);
    expect(IndexSetSchema.parse(made.json())).toEqual({ ...FAKE_SET, source: 'generated', subsets: [] });
    const published = await guest({ count: 'hi-lo', set: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    const before = await rowCount(t.db);
    const runs = held.runs();
    const fresh = await guest({ count: 'ko', rules: JSON.stringify({ numDecks: 3 }) });
    expect(fresh.statusCode, fresh.body).toBe(401);
    expect(ErrorBodySchema.parse(fresh.json()).error).toMatchObject({
      code: 'NOT_AUTHENTICATED',
      message: expect.stringMatching(/^Sign in to generate/),
    });
    expect(await rowCount(t.db)).toBe(before);
    expect(held.runs()).toBe(runs);
    // Bad input is still a 400 for a guest.
    const bad = await guest({ count: 'nope' });
    expect(ErrorBodySchema.parse(bad.json()).error.code).toBe('VALIDATION_FAILED');
  });
});

// Its own database: no other app of this file runs the queue's workers beside the two.
forEachDatabase('api /api/indices, two processes', (t) => {
  it.runIf(t.kind === 'postgres')(
    'two processes asked for the same new set at once generate it once, and both answer it',
    async () => {
      const shared = heldGenerator();
      const otherDb = await t.openAnother();
      const a = await buildTestApp(t.db, { indices: { generate: shared.generate } });
      const b = await buildTestApp(otherDb, { indices: { generate: shared.generate } });
      try {
        const pa = await signUpPlayer(a, 'indices-fleet-a');
        const pb = await signUpPlayer(b, 'indices-fleet-b');
        const q = url({ count: 'omega-2', rules: JSON.stringify({ numDecks: 5 }) });
        const [ra, rb] = await Promise.all([pa.call('GET', q), pb.call('GET', q)]);
        expect([ra.statusCode, rb.statusCode]).toEqual([202, 202]);
        await shared.started;
        shared.release();
        const [da, db] = await Promise.all([
          eventually(
            () => pa.call('GET', q),
            (r) => r.statusCode === 200,
            'ready at a',
          ),
          eventually(
            () => pb.call('GET', q),
            (r) => r.statusCode === 200,
            'ready at b',
          ),
        ]);
        expect(da.json()).toEqual(db.json());
        expect(shared.runs()).toBe(1);
        const { rows } = await sql<{
          runs: number;
        }>`select runs from index_set where spec::text like '%omega-2%'`.execute(t.db.kysely);
        expect(rows).toEqual([{ runs: 1 }]);
      } finally {
        shared.release();
        await a.close();
        await b.close();
        await otherDb.close();
      }
    },
  );
});

// Its own database, so its generator (which answers each custom count its own set) is the only
// one running the queue's jobs.
forEachDatabase('api /api/indices, custom counts', (t) => {
  let app: FastifyInstance;
  let player: Player;
  /** The custom counts the generator was asked for, in order. */
  const asked: unknown[] = [];
  // A set that says which count it was made for: 16 v 10's index is twice the 7's tag.
  const generate: GenerateFn = async (spec) => {
    asked.push(spec.custom);
    const seven = spec.custom?.tags['7'] ?? Number.NaN;
    return { set: { plays: [{ ...FAKE_SET.plays[0]!, index: seven * 2 }], insurance: 3 }, cpu_ms: 1 };
  };
  beforeAll(async () => {
    app = await buildTestApp(t.db, { indices: { generate } });
    player = await signUpPlayer(app, `indices-custom-${t.kind}`);
  });
  afterAll(async () => {
    await app.close();
  });

  // Balanced, both: a whole deck counts to 0.
  const SEVEN_HALF = { tags: { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0.5, 8: 0, 9: -0.5, T: -1 } };
  const HI_OPT_LIKE = { tags: { A: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, T: -1 } };
  const query = (custom: string) => url({ count: 'custom', custom, rules: JSON.stringify({ numDecks: 2 }) });
  const ready = (q: string) => eventually(() => player.call('GET', q), (r) => r.statusCode === 200, 'set ready');

  it('a valid custom count: 202 then 200 with its own set; another count is another set; the same tags in another order and spelling are the same set', async () => {
    const first = await player.call('GET', query(JSON.stringify(SEVEN_HALF)));
    expect(first.statusCode, first.body).toBe(202);
    expect(IndexSetGeneratingSchema.parse(first.json()).status).toBe('generating');
    const a = IndexSetSchema.parse((await ready(query(JSON.stringify(SEVEN_HALF)))).json());
    expect(a).toEqual({ plays: [{ ...FAKE_SET.plays[0], index: 1 }], insurance: 3, source: 'generated', subsets: [] });
    expect(asked).toEqual([SEVEN_HALF]);

    const other = await player.call('GET', query(JSON.stringify(HI_OPT_LIKE)));
    expect(other.statusCode, other.body).toBe(202);
    const b = IndexSetSchema.parse((await ready(query(JSON.stringify(HI_OPT_LIKE)))).json());
    expect(b.plays[0]?.index).toBe(0);
    expect(asked).toEqual([SEVEN_HALF, HI_OPT_LIKE]);
    const keys = (await sql<{ key: string }>`select key from index_set order by created_at`.execute(t.db.kysely)).rows.map((r) => r.key);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);

    // SEVEN_HALF again, its tags backwards and spelled otherwise: answered at once from its row.
    const respelled = '{"tags":{"T":-1.0,"9":-0.50,"8":0,"7":5e-1,"6":1,"5":1.00,"4":1,"3":1,"2":1,"A":-1}}';
    const again = await player.call('GET', query(respelled));
    expect(again.statusCode, again.body).toBe(200);
    expect(IndexSetSchema.parse(again.json())).toEqual(a);
    expect(asked).toHaveLength(2);
    expect(await rowCount(t.db)).toBe(2);
  });
});
