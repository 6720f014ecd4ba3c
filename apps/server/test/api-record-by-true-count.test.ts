/**
 * The player's own result per true count (decision record 0060): every settled round records
 * its net beside its bet and the true count before its first card, and
 * GET /api/me/record/by-true-count sums them per count with the result per unit bet and its
 * standard error. Played through the HTTP API on stacked shoes, on both databases: the sums
 * equal the ledger's, the rounds are those the player saw at those counts, a test-mode shoe's
 * rounds wait for its check, and bad input is 400 with the catalogue's code and changes nothing.
 */
import { RecordByTrueCountSchema, RecordPageSchema, type RecordByTrueCount, type TableSnapshot } from '@card-counter/shared';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { RecordGrader } from '../src/modules/record/index.ts';
import type { Player } from './support/players.ts';
import { tableSuite, type TableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const silent = { warn: () => undefined, error: () => undefined };
const BET_credits = 20;
/**
 * Two decks, no aces on top (no insurance to answer). First two rounds of neutral cards (7, 8,
 * 9: the count stays at 0, one won and one lost, so a count has a standard error), then low
 * cards, so the count climbs over the rounds.
 */
const TOP = ['9', '8', '9', '9', '7', '9', '8', '8', '10', '9', 'J', '8', '2', '3', '4', '5', '6', 'Q', '9', '2', '3', 'K', '4', '5', '10', '9', '6', '2', '3', 'J', 'Q', '7', '8', '4', '5', '6', 'K', '9', '7', '8', '10', 'J', '8', '7', '2', '3', '4', 'Q'];
const ROUNDS = 7;

interface Seen {
  trueCount: number;
  net: number;
}

forEachDatabase('GET /api/me/record/by-true-count', (t) => {
  const suite = tableSuite(t, { countCheckRandom: () => 0.99 });

  async function byTc(p: Player, query = ''): Promise<RecordByTrueCount> {
    const res = await p.call('GET', `/api/me/record/by-true-count${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return RecordByTrueCountSchema.parse(res.json());
  }

  /** Bets, deals and stands until the round is over; the true count the player saw before the deal and the round's net. */
  async function playRound(table: TableClient): Promise<Seen> {
    await table.act({ type: 'bet', amount: BET_credits, spot: 0 });
    const before = table.snapshot();
    let s: TableSnapshot = await table.act({ type: 'deal' });
    // A deal that shuffled would count the round in the new shoe: the stack is long enough that none does.
    expect(s.state.deck?.commitment).toBe(before.state.deck?.commitment ?? s.state.deck?.commitment);
    for (let i = 0; i < 10 && s.state.gamePhase !== 'roundOver'; i++) s = await table.act({ type: 'stand' });
    expect(s.state.gamePhase).toBe('roundOver');
    return { trueCount: Math.floor(before.state.trueCount), net: s.state.lastResult!.net };
  }

  async function seat(tag: string): Promise<{ p: Player; table: TableClient }> {
    const seated = await suite.seat(tag, TOP);
    await seated.table.load();
    await seated.table.act({ type: 'setConfig', rules: { numDecks: 2 } });
    return seated;
  }

  it('sums each true count\'s rounds as the player saw them and as the ledger settled them, flat bets included', async () => {
    const { p, table } = await seat('bytc');
    // The first deal shuffles the (stacked) first shoe: its count starts at 0.
    const seen: Seen[] = [];
    for (let i = 0; i < ROUNDS; i++) seen.push(await playRound(table));
    expect(new Set(seen.map((s) => s.trueCount)).size, JSON.stringify(seen)).toBeGreaterThan(1);

    const got = await byTc(p);
    expect(got.withheld).toBe(false);
    expect(got.count).toBe('hi-lo');
    expect(got.rounds).toBe(ROUNDS);
    const counts = [...new Set(seen.map((s) => s.trueCount))].sort((a, b) => a - b);
    expect(got.rows.map((r) => r.trueCount)).toEqual(counts);
    // Some count has two rounds or more, so a standard error is checked too.
    expect(got.rows.some((r) => r.resultPerUnitStdErr !== null)).toBe(true);
    for (const row of got.rows) {
      const at = seen.filter((s) => s.trueCount === row.trueCount).map((s) => s.net / BET_credits);
      expect(row.rounds).toBe(at.length);
      expect(row.bet_credits).toBe(at.length * BET_credits);
      expect(row.net_credits).toBeCloseTo(at.reduce((a, x) => a + x * BET_credits, 0), 9);
      expect(row.resultPerUnit).toBeCloseTo(row.net_credits / row.bet_credits, 12);
      if (at.length < 2) expect(row.resultPerUnitStdErr).toBeNull();
      else {
        const mean = at.reduce((a, x) => a + x, 0) / at.length;
        const variance = at.reduce((a, x) => a + (x - mean) ** 2, 0) / (at.length - 1);
        expect(row.resultPerUnitStdErr).toBeCloseTo(Math.sqrt(variance / at.length), 9);
      }
    }

    // Money is the sum of the ledger: the rounds' net is every table move less the table fees.
    const ledger = await sql<{ moved: number; fees: number }>`
      select coalesce(sum(amount), 0)::int as moved, coalesce(sum((metadata->>'fee')::int), 0)::int as fees
      from credit_transactions where user_id = ${p.id} and type = 'game'`.execute(t.db.kysely);
    const { moved, fees } = ledger.rows[0]!;
    expect(fees).toBe(ROUNDS * 10);
    expect(got.rows.reduce((a, r) => a + r.net_credits, 0)).toBe(moved + fees);

    // The same rules named in the query match; other rules or another count match none.
    expect((await byTc(p, `?count=hi-lo&rules=${encodeURIComponent(JSON.stringify({ numDecks: 2 }))}`)).rows).toEqual(got.rows);
    expect((await byTc(p, `?count=hi-lo&rules=${encodeURIComponent(JSON.stringify({ numDecks: 6 }))}`)).rows).toEqual([]);
    expect((await byTc(p, `?count=ko&rules=${encodeURIComponent(JSON.stringify({ numDecks: 2 }))}`)).rows).toEqual([]);

    // Round results are no verdicts: the record's page and the lifetime figures count only decisions, checks and bets.
    await new RecordGrader(t.db, silent).drain();
    const page = RecordPageSchema.parse((await p.call('GET', '/api/me/record?limit=500')).json());
    const decisions = await sql<{ n: number }>`select count(*)::int as n from play_record where user_id = ${p.id} and kind = 'decision'`.execute(t.db.kysely);
    expect(page.entries).toHaveLength(decisions.rows[0]!.n);
    const lifetime = (await p.call('GET', '/api/me/lifetime')).json() as { accuracy: { plays: { graded: number } } };
    expect(lifetime.accuracy.plays.graded).toBe(decisions.rows[0]!.n);
  });

  it('leaves a test-mode shoe\'s rounds out while it is withheld', async () => {
    const { p, table } = await seat('bytc-test');
    await table.act({ type: 'setTraining', settings: { testMode: true } });
    await playRound(table);
    await playRound(table);
    const got = await byTc(p);
    expect(got).toMatchObject({ withheld: true, rows: [], rounds: 0 });
    const stored = await sql<{ n: number }>`select count(*)::int as n from play_record where user_id = ${p.id} and kind = 'round'`.execute(t.db.kysely);
    expect(stored.rows[0]!.n).toBe(2);
    // Leaving test mode releases the shoe: both rounds are then read.
    await table.act({ type: 'setTraining', settings: { testMode: false } });
    expect((await byTc(p)).rounds).toBe(2);
  });

  it.each([
    ['an unknown count', '?count=nope', 'VALIDATION_FAILED'],
    ['rules that are not JSON', '?rules=%7Bnope', 'VALIDATION_FAILED'],
    ['rules out of range', `?rules=${encodeURIComponent(JSON.stringify({ numDecks: 99 }))}`, 'VALIDATION_FAILED'],
    ['a custom count without its definition', '?count=custom', 'INVALID_CUSTOM_COUNT'],
    ['a definition without count=custom', `?custom=${encodeURIComponent(JSON.stringify({ tags: {} }))}`, 'INVALID_CUSTOM_COUNT'],
    ['an unknown parameter', '?shoe=x', 'VALIDATION_FAILED'],
  ])('answers 400 with the catalogue\'s code to %s', async (_, query, code) => {
    const { p } = await seat('bytc-bad');
    const res = await p.call('GET', `/api/me/record/by-true-count${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { error: { code: string } }).error.code).toBe(code);
  });

  it('answers 401 to a guest', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/me/record/by-true-count' });
    expect(res.statusCode).toBe(401);
  });
});
