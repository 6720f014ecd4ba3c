// Only a table action that moved money or revealed a shoe waits for the disk at commit; the
// others (a bet placed, a hit that did not end the round, ...) commit without waiting, because
// a crash that lost one leaves the table one action earlier and the action replays the same.
import { sql } from 'kysely';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveTable } from '../src/modules/table/store.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { stackedShoes, tableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('table: which commits wait for the disk', (t) => {
  let app: FastifyInstance;
  const shoes = stackedShoes();
  const saves: { userId: string; version: number; durable: boolean }[] = [];
  beforeAll(async () => {
    app = await buildTestApp(t.db, {
      table: {
        ...shoes.hooks,
        onSaved: (userId, state, { durable }) => void saves.push({ userId, version: state.version, durable }),
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('waits exactly when the ledger moved or a shoe was revealed', async () => {
    const p = await signUpPlayer(app, 'durable');
    // 10,2 v 6 (hole 10): hit a 5 (17, the round goes on), then stand: the dealer busts, a payout.
    shoes.stack(p.id, ['10', '6', '2', '10', '5', '9']);
    const table = tableClient(p);
    await table.load();
    const steps: [string, object][] = [
      ['bet', { type: 'bet', amount: 100, spot: 0 }],
      ['deal', { type: 'deal' }],
      ['hit', { type: 'hit' }],
      ['stand', { type: 'stand' }],
      ['newRound', { type: 'newRound' }],
    ];
    const seen: Record<string, boolean> = {};
    for (const [name, action] of steps) {
      const before = (await ledgerSum(t.db.kysely, p.id)).count;
      await table.act(action as never);
      const after = (await ledgerSum(t.db.kysely, p.id)).count;
      const save = saves.filter((s) => s.userId === p.id).at(-1)!;
      expect(save.version).toBe(table.snapshot().version);
      // The rule itself: durable when this action wrote ledger rows (no shoe is revealed here).
      expect(save.durable, name).toBe(after > before);
      seen[name] = save.durable;
    }
    expect(seen).toEqual({ bet: false, deal: true, hit: false, stand: true, newRound: false });
  });

  it('saveTable turns synchronous commit off for that transaction only, and only when asked', async () => {
    const p = await signUpPlayer(app, 'durable-sql');
    const table = tableClient(p);
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    const row = await t.db.kysely
      .selectFrom('game_tables')
      .selectAll()
      .where('user_id', '=', p.id)
      .executeTakeFirstOrThrow();
    for (const durable of [true, false]) {
      const setting = await t.db.kysely.transaction().execute(async (trx) => {
        await saveTable(
          trx,
          {
            user_id: p.id,
            action_id: `durable-${durable}`,
            request_hash: 'x',
            table_version: row.version,
            status: 200,
            response: '{}',
            created_at: new Date(),
            state: row.state as never,
            patterns: row.betting_patterns as never,
            shoePlay: null,
          },
          [],
          durable,
        );
        return (await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(trx))
          .rows[0]!.s;
      });
      expect(setting).toBe(durable ? 'on' : 'off');
    }
    const after = await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(
      t.db.kysely,
    );
    expect(after.rows[0]!.s).toBe('on');
  });
});
