/**
 * 500 random rounds (seeded; the seed is printed): the ledger reconciles (balance = sum of the
 * rows, the table's balance = the credits) and the profile statistics, session stats and
 * betting patterns match the rounds the API answered.
 */
import type { BettingPatterns } from '@card-counter/engine';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyCredit, ledgerSum } from '../src/modules/ledger/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { playRandomRound, randOf } from './support/table-fuzz.ts';
import { tableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const SEED = Number(process.env.TABLE_FUZZ_SEED ?? Date.now() % 1_000_000);
const ROUNDS = 500;

forEachDatabase('table fuzz', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it(`after ${ROUNDS} random rounds the ledger reconciles and the stats match the rounds`, { timeout: 120_000 }, async () => {
    console.log(`table fuzz seed: ${SEED} (TABLE_FUZZ_SEED=${SEED} to replay)`);
    const rand = randOf(SEED);
    const p = await signUpPlayer(app, 'fuzz');
    const table = tableClient(p);
    await table.load();
    await table.act({ type: 'setConfig', rules: { numDecks: 2, numInitialHands: 2, insuranceAllowed: true, blackjackPays: rand() < 0.5 ? 1.5 : 1.2 } });
    const expected = { hands: 0, won: 0, winnings: 0, bestStreak: 0, streak: 0, biggestWin: 0, spotBets: 0, spotAmount: 0 };
    let topUps = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (table.snapshot().state.balance < 2_000) {
        await applyCredit(t.db, { userId: p.id, type: 'bonus', amount: 10_000, description: 'test top-up', idempotencyKey: `fuzz-top-up-${p.id}-${topUps++}` });
        await table.load();
      }
      const bets = table.snapshot().state.handBets.length;
      const s = await playRandomRound(table, rand);
      const r = s.state.lastResult;
      if (!r) throw new Error(`round ${round} (seed ${SEED}) ended without a result`);
      expected.hands += r.hands.length;
      expected.won += r.hands.filter((h) => h.net > 0).length;
      const net = Math.floor(r.net + 1e-6);
      expected.winnings += net;
      expected.streak = r.net > 0 ? expected.streak + 1 : r.net < 0 ? 0 : expected.streak;
      expected.bestStreak = Math.max(expected.bestStreak, expected.streak);
      expected.biggestWin = Math.max(expected.biggestWin, net);
      expected.spotBets += bets;
      expected.spotAmount += s.state.handBets.reduce((a, b) => a + b, 0);
    }
    const final = await table.load();
    const ledger = await ledgerSum(t.db.kysely, p.id);
    expect(final.state.balance, `seed ${SEED}`).toBe(ledger.sum);
    const profile = await t.db.kysely.selectFrom('profiles').selectAll().where('user_id', '=', p.id).executeTakeFirstOrThrow();
    expect(profile.credits).toBe(ledger.sum);
    expect(profile, `seed ${SEED}`).toMatchObject({
      total_hands_played: expected.hands,
      total_hands_won: expected.won,
      total_winnings: expected.winnings,
      biggest_win: expected.biggestWin,
    });
    expect(profile.best_streak).toBeGreaterThanOrEqual(expected.bestStreak);
    expect(final.state.sessionStats).toMatchObject({ handsPlayed: expected.hands, handsWon: expected.won });
    const row = await t.db.kysely.selectFrom('game_tables').select('betting_patterns').where('user_id', '=', p.id).executeTakeFirstOrThrow();
    const patterns = Object.values(row.betting_patterns as BettingPatterns);
    expect(patterns.reduce((a, e) => a + e.totalBets, 0)).toBe(expected.spotBets);
    expect(patterns.reduce((a, e) => a + e.totalAmount, 0)).toBe(expected.spotAmount);
    for (const e of patterns) expect(e.avgBet).toBeCloseTo(e.totalAmount / e.totalBets, 9);
    // The game rows alone explain the table's winnings and fees: nothing charged twice.
    const game = await t.db.kysely.selectFrom('credit_transactions').select((eb) => eb.fn.sum<string>('amount').as('sum')).where('user_id', '=', p.id).where('type', '=', 'game').executeTakeFirstOrThrow();
    expect(Number(game.sum)).toBe(ledger.sum - 10_000 - 10_000 * topUps);
  });
});
