/**
 * The table writes an action in one statement gated on what it read (ADR 0025): when the balance
 * or the table moved between the action's read and its write, the write changes nothing and the
 * action is decided again as things then stand. The seam is the module's `beforeWrite` hook,
 * which runs between the two.
 */
import { stackedShoe } from '@card-counter/engine';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyCredit, ledgerSum, listTransactions } from '../src/modules/ledger/index.ts';
import type { TableHooks } from '../src/modules/table/index.ts';
import { listReveals } from '../src/modules/table/reveals.ts';
import { TABLE_SHOE_HISTORY_MAX } from '@card-counter/shared';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { directTableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('table write gate', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  /** Hooks that stack `top` on the first shoe and run `between` once, before the next write. */
  function hooksWith(top: string[]): { hooks: TableHooks; once(between: () => Promise<void>): void; writes: () => number } {
    let pending: (() => Promise<void>) | null = null;
    let writes = 0;
    return {
      hooks: {
        firstShoe: (_userId, numDecks) => stackedShoe(numDecks, top),
        beforeWrite: async () => {
          writes += 1;
          const run = pending;
          pending = null;
          await run?.();
        },
      },
      once: (between) => void (pending = between),
      writes: () => writes,
    };
  }

  async function profileOf(userId: string) {
    return t.db.kysely
      .selectFrom('profiles')
      .select(['credits', 'total_hands_played'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  it('a credit landing between the read and the write of a deal: nothing written twice, the deal applies from the new balance', async () => {
    const p = await signUpPlayer(app, 'gate-credit');
    const h = hooksWith(['10', '9', '6', '7']);
    const table = directTableClient(t.db, p.id, h.hooks);
    await table.act({ type: 'bet', amount: 100 });
    h.once(async () => {
      await applyCredit(t.db, { userId: p.id, type: 'bonus', amount: 500, description: 'test: a bonus mid-action' });
    });
    const before = h.writes();
    const dealt = await table.act({ type: 'deal' });
    // Decided twice: the first write found 10,500 where it had read 10,000 and changed nothing.
    expect(h.writes() - before).toBe(2);
    expect(dealt.state.balance).toBe(10_000 + 500 - 110);
    const game = (await listTransactions(t.db, p.id, { limit: 10 })).items.filter((r) => r.type === 'game');
    expect(game.map((r) => [r.amount, r.balance])).toEqual([[-110, 10_390]]);
    const { sum } = await ledgerSum(t.db.kysely, p.id);
    expect((await profileOf(p.id)).credits).toBe(sum);
    expect(sum).toBe(10_390);
  });

  it('a debit that leaves too little between the read and the write: the deal is refused, nothing charged', async () => {
    const p = await signUpPlayer(app, 'gate-broke');
    const h = hooksWith(['10', '9', '6', '7']);
    const table = directTableClient(t.db, p.id, h.hooks);
    await table.act({ type: 'bet', amount: 100 });
    h.once(async () => {
      await applyCredit(t.db, { userId: p.id, type: 'game', amount: -9_950, description: 'test: spent elsewhere' });
    });
    const res = await table.post({ type: 'deal' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'INSUFFICIENT_CREDITS' } });
    expect((await profileOf(p.id)).credits).toBe(50);
    expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(50);
    expect((await table.load()).state.gameInProgress).toBe(false);
  });

  it('another action landing between the read and the write: this one answers 409 with the table as it now stands', async () => {
    const p = await signUpPlayer(app, 'gate-version');
    const h = hooksWith(['10', '9', '6', '7']);
    const table = directTableClient(t.db, p.id, h.hooks);
    const other = directTableClient(t.db, p.id, {});
    await table.load();
    await other.load();
    h.once(async () => {
      await other.act({ type: 'bet', amount: 200 });
    });
    const res = await table.post({ type: 'bet', amount: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'TABLE_VERSION_CONFLICT', details: { reason: 'STALE_VERSION' } } });
    const now = await table.load();
    expect(now.state.currentBet).toBe(200);
    expect(now.version).toBe(other.snapshot().version);
  });

  it('a settled round whose balance moved before its write: statistics and payout land once', async () => {
    const p = await signUpPlayer(app, 'gate-settle');
    // Player 10+9 against dealer 6+7: stand, the dealer draws a 10 and busts.
    const h = hooksWith(['10', '6', '9', '7', '10']);
    const table = directTableClient(t.db, p.id, h.hooks);
    await table.act({ type: 'bet', amount: 100 });
    await table.act({ type: 'deal' });
    const played = (await profileOf(p.id)).total_hands_played;
    h.once(async () => {
      await applyCredit(t.db, { userId: p.id, type: 'bonus', amount: 7, description: 'test: a bonus mid-action' });
    });
    const stood = await table.act({ type: 'stand' });
    expect(stood.state.lastResult?.hands[0]?.outcome).toBe('win');
    expect((await profileOf(p.id)).total_hands_played).toBe(played + 1);
    const payouts = (await listTransactions(t.db, p.id, { limit: 10 })).items.filter((r) => r.description === 'Blackjack: round payout');
    expect(payouts.map((r) => r.amount)).toEqual([200]);
    const { sum } = await ledgerSum(t.db.kysely, p.id);
    expect((await profileOf(p.id)).credits).toBe(sum);
    // The answer shows the ledger's balance, rewards paid with the round included.
    expect(stood.state.balance).toBe(sum);
  });

  it('a level crossed because another event moved the experience between the read and the write is paid once, in the answer and its retry', async () => {
    const p = await signUpPlayer(app, 'gate-level');
    // Two rounds of: player 10+9 against dealer 6+7, the dealer draws a 10 and busts.
    const h = hooksWith(['10', '6', '9', '7', '10', '10', '6', '9', '7', '10']);
    const table = directTableClient(t.db, p.id, h.hooks);
    await table.act({ type: 'bet', amount: 100 });
    await table.act({ type: 'deal' });
    await table.act({ type: 'stand' });
    await table.act({ type: 'newRound' });
    await table.act({ type: 'bet', amount: 100 });
    await table.act({ type: 'deal' });
    // The read will see 1 experience point (no level ahead); before the write, another event
    // takes it to 99, so the round's point reaches level 2 (100) unforeseen.
    h.once(async () => {
      await t.db.kysely
        .updateTable('reward_progress')
        .set({ value: 99 })
        .where('user_id', '=', p.id)
        .where('metric', '=', 'xp')
        .execute();
    });
    const actionId = '5c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5';
    const version = table.snapshot().version;
    const first = await table.post({ type: 'stand' }, { actionId, version });
    expect(first.statusCode).toBe(200);
    const levelRows = (await listTransactions(t.db, p.id, { limit: 50 })).items.filter((r) => r.description === 'Reached level 2');
    expect(levelRows.map((r) => r.amount)).toEqual([1_000]);
    const { sum } = await ledgerSum(t.db.kysely, p.id);
    expect(first.json().state.balance).toBe(sum);
    const again = await table.post({ type: 'stand' }, { actionId, version });
    expect(again.json()).toEqual(first.json());
    expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(sum);
  });

  it('a copy of the same action id refused on a later read stores its answer first: both copies answer that refusal (regression: the write hit the answer key and failed 500)', async () => {
    const p = await signUpPlayer(app, 'gate-copy');
    const h = hooksWith(['10', '9', '6', '7']);
    const table = directTableClient(t.db, p.id, h.hooks);
    const copy = directTableClient(t.db, p.id, {});
    await table.load();
    const version = table.snapshot().version;
    const actionId = '6d2e3f40-5b6c-4d7e-9f80-b1c2d3e4f506';
    let copyAnswer: unknown;
    // Between this copy's read (10,000 credits: the bet is fine) and its write, the balance
    // drops and a second copy of the same request reads it, is refused and stores its answer.
    h.once(async () => {
      await applyCredit(t.db, { userId: p.id, type: 'game', amount: -9_950, description: 'test: spent elsewhere' });
      const res = await copy.post({ type: 'bet', amount: 100 }, { actionId, version });
      expect(res.statusCode).toBe(409);
      copyAnswer = res.json();
    });
    const res = await table.post({ type: 'bet', amount: 100 }, { actionId, version });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(copyAnswer);
    expect(res.json()).toMatchObject({ error: { code: 'INSUFFICIENT_CREDITS' } });
    expect((await table.load()).version).toBe(version);
  });

  it(`keeps the newest ${TABLE_SHOE_HISTORY_MAX} replaced shoes, the newest first (the write's bound, with its own insert out of its snapshot)`, async () => {
    const p = await signUpPlayer(app, 'gate-shoes');
    const table = directTableClient(t.db, p.id, {});
    await table.act({ type: 'setConfig', rules: { numDecks: 1, shufflePoint: 0.9 } });
    await table.act({ type: 'bet', amount: 10 });
    const commitments: string[] = [];
    for (let round = 0; round < 200 && commitments.length < TABLE_SHOE_HISTORY_MAX + 3; round++) {
      let s = await table.act({ type: 'deal' });
      const c = s.state.deck?.commitment;
      if (c && commitments.at(-1) !== c) commitments.push(c);
      for (let guard = 0; guard < 10 && s.state.gameInProgress; guard++)
        s = await table.act(s.state.gamePhase === 'insurance' ? { type: 'insurance', take: false } : { type: 'stand' });
    }
    expect(commitments).toHaveLength(TABLE_SHOE_HISTORY_MAX + 3);
    // Every shoe but the one in play was replaced; only the newest MAX are kept.
    const kept = await listReveals(t.db.kysely, p.id);
    expect(kept.map((r) => r.commitment)).toEqual(commitments.slice(0, -1).reverse().slice(0, TABLE_SHOE_HISTORY_MAX));
    const { count } = await t.db.kysely
      .selectFrom('game_shoe_reveals')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(TABLE_SHOE_HISTORY_MAX);
  });
});
