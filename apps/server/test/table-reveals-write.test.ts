/**
 * The table's write (write-action.ts). It records exactly the shoes the engine revealed in the step (StepResult
 * .published, ADR 0004): one step can reveal several (a shoe held back until the round ends, and
 * one the dealer then runs out; two held back in one round). They are listed in the order the
 * engine published them, newest first (the newest is the state's lastShoeReveal), and the
 * history keeps its bound of TABLE_SHOE_HISTORY_MAX with them all inserted by one statement.
 * And it leaves the training and betting patterns as stored when the action did not change
 * them (null in SavedAction): most actions are hits and stands, and the training carries the
 * tally of up to TABLE_REPORT_SHOES_MAX shoes.
 */
import { randomUUID } from 'node:crypto';
import { createShoe, revealShoe, seededRng, type PublishedShoe } from '@card-counter/engine';
import { TABLE_SHOE_HISTORY_MAX } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listReveals } from '../src/modules/table/reveals.ts';
import { readForAction } from '../src/modules/table/store.ts';
import { writeAction } from '../src/modules/table/write-action.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { directTableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

function published(seed: number): PublishedShoe {
  const shoe = createShoe(1, seededRng(seed));
  return { commitment: shoe.commitment, reveal: revealShoe(shoe) };
}

forEachDatabase('table reveals write', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  /** One accepted action that changes nothing but the version and records `reveals`. */
  async function writeReveals(userId: string, reveals: PublishedShoe[], unchanged = false): Promise<void> {
    const now = new Date();
    const row = await readForAction(t.db.kysely, userId, now, randomUUID());
    const written = await writeAction(t.db.kysely, {
      user_id: userId,
      action_id: randomUUID(),
      request_hash: 'test',
      table_version: row.version + 1,
      status: 200,
      response: '{}',
      created_at: now,
      readVersion: row.version,
      readCredits: row.credits,
      state: { ...row.state, version: row.version + 1 },
      patterns: unchanged ? null : row.patterns,
      shoePlay: row.shoePlay,
      ledger: [],
      roundStats: null,
      award: null,
      reveals,
      forgetBefore: null,
      training: unchanged ? null : row.training,
      record: [],
    });
    expect(written).not.toBeNull();
  }

  it('several shoes revealed in one step are listed in the engine\'s order, newest first, within the bound', async () => {
    const p = await signUpPlayer(app, 'reveals-write');
    await directTableClient(t.db, p.id).act({ type: 'bet', amount: 10 });
    const singles = Array.from({ length: TABLE_SHOE_HISTORY_MAX - 2 }, (_, i) => published(100 + i));
    for (const r of singles) await writeReveals(p.id, [r]);
    await writeReveals(p.id, []);
    expect(await listReveals(t.db.kysely, p.id)).toHaveLength(singles.length);

    const step = [published(1), published(2), published(3)];
    await writeReveals(p.id, step);
    const kept = await listReveals(t.db.kysely, p.id);
    const expected = [...singles, ...step].reverse().slice(0, TABLE_SHOE_HISTORY_MAX);
    expect(kept.map((r) => r.commitment)).toEqual(expected.map((r) => r.commitment));
    expect(kept[0]?.reveal).toEqual(step[2]!.reveal);
    // The bound holds in the table itself (listReveals reads at most MAX whatever is stored).
    const { count } = await t.db.kysely
      .selectFrom('game_shoe_reveals')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(TABLE_SHOE_HISTORY_MAX);
  });

  it('an action that left the training and patterns unchanged keeps them as stored', async () => {
    const p = await signUpPlayer(app, 'unchanged-write');
    const table = directTableClient(t.db, p.id);
    await table.act({ type: 'bet', amount: 10 });
    await table.act({ type: 'setTraining', settings: { testMode: true, countChecks: 'off' } });
    const stored = async () =>
      t.db.kysely.selectFrom('game_tables').select(['training', 'betting_patterns', 'version']).where('user_id', '=', p.id).executeTakeFirstOrThrow();
    const before = await stored();
    await writeReveals(p.id, [], true);
    const after = await stored();
    expect(after.version).toBe(before.version + 1);
    expect(after.training).toEqual(before.training);
    expect(after.betting_patterns).toEqual(before.betting_patterns);
    expect((after.training as { settings: { testMode: boolean } }).settings.testMode).toBe(true);
  });
});
