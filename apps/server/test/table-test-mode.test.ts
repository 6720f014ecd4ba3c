/**
 * Test mode and the shoe report (decision record 0031), through the HTTP API from stacked shoes:
 * in test mode no answer carries the count before a check on it is answered, a check asks the
 * running and the true count and grades the true count under the table's convention, a check
 * is always asked at the shuffle point, and a shoe's report is what was played.
 */
import type { CountingOptions } from '@card-counter/engine';
import { RecordPageSchema, TableReportSchema, TableSnapshotSchema, type TableSnapshot } from '@card-counter/shared';
import { expect, it } from 'vitest';
import { RecordGrader } from '../src/modules/record/index.ts';
import type { Player } from './support/players.ts';
import { tableSuite } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const silent = { warn: () => undefined, error: () => undefined };

/** What no test-mode answer may show: the counts and the cards seen, all withheld as 0. */
function expectCountsWithheld(s: TableSnapshot): void {
  expect(s.state.runningCount).toBe(0);
  expect(s.state.trueCount).toBe(0);
  expect(s.state.runningCountAtBet).toBe(0);
  expect(s.state.deck?.seen.every((n) => n === 0)).toBe(true);
  if (s.state.lastResult !== null) expect(s.state.lastResult.runningCountAtBet).toBe(0);
  if (s.training.countCheck !== null) expect(Object.keys(s.training.countCheck).sort()).toEqual(['asked', 'id']);
}

