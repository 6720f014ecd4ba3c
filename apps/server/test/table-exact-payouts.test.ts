/**
 * Exact payouts (issue 35, decision record 0045): the table takes only bets its rules pay
 * exactly in whole credits. A bet off the rules' step is a 400 BET_NOT_PAYABLE naming the step,
 * and changes nothing; a bet in the step pays exactly what the rules say (3:2, surrender,
 * insurance); a round stored mid-way with a bet taken before the steps still settles (the
 * legacy rounding of money.ts), so no balance already on the ledger is rewritten.
 */
import { ERRORS, ErrorBodySchema, TableErrorDetailsSchema } from '@card-counter/shared';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ledgerSum, listTransactions } from '../src/modules/ledger/index.ts';
import { tableSuite, type TableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('table exact payouts', (t) => {
  const suite = tableSuite(t);

  async function seat(top: string[], rules?: Record<string, unknown>): Promise<{ id: string; table: TableClient }> {
    const { p, table } = await suite.seat('exact', top);
    await table.load();
    if (rules) await table.act({ type: 'setConfig', rules });
    return { id: p.id, table };
  }

  async function gameRows(id: string): Promise<number[]> {
    const page = await listTransactions(t.db, id, { limit: 100 });
    return page.items
      .filter((r) => r.type === 'game')
      .map((r) => r.amount)
      .reverse();
  }

  async function rewardsOf(id: string): Promise<number> {
    const page = await listTransactions(t.db, id, { limit: 100 });
    return page.items.filter((r) => r.type === 'reward').reduce((sum, r) => sum + r.amount, 0);
  }

  async function expectRefusedBet(id: string, table: TableClient, amount: number, step: number): Promise<void> {
    const before = table.snapshot();
    const ledgerBefore = await ledgerSum(t.db.kysely, id);
    const res = await table.post({ type: 'bet', amount, spot: 0 });
    expect(res.statusCode, res.body).toBe(400);
    expect(ERRORS.BET_NOT_PAYABLE.status).toBe(400);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('BET_NOT_PAYABLE');
    expect(body.error.message).toBe(`At this table bets go in steps of ${step} credits so every payout is exact.`);
    // The details are a table refusal's: the reason and the table as it stands, unchanged.
    const details = TableErrorDetailsSchema.parse(body.error.details);
    expect(details.reason).toBe('BET_NOT_PAYABLE');
    expect(details.table.version).toBe(before.version);
    expect(details.table.state.handBets).toEqual(before.state.handBets);
    const after = await table.load();
    expect(after.version).toBe(before.version);
    expect(after.state.handBets).toEqual(before.state.handBets);
    expect(await ledgerSum(t.db.kysely, id)).toEqual(ledgerBefore);
  }

  it('a bet of 25 at 3:2 is refused with BET_NOT_PAYABLE (it would pay 37.5), and nothing changes', async () => {
    const { id, table } = await seat(['A', '9', 'K', '7'], { surrenderAllowed: false });
    await expectRefusedBet(id, table, 25, 2);
    // The same table takes 26 and its blackjack pays 39, exactly.
    await table.act({ type: 'bet', amount: 26, spot: 0 });
    const s = (await table.act({ type: 'deal' })).state;
    expect(s.lastResult?.hands[0]).toMatchObject({ outcome: 'blackjack', bet: 26, payout: 65, net: 39 });
    expect(await gameRows(id)).toEqual([-36, 65]);
    expect((await ledgerSum(t.db.kysely, id)).sum).toBe(10_000 - 10 + 39 + (await rewardsOf(id)));
  });

  it('at 6:5 with surrender bets go in steps of 10; at 1:1 with neither, any whole bet is taken', async () => {
    const sixFive = await seat([], { blackjackPays: 1.2, surrenderAllowed: true });
    await expectRefusedBet(sixFive.id, sixFive.table, 25, 10);
    await expectRefusedBet(sixFive.id, sixFive.table, 15, 10);
    await sixFive.table.act({ type: 'bet', amount: 30, spot: 0 });
    const even = await seat([], { blackjackPays: 1, surrenderAllowed: false, insuranceAllowed: false });
    expect((await even.table.act({ type: 'bet', amount: 25, spot: 0 })).state.handBets).toEqual([25]);
  });

  it("an even bet's surrender returns exactly half: 26 gives back 13", async () => {
    const { id, table } = await seat(['10', '10', '6', '7']);
    await table.act({ type: 'bet', amount: 26, spot: 0 });
    await table.act({ type: 'deal' });
    const s = (await table.act({ type: 'surrender' })).state;
    expect(s.lastResult?.hands[0]).toMatchObject({ outcome: 'surrender', payout: 13, net: -13 });
    expect(await gameRows(id)).toEqual([-36, 13]);
    expect(s.sessionStats.totalLost).toBe(13);
  });

  it("an even bet's insurance costs exactly half and pays 2:1: 26 costs 13, a dealer blackjack returns 39", async () => {
    const { id, table } = await seat(['10', 'A', '9', 'K'], { insuranceAllowed: true });
    await table.act({ type: 'bet', amount: 26, spot: 0 });
    await table.act({ type: 'deal' });
    const s = (await table.act({ type: 'insurance', take: true })).state;
    expect(s.lastResult).toMatchObject({ dealerBlackjack: true, insuranceBet: 13, insurancePayout: 39, net: 0 });
    expect(await gameRows(id)).toEqual([-36, -13, 39]);
  });

  it('early surrender before the peek (decision record 0050): 26 against a ten-up blackjack gives back 13, on the ledger', async () => {
    const { id, table } = await seat(['10', 'K', '6', 'A'], { earlySurrender: 'vs10', surrenderAllowed: false });
    await table.act({ type: 'bet', amount: 26, spot: 0 });
    const dealt = (await table.act({ type: 'deal' })).state;
    expect(dealt.gamePhase).toBe('surrender');
    expect(dealt.dealerCards[1]).toBeNull(); // the hole card is not shown before the peek
    const s = (await table.act({ type: 'earlySurrender', take: true })).state;
    expect(s.lastResult).toMatchObject({ dealerBlackjack: true, net: -13 });
    expect(s.lastResult?.hands[0]).toMatchObject({ outcome: 'surrender', payout: 13, net: -13 });
    expect(await gameRows(id)).toEqual([-36, 13]);
    expect((await ledgerSum(t.db.kysely, id)).sum).toBe(10_000 - 36 + 13 + (await rewardsOf(id)));
  });

  it('no hole card, every stake lost (decision record 0050): the dealer takes its second card after the double, and the blackjack takes both stakes', async () => {
    const { id, table } = await seat(['6', 'A', '5', '2', 'K'], { dealerPeeks: false, noHoleCardLosses: 'all' });
    await table.act({ type: 'bet', amount: 26, spot: 0 });
    const dealt = (await table.act({ type: 'deal' })).state;
    expect(dealt.dealerCards).toHaveLength(1); // no card face down
    const s = (await table.act({ type: 'double' })).state;
    expect(s.lastResult).toMatchObject({ dealerBlackjack: true, net: -52 });
    const balance = 10_000 - 36 - 26 + (await rewardsOf(id));
    expect(s.balance).toBe(balance);
    expect((await ledgerSum(t.db.kysely, id)).sum).toBe(balance);
  });

  it('a round stored mid-way with a bet taken before the steps still settles (legacy rounding), its balance equal to the ledger', async () => {
    // A bet of 25 at 1:1 without surrender (steps of 1), dealt; then the stored table is made
    // what an old table looks like: 3:2 with surrender, 25 on the spot, mid-round.
    const { id, table } = await seat(['10', '10', '6', '7'], { blackjackPays: 1, surrenderAllowed: false, insuranceAllowed: false });
    await table.act({ type: 'bet', amount: 25, spot: 0 });
    await table.act({ type: 'deal' });
    const row = await t.db.kysely.selectFrom('game_tables').select('state').where('user_id', '=', id).executeTakeFirstOrThrow();
    const state = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as { config: Record<string, unknown> };
    state.config = { ...state.config, blackjackPays: 1.5, surrenderAllowed: true };
    await sql`update game_tables set state = ${JSON.stringify(state)}::json where user_id = ${id}`.execute(t.db.kysely);
    await table.load();
    const s = (await table.act({ type: 'surrender' })).state;
    // The engine says 12.5; the legacy path pays 12 (rounded down, as before this change).
    expect(s.lastResult?.hands[0]).toMatchObject({ outcome: 'surrender', payout: 12.5 });
    expect(await gameRows(id)).toEqual([-35, 12]);
    const balance = 10_000 - 35 + 12 + (await rewardsOf(id));
    expect(s.balance).toBe(balance);
    expect((await ledgerSum(t.db.kysely, id)).sum).toBe(balance);
    // The next bet of 25 at these rules is refused: the legacy path ends with that round.
    await expectRefusedBet(id, table, 25, 2);
  });
});
