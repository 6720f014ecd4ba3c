/**
 * The table tests' set-up: a suite's app with stacked first shoes (tableSuite), and a player's
 * table driven by actions with fresh ids at the last version seen (tableClient, or
 * directTableClient without HTTP).
 */
import { randomUUID } from 'node:crypto';
import { cryptoRng, stackedShoe } from '@card-counter/engine';
import { ErrorBodySchema, TableErrorDetailsSchema, TableSnapshotSchema, type TableAction, type TableSnapshot } from '@card-counter/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import { applyTableAction, readSnapshot, type TableHooks } from '../../src/modules/table/index.ts';
import { buildTestApp } from './app.ts';
import { signUpPlayer, type Player } from './players.ts';
import type { TestDb } from './test-db.ts';

export interface TableClient {
  snapshot(): TableSnapshot;
  load(): Promise<TableSnapshot>;
  /** Posts the action at the last version seen; expects 200 and returns the new snapshot. */
  act(action: TableAction): Promise<TableSnapshot>;
  /** Posts and returns the raw response (any status); adopts the table of a 409. */
  post(action: TableAction, opts?: { actionId?: string; version?: number }): Promise<LightMyRequestResponse>;
}

export function tableClient(player: Player): TableClient {
  let last: TableSnapshot | undefined;
  const client: TableClient = {
    snapshot() {
      if (!last) throw new Error('load() first');
      return last;
    },
    async load() {
      const res = await player.call('GET', '/api/table');
      expect(res.statusCode, res.body).toBe(200);
      last = TableSnapshotSchema.parse(res.json());
      return last;
    },
    async post(action, opts = {}) {
      if (!last) await client.load();
      const res = await player.call('POST', '/api/table/actions', {
        actionId: opts.actionId ?? randomUUID(),
        version: opts.version ?? last!.version,
        action,
      });
      if (res.statusCode === 200) last = TableSnapshotSchema.parse(res.json());
      else if (res.statusCode === 409) last = TableErrorDetailsSchema.parse(ErrorBodySchema.parse(res.json()).error.details).table;
      return res;
    },
    async act(action) {
      const res = await client.post(action);
      expect(res.statusCode, `${JSON.stringify(action)}: ${res.body}`).toBe(200);
      return last!;
    },
  };
  return client;
}

/** Hooks that deal each listed player's first shoe from the given top cards. */
export function stackedShoes(): { hooks: TableHooks; stack(userId: string, top: string[]): void; unstack(userId: string): void } {
  const stacks = new Map<string, string[]>();
  return {
    hooks: { firstShoe: (userId, numDecks) => (stacks.has(userId) ? stackedShoe(numDecks, stacks.get(userId)!) : null) },
    stack: (userId, top) => void stacks.set(userId, top),
    /** Later shoes of this player are shuffled as usual. */
    unstack: (userId) => void stacks.delete(userId),
  };
}

export interface TableSuite {
  /** The suite's app (only inside hooks and tests). */
  readonly app: FastifyInstance;
  /**
   * A player signed up now and its table client; its first shoe starts with `top` when given
   * (player, dealer up, player, hole, ...), else it is shuffled.
   */
  seat(tag: string, top?: string[]): Promise<{ p: Player; table: TableClient }>;
  /** Stacks the first shoe of a player already seated. */
  stack(userId: string, top: string[]): void;
  /** Later shoes of this player are shuffled as usual. */
  unstack(userId: string): void;
}

/**
 * A table suite's app on the block's database: built before its tests and closed after them,
 * with stackedShoes' first shoes and the suite's other table hooks (a count-check draw, onSaved).
 */
export function tableSuite(t: TestDb, hooks: Omit<TableHooks, 'firstShoe'> = {}): TableSuite {
  const shoes = stackedShoes();
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { table: { ...shoes.hooks, ...hooks } });
  });
  afterAll(async () => {
    await app?.close();
  });
  const suite: TableSuite = {
    get app(): FastifyInstance {
      if (app === undefined) throw new Error('tableSuite: the app is only there inside hooks and tests');
      return app;
    },
    async seat(tag, top) {
      const p = await signUpPlayer(suite.app, tag);
      if (top !== undefined) shoes.stack(p.id, top);
      return { p, table: tableClient(p) };
    },
    stack: shoes.stack,
    unstack: shoes.unstack,
  };
  return suite;
}

/**
 * The same client without HTTP: calls the module's applyTableAction and checks each answer with
 * the strict contract schemas, as the route's serializer does. For the long fuzz runs, where
 * the HTTP layer (covered by the other table tests) would only multiply the run time.
 */
export function directTableClient(db: Database, userId: string, hooks: TableHooks = {}): TableClient {
  // The hooks' shuffle when given (a seeded fuzz replays), as the routes do (play.ts defaultRng).
  const rng = hooks.rng ?? cryptoRng();
  let last: TableSnapshot | undefined;
  const client: TableClient = {
    snapshot() {
      if (!last) throw new Error('load() first');
      return last;
    },
    async load() {
      last = TableSnapshotSchema.parse(JSON.parse(JSON.stringify(await readSnapshot(db, userId))));
      return last;
    },
    async post(action, opts = {}) {
      if (!last) await client.load();
      const answer = await applyTableAction({ db, now: new Date(), hooks, rng }, userId, {
        actionId: opts.actionId ?? randomUUID(),
        version: opts.version ?? last!.version,
        action,
      });
      const body = JSON.parse(JSON.stringify(answer.body)) as unknown;
      if (answer.status === 200) last = TableSnapshotSchema.parse(body);
      else last = TableErrorDetailsSchema.parse(ErrorBodySchema.parse(body).error.details).table;
      return { statusCode: answer.status, body: JSON.stringify(body), json: () => body } as unknown as LightMyRequestResponse;
    },
    async act(action) {
      const res = await client.post(action);
      expect(res.statusCode, `${JSON.stringify(action)}: ${res.body}`).toBe(200);
      return last!;
    },
  };
  return client;
}