forEachDatabase('table test mode', (t) => {
  /** The count-check draw (below 1/5 asks); 0.99: never by chance. */
  let draw = 0.99;
  const suite = tableSuite(t, { countCheckRandom: () => draw });

  async function seat(top: string[], rules: Record<string, unknown>, counting: CountingOptions = { system: 'hi-lo', resolution: 'half', rounding: 'floor' }) {
    const { p, table } = await suite.seat('test-mode', top);
    await table.load();
    await table.act({ type: 'setConfig', rules: { surrenderAllowed: false, ...rules } });
    await table.act({ type: 'setCounting', counting });
    await table.act({ type: 'setTraining', settings: { testMode: true } });
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    return { p, table };
  }

  async function report(p: Player, shoe?: string) {
    const res = await p.call('GET', `/api/table/report${shoe === undefined ? '' : `?shoe=${shoe}`}`);
    expect(res.statusCode, res.body).toBe(200);
    return TableReportSchema.parse(res.json());
  }

  async function getTable(p: Player): Promise<TableSnapshot> {
    return TableSnapshotSchema.parse((await p.call('GET', '/api/table')).json());
  }

  it('asks the running and the true count, withholds both until answered, and grades the true count under the convention (whole decks, floor)', async () => {
    draw = 0; // a check after every round
    // Two decks. 10 v 10, 9 and the hole J: the player stands on 19. Hi-Lo: -1 -1 0 -1 = -3;
    // 100 cards left are 2 whole decks; -3 / 2 = -1.5, floored: -2 (truncated it would be -1).
    const { p, table } = await seat(['10', '10', '9', 'J'], { numDecks: 2 }, { system: 'hi-lo', resolution: 'full', rounding: 'floor' });
    expectCountsWithheld(await table.act({ type: 'deal' }));
    const end = await table.act({ type: 'stand' });
    expect(end.state.gamePhase).toBe('roundOver');
    expect(end.training.countCheck?.asked).toBe('runningAndTrueCount');
    expectCountsWithheld(end);
    expectCountsWithheld(await getTable(p));
    const id = end.training.countCheck!.id;
    // An answer without the true count is refused and changes nothing.
    const half = await table.post({ type: 'countCheck', id, answer: -3 });
    expect(half.statusCode).toBe(409);
    expect(half.json()).toMatchObject({ error: { code: 'TABLE_ACTION_REFUSED', details: { reason: 'TRUE_COUNT_MISSING' } } });
    expect(table.snapshot().training.countCheck?.id).toBe(id);
    // -1 is what truncating would give: wrong under floor.
    await table.act({ type: 'countCheck', id, answer: -3, trueCount: -1 });
    expect(table.snapshot().training.lastCountCheck).toEqual({
      id,
      asked: 'runningAndTrueCount',
      answered: -3,
      expected: -3,
      trueCount: { answered: -1, expected: -2, correct: false },
      correct: false,
    });
    const [entry] = RecordPageSchema.parse((await p.call('GET', '/api/me/record?kind=countCheck')).json()).entries;
    expect(entry).toMatchObject({ asked: 'runningAndTrueCount', expected: -3, answered: -3, trueCount: { expected: -2, answered: -1 } });
    draw = 0.99;
  });

  it('a right pair of answers is right; outside test mode the running count alone is asked', async () => {
    draw = 0;
    const { table } = await seat(['10', '10', '9', 'J', '2', '3', '4', '5'], { numDecks: 2 }, { system: 'hi-lo', resolution: 'full', rounding: 'floor' });
    await table.act({ type: 'deal' });
    const end = await table.act({ type: 'stand' });
    await table.act({ type: 'countCheck', id: end.training.countCheck!.id, answer: -3, trueCount: -2 });
    expect(table.snapshot().training.lastCountCheck).toMatchObject({ correct: true, trueCount: { correct: true } });
    await table.act({ type: 'setTraining', settings: { testMode: false } });
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    await table.act({ type: 'deal' });
    const next = await table.act({ type: 'stand' });
    expect(next.training.countCheck?.asked).toBe('runningCount');
    // Out of test mode the cards seen are on the table again.
    expect(next.state.deck?.seen.some((n) => n > 0)).toBe(true);
    draw = 0.99;
  });

  it('asks at the shuffle point even with count checks off and no draw; the shoe report is what was played, the verdicts withheld until the shoe ends', async () => {
    draw = 0.99;
    // One deck, shuffle at 90% left. Round 1: 10,10 v 9 (hole 7) hits a 5 and busts: a play error.
    // Round 2: 10,8 v 10 (hole 9) stands. Nine cards dealt leave 43 of 52 (83%): the shuffle point.
    // Hi-Lo: round 1 -1 0 -1 0 +1 = -1, round 2 -1 -1 0 0 = -2: running -3; 43 cards is 1 deck
    // (half-deck steps: 0.83 rounds to 1): true count -3.
    const { p, table } = await seat(['10', '9', '10', '7', '5', '10', '10', '8', '9'], { numDecks: 1, shufflePoint: 0.9 });
    await table.act({ type: 'setTraining', settings: { countChecks: 'off' } });
    await table.act({ type: 'deal' });
    const r1 = await table.act({ type: 'hit' });
    expect(r1.state.gamePhase).toBe('roundOver');
    expect(r1.training.countCheck).toBeNull();
    const shoe = r1.state.deck!.commitment;
    await new RecordGrader(t.db, silent).drain();
    // Mid-shoe in test mode the coach is silent: the report holds the rounds, not the verdicts.
    const mid = await report(p, shoe);
    expect(mid).toMatchObject({ scope: 'shoe', shoe, finished: false, withheld: true, rounds: 1, bet_credits: 100, errors: [], decisions: { graded: 0, errors: 0 } });
    expect((await report(p)).errors).toEqual([]);

    await table.act({ type: 'bet', amount: 100, spot: 0 });
    await table.act({ type: 'deal' });
    const r2 = await table.act({ type: 'stand' });
    expect(r2.state.gamePhase).toBe('roundOver');
    expect(r2.training.countCheck?.asked).toBe('runningAndTrueCount');
    expectCountsWithheld(r2);
    await table.act({ type: 'countCheck', id: r2.training.countCheck!.id, answer: -3, trueCount: -3 });
    expect(table.snapshot().training.lastCountCheck).toMatchObject({ correct: true, expected: -3, trueCount: { expected: -3, correct: true } });
    await new RecordGrader(t.db, silent).drain();

    const decisions = RecordPageSchema.parse((await p.call('GET', '/api/me/record?kind=decision')).json()).entries;
    expect(decisions.map((d) => d.kind === 'decision' && [d.chosen, d.best])).toEqual([
      ['hit', 'stand'],
      ['stand', 'stand'],
    ]);
    const hit = decisions[0];
    if (hit?.kind !== 'decision') throw new Error('a decision');
    const done = await report(p, shoe);
    expect(done).toMatchObject({
      scope: 'shoe',
      finished: true,
      withheld: false,
      rounds: 2,
      bet_credits: 200,
      countChecks: { asked: 1, correct: 1, items: [{ asked: 'runningAndTrueCount', expected: -3, answered: -3, trueCount: { expected: -3, answered: -3 }, correct: true }] },
      decisions: { graded: 2, errors: 1, pending: 0 },
      errors: [{ hand: [10, 10], upcard: 9, chosen: 'hit', best: 'stand', bet_credits: 100 }],
    });
    expect(done.edgeGiven.credits).toBeCloseTo(hit.evCost, 2);
    expect(done.edgeGiven.percentOfBet).toBeCloseTo((100 * hit.evCost) / 200, 2);
    expect(done.betGrades).toBeUndefined();
    expect(done.roundTime_ms).toBeGreaterThanOrEqual(0);
    // The session so far is this one shoe.
    expect(await report(p)).toMatchObject({ scope: 'session', rounds: 2, bet_credits: 200, countChecks: { asked: 1, correct: 1 }, decisions: { graded: 2, errors: 1 }, edgeGiven: done.edgeGiven });

    // The next deal shuffles; the old shoe's report stays, the new shoe has none of its entries.
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    const fresh = await table.act({ type: 'deal' });
    expect(fresh.state.deck!.commitment).not.toBe(shoe);
    expect(await report(p, shoe)).toMatchObject({ rounds: 2, finished: true, decisions: { errors: 1 } });
    // The new shoe is shuffled, not stacked: a natural ends its first round at the deal (about
    // one deal in eleven), and that round is the new shoe's (this test failed once so).
    const endedAtDeal = !fresh.state.gameInProgress;
    expect(await report(p, fresh.state.deck!.commitment)).toMatchObject({ rounds: endedAtDeal ? 1 : 0, countChecks: { asked: 0 }, decisions: { graded: 0 } });
    // A shoe the table never dealt has no report.
    expect((await p.call('GET', `/api/table/report?shoe=${'0'.repeat(64)}`)).statusCode).toBe(404);
  });

  it('the record, the betting patterns and leaving test mode tell nothing of the count in the shoe in play', async () => {
    draw = 0; // a check at the round's end
    // 10,10 v 9 (hole 7) hits a 5 and busts: a decision (and a bet) of the shoe in play.
    const { p, table } = await seat(['10', '9', '10', '7', '5'], { numDecks: 6 });
    await table.act({ type: 'deal' });
    const over = await table.act({ type: 'hit' });
    expect(over.state.gamePhase).toBe('roundOver');
    const check = over.training.countCheck;
    expect(check).not.toBeNull();
    await new RecordGrader(t.db, silent).drain();
    // The record carries each decision's and bet's true count: the shoe in play's wait.
    const listed = async (kind: string) => RecordPageSchema.parse((await p.call('GET', `/api/me/record?kind=${kind}`)).json()).entries;
    expect(await listed('decision')).toEqual([]);
    expect(await listed('bet')).toEqual([]);
    // The betting patterns are kept by the running count at each bet.
    const patterns = await p.call('GET', '/api/table/patterns');
    expect(patterns.statusCode).toBe(409);
    expect(patterns.json()).toMatchObject({ error: { code: 'TEST_MODE_COUNTS_WITHHELD' } });

    // Leaving test mode shows the counts: the check asked while they were hidden lapses.
    const off = await table.act({ type: 'setTraining', settings: { testMode: false } });
    expect(off.training.countCheck).toBeNull();
    const late = await table.post({ type: 'countCheck', id: check!.id, answer: off.state.runningCount });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'TABLE_ACTION_REFUSED', details: { reason: 'NO_COUNT_CHECK' } } });
    // Out of test mode the record and the patterns are the player's again.
    expect((await listed('decision')).map((d) => d.kind === 'decision' && d.chosen)).toEqual(['hit']);
    expect((await p.call('GET', '/api/table/patterns')).statusCode).toBe(200);
  });
});
