/**
 * A full round of every kind through the HTTP API, dealt from stacked shoes (a test-only app
 * option): the cards, outcome and every ledger row the round writes (type 'game': stakes and
 * the 10-credit fee per hand at the deal, doubles/splits/insurance when taken, the payout).
 */
import { expect, it } from 'vitest';
import { ledgerSum, listTransactions } from '../src/modules/ledger/index.ts';
import { tableSuite, type TableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('table rounds', (t) => {
  const suite = tableSuite(t);

  /** A new player (10,000 credits) whose first shoe starts with `top` (player, dealer up, player, hole, ...). */
  async function seat(
    top: string[],
    rules?: Record<string, unknown>,
  ): Promise<{ id: string; table: TableClient }> {
    const { p, table } = await suite.seat('table', top);
    await table.load();
    if (rules) await table.act({ type: 'setConfig', rules });
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    return { id: p.id, table };
  }

  async function gameRows(id: string): Promise<number[]> {
    const page = await listTransactions(t.db, id, { limit: 100 });
    return page.items
      .filter((r) => r.type === 'game')
      .map((r) => r.amount)
      .reverse();
  }

  /** Credits paid by rewards (first hand, first blackjack, ...: docs/rewards.md) on top of the game's rows. */
  async function rewardsOf(id: string): Promise<number> {
    const page = await listTransactions(t.db, id, { limit: 100 });
    return page.items.filter((r) => r.type === 'reward').reduce((sum, r) => sum + r.amount, 0);
  }

  /** `gameBalance`: the balance the game's own rows leave; rewards paid with the round come on top. */
  async function expectReconciled(id: string, table: TableClient, gameBalance: number): Promise<void> {
    const balance = gameBalance + (await rewardsOf(id));
    expect(table.snapshot().state.balance).toBe(balance);
    expect((await ledgerSum(t.db.kysely, id)).sum).toBe(balance);
    expect((await table.load()).state.balance).toBe(balance);
  }

  it('blackjack pays 3:2 at the deal', async () => {
    const { id, table } = await seat(['A', '9', 'K', '7']);
    const s = (await table.act({ type: 'deal' })).state;
    expect(s.gamePhase).toBe('roundOver');
    expect(s.lastResult?.hands[0]?.outcome).toBe('blackjack');
    expect(await gameRows(id)).toEqual([-110, 250]);
    // The first hand and the first blackjack are achievements (500 each), paid with the round.
    expect(await rewardsOf(id)).toBe(1_000);
    await expectReconciled(id, table, 10_140);
  });

  it('a retried action whose round paid achievements answers the same balance, rewards included, and pays nothing more', async () => {
    const { id, table } = await seat(['A', '9', 'K', '7']);
    const before = table.snapshot();
    const actionId = '4b7f9f3e-0d3c-4f5e-9a57-1c1c0ffee001';
    const first = await table.post({ type: 'deal' }, { actionId, version: before.version });
    expect(first.statusCode, first.body).toBe(200);
    const again = await table.post({ type: 'deal' }, { actionId, version: before.version });
    expect(again.statusCode, again.body).toBe(200);
    // The stored answer was patched with the rewards paid after the save (write-action.ts patchSavedAnswer).
    expect(again.json()).toEqual(first.json());
    expect(await rewardsOf(id)).toBe(1_000);
    await expectReconciled(id, table, 10_140);
  });

  it('a bust loses the stake and the fee', async () => {
    const { id, table } = await seat(['10', '7', '6', 'K', 'Q']);
    expect((await table.act({ type: 'deal' })).state.dealerCards[1]).toBeNull();
    const s = (await table.act({ type: 'hit' })).state;
    expect(s.lastResult?.hands[0]?.outcome).toBe('bust');
    expect(await gameRows(id)).toEqual([-110]);
    await expectReconciled(id, table, 9_890);
  });

  it('a double debits its stake when taken and pays double', async () => {
    const { id, table } = await seat(['6', '6', '5', 'K', 'Q', 'J']);
    await table.act({ type: 'deal' });
    const s = (await table.act({ type: 'double' })).state;
    expect(s.lastResult?.hands[0]).toMatchObject({ outcome: 'win', bet: 200, payout: 400 });
    expect(await gameRows(id)).toEqual([-110, -100, 400]);
    await expectReconciled(id, table, 10_190);
  });

  it('a split and a resplit debit each new stake and settle every hand', async () => {
    const { id, table } = await seat(['8', '6', '8', 'K', '8', 'Q', 'J', 'K', 'Q']);
    await table.act({ type: 'deal' });
    await table.act({ type: 'split' });
    let s = (await table.act({ type: 'split' })).state;
    expect(s.playerHands).toHaveLength(3);
    await table.act({ type: 'stand' });
    await table.act({ type: 'stand' });
    s = (await table.act({ type: 'stand' })).state;
    expect(s.lastResult?.hands.map((h) => h.outcome)).toEqual(['win', 'win', 'win']);
    expect(await gameRows(id)).toEqual([-110, -100, -100, 600]);
    await expectReconciled(id, table, 10_290);
  });

  it('a surrender returns half the stake', async () => {
    const { id, table } = await seat(['10', '10', '6', '7']);
    await table.act({ type: 'deal' });
    const s = (await table.act({ type: 'surrender' })).state;
    expect(s.lastResult?.hands[0]?.outcome).toBe('surrender');
    expect(await gameRows(id)).toEqual([-110, 50]);
    await expectReconciled(id, table, 9_940);
  });

  it('insurance taken against a dealer blackjack pays 2:1', async () => {
    const { id, table } = await seat(['10', 'A', '9', 'K'], { insuranceAllowed: true });
    const dealt = (await table.act({ type: 'deal' })).state;
    expect(dealt.gamePhase).toBe('insurance');
    expect(dealt.dealerCards[1]).toBeNull();
    const s = (await table.act({ type: 'insurance', take: true })).state;
    expect(s.lastResult).toMatchObject({ dealerBlackjack: true, insuranceBet: 50, insurancePayout: 150 });
    expect(await gameRows(id)).toEqual([-110, -50, 150]);
    await expectReconciled(id, table, 9_990);
  });

  it('insurance refused, no dealer blackjack, the hand plays on and wins', async () => {
    const { id, table } = await seat(['10', 'A', '9', '5', '2'], { insuranceAllowed: true });
    await table.act({ type: 'deal' });
    let s = (await table.act({ type: 'insurance', take: false })).state;
    expect(s.gamePhase).toBe('playing');
    expect(s.dealerCards[1]).toBeNull();
    s = (await table.act({ type: 'stand' })).state;
    expect(s.lastResult?.hands[0]?.outcome).toBe('win');
    expect(await gameRows(id)).toEqual([-110, 200]);
    await expectReconciled(id, table, 10_090);
  });

  it('a push returns the stake', async () => {
    const { id, table } = await seat(['10', '10', '8', '8']);
    await table.act({ type: 'deal' });
    const s = (await table.act({ type: 'stand' })).state;
    expect(s.lastResult?.hands[0]?.outcome).toBe('push');
    expect(await gameRows(id)).toEqual([-110, 100]);
    await expectReconciled(id, table, 9_990);
  });

  it('a dealer blackjack found at the peek ends the round at the deal', async () => {
    const { id, table } = await seat(['10', 'K', '9', 'A']);
    const s = (await table.act({ type: 'deal' })).state;
    expect(s.gamePhase).toBe('roundOver');
    expect(s.holeCardRevealed).toBe(true);
    expect(s.dealerCards[1]).toMatchObject({ rank: 'A' });
    expect(s.lastResult).toMatchObject({ dealerBlackjack: true });
    expect(await gameRows(id)).toEqual([-110]);
    await expectReconciled(id, table, 9_890);
  });

  it('profile statistics and betting patterns take each settled round', async () => {
    const { id, table } = await seat(['A', '9', 'K', '7']);
    await table.act({ type: 'deal' });
    const me = await t.db.kysely
      .selectFrom('profiles')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(me).toMatchObject({
      total_hands_played: 1,
      total_hands_won: 1,
      total_winnings: 150,
      best_streak: 1,
      biggest_win: 150,
    });
    const patterns = await t.db.kysely
      .selectFrom('game_tables')
      .select('betting_patterns')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(patterns.betting_patterns).toEqual({
      count_0: { totalBets: 1, totalAmount: 100, wins: 1, losses: 0, avgBet: 100 },
    });
    expect(table.snapshot().state.sessionStats).toMatchObject({ handsPlayed: 1, handsWon: 1, totalWon: 150 });
  });
});
