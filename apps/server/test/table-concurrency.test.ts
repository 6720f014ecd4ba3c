/**
 * The table's concurrency, idempotency and refusals through the HTTP API: an action id sent
 * twice or ten times at once applies once and every copy gets the same answer; two actions
 * racing on one version: one applies, the other gets 409 with the current table; refusals
 * (engine, limits, credits) and malformed bodies change nothing; a second server on the same
 * database resumes a round the first one dealt.
 */
import { randomUUID } from 'node:crypto';
import { verifyShoeReveal } from '@card-counter/engine';
import { ErrorBodySchema, ShoeRevealHistorySchema, TableErrorDetailsSchema, TableSnapshotSchema } from '@card-counter/shared';
import { expect, it } from 'vitest';
import { applyCredit, ledgerSum, listTransactions } from '../src/modules/ledger/index.ts';
import { buildTestApp } from './support/app.ts';
import { callerFor, type Player } from './support/players.ts';
import { tableSuite } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('table concurrency', (t) => {
  const suite = tableSuite(t);

  async function rowsOf(id: string): Promise<number> {
    return (await ledgerSum(t.db.kysely, id)).count;
  }

  async function versionOf(id: string): Promise<number | undefined> {
    const row = await t.db.kysely.selectFrom('game_tables').select('version').where('user_id', '=', id).executeTakeFirst();
    return row?.version;
  }

  function post(p: Player, actionId: string, version: number, action: unknown) {
    return p.call('POST', '/api/table/actions', { actionId, version, action });
  }

  function detailsOf(body: string) {
    const err = ErrorBodySchema.parse(JSON.parse(body)).error;
    return { code: err.code, message: err.message, ...TableErrorDetailsSchema.parse(err.details) };
  }

  it('the same action id sent twice applies once and answers the same', async () => {
    const { p, table } = await suite.seat('idem2', ['10', '9', '6', '7']);
    await table.act({ type: 'bet', amount: 100 });
    const id = randomUUID();
    const v = table.snapshot().version;
    const first = await post(p, id, v, { type: 'deal' });
    const second = await post(p, id, v, { type: 'deal' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await versionOf(p.id)).toBe(v + 1);
    expect((await listTransactions(t.db, p.id, { limit: 10 })).items.filter((r) => r.type === 'game').map((r) => r.amount)).toEqual([-110]);
  });

  it('the same action id sent ten times at once applies once; every copy gets the same answer', async () => {
    const { p, table } = await suite.seat('idem10', ['10', '9', '6', '7']);
    await table.act({ type: 'bet', amount: 100 });
    const v = table.snapshot().version;
    const rowsBefore = await rowsOf(p.id);
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(p, id, v, { type: 'deal' })));
    expect(answers.map((a) => a.statusCode)).toEqual(new Array(10).fill(200));
    const bodies = new Set(answers.map((a) => JSON.stringify(a.json())));
    expect(bodies.size).toBe(1);
    expect(TableSnapshotSchema.parse(answers[0]!.json()).version).toBe(v + 1);
    expect(await versionOf(p.id)).toBe(v + 1);
    expect(TableSnapshotSchema.parse(answers[0]!.json()).state.gamePhase).toBe('playing');
    expect(await rowsOf(p.id)).toBe(rowsBefore + 1);
  });

  it('an action id reused for a different action is refused (400) and changes nothing', async () => {
    const { p, table } = await suite.seat('idemdiff');
    await table.load();
    const id = randomUUID();
    expect((await post(p, id, 0, { type: 'bet', amount: 100 })).statusCode).toBe(200);
    const reused = await post(p, id, 1, { type: 'bet', amount: 200 });
    expect(reused.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(reused.json()).error.code).toBe('VALIDATION_FAILED');
    expect((await table.load()).state.currentBet).toBe(100);
  });

  it('two actions racing on one version: one applies, the other gets 409 with the current table', async () => {
    const { p, table } = await suite.seat('race', ['10', '9', '6', '7', '5', '4', '3']);
    await table.act({ type: 'bet', amount: 100 });
    const dealt = await table.act({ type: 'deal' });
    const [a, b] = await Promise.all([post(p, randomUUID(), dealt.version, { type: 'hit' }), post(p, randomUUID(), dealt.version, { type: 'stand' })]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const won = a.statusCode === 200 ? a : b;
    const lost = a.statusCode === 200 ? b : a;
    const conflict = detailsOf(lost.body);
    expect(conflict.code).toBe('TABLE_VERSION_CONFLICT');
    expect(conflict.reason).toBe('STALE_VERSION');
    expect(conflict.table).toEqual(TableSnapshotSchema.parse(won.json()));
    expect(await versionOf(p.id)).toBe(dealt.version + 1);
  });

  it('an illegal action gets 409 with the engine reason code and changes nothing', async () => {
    const { p, table } = await suite.seat('illegal');
    const before = await table.load();
    const rows = await rowsOf(p.id);
    const res = await table.post({ type: 'hit' });
    expect(res.statusCode).toBe(409);
    const d = detailsOf(res.body);
    expect(d).toMatchObject({ code: 'TABLE_ACTION_REFUSED', reason: 'WRONG_PHASE', message: 'There is no hand to hit.' });
    expect(d.table).toEqual(before);
    expect(await rowsOf(p.id)).toBe(rows);
    expect((await table.load()).version).toBe(before.version);
  });

  it('bets outside the table limits are refused', async () => {
    const { table } = await suite.seat('limits');
    for (const amount of [5, 5001]) {
      const res = await table.post({ type: 'bet', amount });
      expect(res.statusCode).toBe(409);
      expect(detailsOf(res.body)).toMatchObject({ code: 'TABLE_ACTION_REFUSED', reason: 'BET_OUT_OF_LIMITS' });
    }
    expect((await table.load()).state.currentBet).toBe(0);
  });

  it("'Insufficient credits.' refuses a deal (stakes plus fee) and a double the balance cannot cover, changing nothing", async () => {
    const { p, table } = await suite.seat('broke', ['6', '7', '5', '10', '10', '10']);
    await table.load();
    await table.act({ type: 'setConfig', rules: { numInitialHands: 2 } });
    await table.act({ type: 'bet', amount: 5000, spot: 0 });
    await table.act({ type: 'bet', amount: 5000, spot: 1 });
    let res = await table.post({ type: 'deal' });
    expect(res.statusCode).toBe(409);
    expect(detailsOf(res.body)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits.', reason: 'INSUFFICIENT_BALANCE' });
    expect((await table.load()).state.gameInProgress).toBe(false);

    await table.act({ type: 'setConfig', rules: { numInitialHands: 1 } });
    await applyCredit(t.db, { userId: p.id, type: 'game', amount: -9_800, description: 'test: leave 200 credits' });
    await table.load();
    await table.act({ type: 'bet', amount: 100 });
    await table.act({ type: 'deal' });
    const rows = await rowsOf(p.id);
    res = await table.post({ type: 'double' });
    expect(res.statusCode).toBe(409);
    expect(detailsOf(res.body)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', reason: 'INSUFFICIENT_BALANCE' });
    expect(await rowsOf(p.id)).toBe(rows);
    expect((await table.load()).state.balance).toBe(90);
  });

  it('a malformed body gets 400 and changes nothing', async () => {
    const { p, table } = await suite.seat('malformed');
    const before = await table.load();
    for (const body of [
      { actionId: randomUUID(), version: 0, action: { type: 'fold' } },
      { version: 0, action: { type: 'deal' } },
      { actionId: randomUUID(), version: 'x', action: { type: 'deal' } },
      { actionId: randomUUID(), version: 0, action: { type: 'bet', amount: 10, extra: 1 } },
    ]) {
      const res = await p.call('POST', '/api/table/actions', body);
      expect(res.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).error.code).toBe('VALIDATION_FAILED');
    }
    expect(await table.load()).toEqual(before);
    expect(await versionOf(p.id)).toBeUndefined();
  });

  it('the counting system changes between rounds only', async () => {
    const { table } = await suite.seat('counting', ['10', '9', '6', '7', '5']);
    const counting = { system: 'ko', resolution: 'half', rounding: 'floor' } as const;
    const s = await table.act({ type: 'setCounting', counting });
    expect(s.state.counting).toEqual(counting);
    expect(s.state.runningCount).toBe(-20); // KO starts at 4 - 4 x decks
    await table.act({ type: 'bet', amount: 100 });
    await table.act({ type: 'deal' });
    const res = await table.post({ type: 'setCounting', counting: { system: 'hi-lo', resolution: 'exact', rounding: 'none' } });
    expect(detailsOf(res.body)).toMatchObject({ code: 'TABLE_ACTION_REFUSED', reason: 'WRONG_PHASE' });
    expect((await table.load()).state.counting).toEqual(counting);
  });

  it('a second server on the same database resumes a round the first one dealt', async () => {
    const { p, table } = await suite.seat('restart', ['10', '9', '6', '7', '3', 'K']);
    await table.act({ type: 'bet', amount: 100 });
    const dealt = await table.act({ type: 'deal' });
    expect(dealt.state.gamePhase).toBe('playing');
    const otherDb = t.kind === 'postgres' ? await t.openAnother() : t.db;
    const second = await buildTestApp(otherDb);
    try {
      const call = callerFor(second, p.cookie);
      const resumed = TableSnapshotSchema.parse((await call('GET', '/api/table')).json());
      expect(resumed).toEqual(dealt);
      const hit = await call('POST', '/api/table/actions', { actionId: randomUUID(), version: dealt.version, action: { type: 'hit' } });
      expect(hit.statusCode).toBe(200);
      const after = TableSnapshotSchema.parse(hit.json());
      expect(after.state.playerHands[0]?.cards.map((c) => c.rank)).toEqual(['10', '6', '3']);
      const stood = await call('POST', '/api/table/actions', { actionId: randomUUID(), version: after.version, action: { type: 'stand' } });
      expect(TableSnapshotSchema.parse(stood.json()).state.lastResult?.hands[0]?.outcome).toBe('win');
    } finally {
      await second.close();
    }
    expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe((await table.load()).state.balance);
  });

  it('a replaced shoe is published and its reveal opens the commitment shown at its shuffle', async () => {
    const { p, table } = await suite.seat('reveal');
    await table.act({ type: 'setConfig', rules: { numDecks: 1, shufflePoint: 0.9 } });
    await table.act({ type: 'bet', amount: 10 });
    const commitments: string[] = [];
    for (let round = 0; round < 20 && commitments.length < 2; round++) {
      let s = await table.act({ type: 'deal' });
      const c = s.state.deck?.commitment;
      if (c && commitments.at(-1) !== c) commitments.push(c);
      for (let guard = 0; guard < 10 && s.state.gameInProgress; guard++) {
        s = await table.act(s.state.gamePhase === 'insurance' ? { type: 'insurance', take: false } : { type: 'stand' });
      }
    }
    expect(commitments).toHaveLength(2);
    const shoesRes = await p.call('GET', '/api/table/shoes');
    expect(shoesRes.statusCode).toBe(200);
    const history = ShoeRevealHistorySchema.parse(shoesRes.json());
    expect(history.items).toHaveLength(1);
    const [item] = history.items;
    expect(item!.commitment).toBe(commitments[0]);
    expect(verifyShoeReveal(commitments[0]!, item!.reveal)).toBe(true);
    expect(verifyShoeReveal(commitments[1]!, item!.reveal)).toBe(false);
    expect(table.snapshot().state.lastShoeReveal).toEqual(item!.reveal);
  });
});
