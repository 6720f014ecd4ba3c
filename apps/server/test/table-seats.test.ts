/**
 * A full table through the HTTP API: computer seats dealt from the same (stacked) shoe, acting
 * within the player's own actions; their cards count and are in the shoe's `seen`, their hands
 * move no money (the ledger pays the player's spots only), the record's decision is the
 * player's hand; setConfig's refusals; sitting out and a new shoe.
 */
import type { TableSnapshot } from '@card-counter/shared';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ledgerSum, listTransactions } from '../src/modules/ledger/index.ts';
import { tableSuite } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

/** Hi-Lo tags by card value (index 1 = ace .. 10 = tens). */
const HI_LO = [0, -1, 1, 1, 1, 1, 1, 0, 0, 0, -1];

/** The running count the shoe's `seen` gives (Hi-Lo starts at 0). */
function tallyOfSeen(s: TableSnapshot): number {
  return (s.state.deck?.seen ?? []).reduce((a, n, v) => a + n * (HI_LO[v] ?? 0), 0);
}

const seenCount = (s: TableSnapshot) => (s.state.deck?.seen ?? []).reduce((a, b) => a + b, 0);

forEachDatabase('table with computer seats', (t) => {
  const suite = tableSuite(t);

  async function gameRows(id: string): Promise<number[]> {
    const page = await listTransactions(t.db, id, { limit: 100 });
    return page.items.filter((r) => r.type === 'game').map((r) => r.amount).reverse();
  }

  async function rewardsOf(id: string): Promise<number> {
    const page = await listTransactions(t.db, id, { limit: 100 });
    return page.items.filter((r) => r.type === 'reward').reduce((sum, r) => sum + r.amount, 0);
  }

  // Seats: computer 0 and 1, the player (seat 2), computer 3. Deal: 10, 10, 10, 5, up 6; 9, 8, 7, 6, hole 10.
  // Seats 0 and 1 stand on 19 and 18 at the deal; the player stands on 17; seat 3 doubles 11 and
  // takes a K; the dealer's 16 draws a 9 and busts.
  const TOP = ['10', '10', '10', '5', '6', '9', '8', '7', '6', '10', 'K', '9'];

  it('a round with 3 computer seats: dealing order, the count of every seat, the ledger pays the player only', async () => {
    const { p, table } = await suite.seat('seats', TOP);
    await table.act({ type: 'setConfig', rules: { otherPlayers: 3 } });
    await table.act({ type: 'bet', amount: 100 });
    const dealt = await table.act({ type: 'deal' });
    const seats = dealt.state.seats;
    expect(seats.map((s) => [s.kind, s.seat])).toEqual([
      ['computer', 0],
      ['computer', 1],
      ['player', 2],
      ['computer', 3],
    ]);
    expect(seats.map((s) => s.hands[0]?.status)).toEqual(['stood', 'stood', 'playing', 'playing']);
    expect(dealt.state.playerHands.map((h) => h.cards.map((c) => c.rank))).toEqual([['10', '7']]);
    // Every card shown but the hole card: 4 seats x 2 + the upcard.
    expect(seenCount(dealt)).toBe(9);
    expect(dealt.state.runningCount).toBe(tallyOfSeen(dealt));
    expect(dealt.state.runningCount).toBe(0);
    expect(dealt.state.dealerCards[1]).toBeNull();

    const over = await table.act({ type: 'stand' });
    const last = over.state.seats[3];
    expect(last?.kind).toBe('computer');
    expect(last?.hands[0]?.cards.map((c) => c.rank)).toEqual(['5', '6', 'K']);
    expect(last?.hands[0]?.status).toBe('doubled');
    expect(over.state.dealerCards.map((c) => c?.rank)).toEqual(['6', '10', '9']);
    expect(over.state.seats.map((s) => s.hands[0]?.outcome)).toEqual(['win', 'win', 'win', 'win']);
    expect(seenCount(over)).toBe(12);
    expect(over.state.runningCount).toBe(tallyOfSeen(over));
    expect(over.state.runningCount).toBe(-2);

    // The ledger: the player's stake and fee, the player's payout; nothing for the seats.
    expect(await gameRows(p.id)).toEqual([-110, 200]);
    const balance = 10_000 - 110 + 200 + (await rewardsOf(p.id));
    expect(over.state.balance).toBe(balance);
    expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(balance);
    expect(over.state.sessionStats.handsPlayed).toBe(1);

    // The record's decision is the player's own hand, judged with every card seen at the table.
    const { rows } = await sql<{ facts: { hand: number[]; seen: number[] } | null }>`
      select facts from play_record where user_id = ${p.id} and kind = 'decision'`.execute(t.db.kysely);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.facts?.hand).toEqual([10, 7]);
    expect(rows[0]?.facts?.seen.reduce((a, b) => a + b, 0)).toBe(9);
  });

  it('refuses otherPlayers mid-round and more seats than the table has, changing nothing', async () => {
    const { table } = await suite.seat('seats-refused', TOP);
    const full = await table.post({ type: 'setConfig', rules: { numInitialHands: 2, otherPlayers: 6 } });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('TABLE_ACTION_REFUSED');
    expect(full.json().error.details.reason).toBe('TABLE_FULL');
    expect(table.snapshot().state.config.otherPlayers).toBe(0);
    await table.act({ type: 'setConfig', rules: { otherPlayers: 3 } });
    await table.act({ type: 'bet', amount: 100 });
    await table.act({ type: 'deal' });
    const version = table.snapshot().version;
    const mid = await table.post({ type: 'setConfig', rules: { otherPlayers: 1 } });
    expect(mid.statusCode).toBe(409);
    expect(mid.json().error.details.reason).toBe('WRONG_PHASE');
    expect((await table.load()).version).toBe(version);
    expect(table.snapshot().state.config.otherPlayers).toBe(3);
  });

  it('sitting out: a round is dealt to the seats only, nothing is charged, the count goes on; a new shoe reveals the old one', async () => {
    const { p, table } = await suite.seat('seats-sit-out', TOP);
    await table.act({ type: 'setConfig', rules: { otherPlayers: 3 } });
    await table.act({ type: 'bet', amount: 100 });
    await table.act({ type: 'sitOut' });
    const watched = await table.act({ type: 'deal' });
    expect(watched.state.gamePhase).toBe('roundOver');
    expect(watched.state.playerHands).toEqual([]);
    expect(watched.state.seats.filter((s) => s.kind === 'computer').every((s) => s.hands.length > 0)).toBe(true);
    expect(seenCount(watched)).toBeGreaterThanOrEqual(8);
    expect(watched.state.runningCount).toBe(tallyOfSeen(watched));
    expect(await gameRows(p.id)).toEqual([]);
    expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(watched.state.balance);
    const commitment = watched.state.deck?.commitment;
    suite.unstack(p.id);
    const renewed = await table.act({ type: 'newShoe' });
    expect(renewed.state.deck).toBeNull();
    expect(renewed.state.runningCount).toBe(0);
    const shoes = await p.call('GET', '/api/table/shoes');
    expect(shoes.json().items[0]?.commitment).toBe(commitment);
    await table.act({ type: 'sitIn' });
    const back = await table.act({ type: 'deal' });
    expect(back.state.playerHands).toHaveLength(1);
    expect(back.state.deck?.commitment).not.toBe(commitment);
  });
});
