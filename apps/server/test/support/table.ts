/** Driving a player's server table in tests: actions with fresh ids and the last version seen. */
import { randomUUID } from 'node:crypto';
import { cryptoRng, stackedShoe } from '@card-counter/engine';
import { ErrorBodySchema, TableErrorDetailsSchema, TableSnapshotSchema, type TableAction, type TableSnapshot } from '@card-counter/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import { applyTableAction, readSnapshot, type TableHooks } from '../../src/modules/table/index.ts';
import type { Player } from './players.ts';

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
