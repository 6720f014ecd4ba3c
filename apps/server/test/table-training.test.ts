/**
 * The record is the server's (ADR 0028): a decision made at the table is recorded from the table
 * action that made it and graded by the server with the engine's coach; a count check is asked
 * by the server after a round, answered through the table and graded against the count of the
 * cards it dealt, and only then pays. Through the HTTP API, from stacked shoes.
 */
import { computeStrategy, fullShoe, gradeDecision, handEvs, parseRules } from '@card-counter/engine';
import { RecordPageSchema, SkillPageSchema, type TableSnapshot } from '@card-counter/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { RecordGrader } from '../src/modules/record/index.ts';
import type { Player } from './support/players.ts';
import { tableSuite, type TableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const silent = { warn: () => undefined, error: () => undefined };

forEachDatabase('table training', (t) => {
  /** What the count-check draw answers (below 1/5 asks); 0.99: never by chance. */
  let draw = 0.99;
  const suite = tableSuite(t, { countCheckRandom: () => draw });

  async function seat(top: string[], rules: Record<string, unknown> = {}): Promise<{ p: Player; table: TableClient }> {
    const { p, table } = await suite.seat('training', top);
    await table.load();
    await table.act({ type: 'setConfig', rules: { numDecks: 6, surrenderAllowed: false, ...rules } });
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    return { p, table };
  }

  async function record(p: Player, kind?: 'decision' | 'countCheck') {
    const res = await p.call('GET', `/api/me/record${kind ? `?kind=${kind}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return RecordPageSchema.parse(res.json()).entries;
  }

  describe('decisions', () => {
    it('a stand on 16 v 10 is recorded from the action and graded by the server: best hit, its EV cost', async () => {
      const { p, table } = await seat(['10', '10', '6', '7', '5']);
      await table.act({ type: 'deal' });
      await table.act({ type: 'stand' });
      // Recorded with the action, graded after it: nothing is listed before the grade.
      expect(await record(p, 'decision')).toEqual([]);
      await new RecordGrader(t.db, silent).drain();
      const [entry, ...rest] = await record(p, 'decision');
      expect(rest).toEqual([]);
      const rules = parseRules({ numDecks: 6, surrenderAllowed: false });
      const evs = handEvs(rules, fullShoe(6), [10, 6], 10, { isSplitHand: false, handsAtSpot: 1 });
      expect(entry).toMatchObject({ kind: 'decision', source: 'table', hand: [10, 6], upcard: 10, chosen: 'stand', best: 'hit', bet: 100 });
      if (entry?.kind !== 'decision') throw new Error('a decision');
      expect(entry.evCost).toBeCloseTo(((evs.hit as number) - (evs.stand as number)) * 100, 2);
      const row = await sql<{ correct: boolean; ev_cost_credits: number }>`
        select correct, ev_cost_credits from play_record where user_id = ${p.id} and kind = 'decision'`.execute(t.db.kysely);
      expect(row.rows).toEqual([{ correct: false, ev_cost_credits: entry.evCost }]);
    });

    it("grades with the coach's standard the player set: index plays on, 16 v 10 at a true count of 0 or more stands", async () => {
      // One deck; a first round of small cards pushes the Hi-Lo count up (+7), then 10,6 v 10.
      const { p, table } = await seat(['2', '3', '4', '5', '6', '2', '3', '10', '10', '6', '7', '5'], { numDecks: 1 });
      await table.act({ type: 'setTraining', settings: { indexPlays: true } });
      expect(table.snapshot().training.settings).toEqual({ indexPlays: true, countChecks: 'random', testMode: false, betRamp: null, showRampBet: false });
      await table.act({ type: 'deal' });
      await table.act({ type: 'stand' });
      await table.act({ type: 'bet', amount: 100, spot: 0 });
      const dealt = await table.act({ type: 'deal' });
      expect(dealt.state.playerHands[0]?.cards.map((c) => c.rank)).toEqual(['10', '6']);
      expect(dealt.state.trueCount).toBeGreaterThanOrEqual(0);
      await table.act({ type: 'stand' });
      await new RecordGrader(t.db, silent).drain();
      expect((await record(p, 'decision')).at(-1)).toMatchObject({ hand: [10, 6], chosen: 'stand', best: 'stand' });
    });

    it('insurance is a decision too, graded from the cards seen (the hole card still unseen)', async () => {
      const { p, table } = await seat(['10', 'A', '10', '9', '5'], { insuranceAllowed: true });
      const dealt = await table.act({ type: 'deal' });
      expect(dealt.state.gamePhase).toBe('insurance');
      const seen = dealt.state.deck?.seen ?? [];
      await table.act({ type: 'insurance', take: true });
      await new RecordGrader(t.db, silent).drain();
      const expected = gradeDecision(
        {
          rules: dealt.state.config,
          counting: dealt.state.counting,
          indexPlays: false,
          seen,
          hand: [10, 10],
          upcard: 1,
          fromSplit: false,
          splitAces: false,
          handsAtSpot: 1,
          runningCount: dealt.state.runningCount,
          trueCount: dealt.state.trueCount,
          chosen: 'insure',
          bet: 100,
        },
        computeStrategy(dealt.state.config).table,
      );
      expect(expected).toMatchObject({ best: 'noInsurance', correct: false });
      expect(await record(p, 'decision')).toMatchObject([{ chosen: 'insure', best: 'noInsurance', evCost: expected.evCost }]);
    });

    it('early surrender before the peek is a decision (decision record 0050): declining 16 v 10 is graded against surrendering, before the peek', async () => {
      const { p, table } = await seat(['10', '10', '6', '7', '5'], { earlySurrender: 'vs10' });
      const dealt = await table.act({ type: 'deal' });
      expect(dealt.state.gamePhase).toBe('surrender');
      await table.act({ type: 'earlySurrender', take: false });
      await new RecordGrader(t.db, silent).drain();
      const rules = parseRules({ numDecks: 6, surrenderAllowed: false, earlySurrender: 'vs10' });
      const before = handEvs(rules, fullShoe(6), [10, 6], 10, { beforePeek: true });
      const [entry] = await record(p, 'decision');
      expect(entry).toMatchObject({ hand: [10, 6], upcard: 10, chosen: 'noSurrender', best: 'surrender', bet: 100 });
      if (entry?.kind !== 'decision') throw new Error('a decision');
      expect(entry.evCost).toBeCloseTo((-0.5 - (before.hit as number)) * 100, 2);
    });

    it('even money at 6:5 is graded by its own gain (decision record 0050): declining a natural against an ace is wrong', async () => {
      const { p, table } = await seat(['A', 'A', 'K', '9', '5'], { insuranceAllowed: true, blackjackPays: 1.2 });
      const dealt = await table.act({ type: 'deal' });
      expect(dealt.state.gamePhase).toBe('insurance');
      await table.act({ type: 'insurance', take: false });
      await new RecordGrader(t.db, silent).drain();
      // Seen: A, A, K; unseen 309 cards, 95 tens: taking gains 1 - 1.2 (1 - 95/309) per unit.
      const gain = 1 - 1.2 * (1 - 95 / 309);
      const [entry] = await record(p, 'decision');
      expect(entry).toMatchObject({ chosen: 'noInsurance', best: 'insure', bet: 100 });
      if (entry?.kind !== 'decision') throw new Error('a decision');
      expect(entry.evCost).toBeCloseTo(gain * 100, 2);
    });

    it('a refused play records nothing; bets and deals are no decisions', async () => {
      const { p, table } = await seat(['10', '10', '6', '7', '5']);
      await table.act({ type: 'deal' });
      expect((await table.post({ type: 'split' })).statusCode).toBe(409);
      await new RecordGrader(t.db, silent).drain();
      const rows = await sql<{ n: number }>`select count(*)::int as n from play_record where user_id = ${p.id}`.execute(t.db.kysely);
      expect(rows.rows[0]?.n).toBe(0);
    });

    it('the skill board ranks the graded table decisions', async () => {
      const { p, table } = await seat(['10', '10', '6', '7', '5']);
      await sql`update profiles set show_on_leaderboard = true where user_id = ${p.id}`.execute(t.db.kysely);
      await table.act({ type: 'deal' });
      await table.act({ type: 'hit' });
      await new RecordGrader(t.db, silent).drain();
      // One decision is below the board's minimum: the row is there, the rank is not (yet).
      const skill = SkillPageSchema.parse((await p.call('GET', '/api/leaderboard/skill')).json());
      expect(skill.userRank).toBeNull();
      const graded = await sql<{ n: number }>`select count(*)::int as n from play_record
        where user_id = ${p.id} and source = 'table' and graded and kind = 'decision' and correct`.execute(t.db.kysely);
      expect(graded.rows[0]?.n).toBe(1);
    });
  });

  describe('count checks', () => {
    /** Plays the stacked round to its end by standing; answers the table after it. */
    async function playRound(table: TableClient): Promise<TableSnapshot> {
      let s = await table.act({ type: 'deal' });
      for (let i = 0; i < 10 && s.state.gamePhase === 'playing'; i++) s = await table.act({ type: 'stand' });
      expect(s.state.gamePhase).toBe('roundOver');
      return s;
    }

    it('is asked by the server after a round, graded against its count, and pays once (the count hidden: test mode)', async () => {
      draw = 0; // ask after every round
      const { p, table } = await seat(['10', '10', '9', '7', '5']);
      // Only a check asked while the count is hidden pays (ADR 0044); whole decks, floor.
      await table.act({ type: 'setTraining', settings: { testMode: true } });
      await table.act({ type: 'setCounting', counting: { system: 'hi-lo', resolution: 'full', rounding: 'floor' } });
      const s = await playRound(table);
      const ask = s.training.countCheck;
      expect(ask).toMatchObject({ asked: 'runningAndTrueCount' });
      // The answer stays on the server: the open check carries only its id and what is asked.
      expect(Object.keys(ask ?? {}).sort()).toEqual(['asked', 'id']);
      // 10, 10, 9 and the hole 7 seen: Hi-Lo -2; 308 cards left, 6 whole decks: -2 / 6 floored, -1.
      const count = { answer: -2, trueCount: -1 };
      const before = (await ledgerSum(t.db.kysely, p.id)).sum;
      const actionId = 'count-check-answer-0001';
      const answer = await table.post({ type: 'countCheck', id: ask!.id, ...count }, { actionId });
      expect(answer.statusCode, answer.body).toBe(200);
      const after = table.snapshot();
      expect(after.training.countCheck).toBeNull();
      expect(after.training.lastCountCheck).toEqual({
        id: ask!.id,
        asked: 'runningAndTrueCount',
        answered: -2,
        expected: -2,
        trueCount: { answered: -1, expected: -1, correct: true },
        correct: true,
      });
      // The first correct check: the Keeping count achievement (500), paid with the answer.
      expect(after.state.balance).toBe(before + 500);
      expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(before + 500);
      // A retry answers the same and pays nothing more; a second answer finds no open check.
      const retry = await table.post({ type: 'countCheck', id: ask!.id, ...count }, { actionId, version: s.version });
      expect(retry.json()).toEqual(answer.json());
      const again = await table.post({ type: 'countCheck', id: ask!.id, ...count });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { code: 'TABLE_ACTION_REFUSED', details: { reason: 'NO_COUNT_CHECK' } } });
      expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(before + 500);
      expect(await record(p, 'countCheck')).toMatchObject([{ entryId: ask!.id, source: 'table', expected: -2, answered: -2 }]);
      draw = 0.99;
    });

    it('a wrong answer is recorded wrong and pays nothing; an unanswered check lapses at the next deal', async () => {
      draw = 0;
      const { p, table } = await seat(['10', '10', '9', '7', '5', '4', '8', '3', '2', '9', '9']);
      const s = await playRound(table);
      const balance = s.state.balance;
      await table.act({ type: 'countCheck', id: s.training.countCheck!.id, answer: s.state.runningCount + 1 });
      expect(table.snapshot().training.lastCountCheck).toMatchObject({ correct: false });
      expect(table.snapshot().state.balance).toBe(balance);
      // The next round asks again; dealing before answering lets it lapse.
      await table.act({ type: 'bet', amount: 100, spot: 0 });
      const s2 = await playRound(table);
      const lapsed = s2.training.countCheck!.id;
      await table.act({ type: 'bet', amount: 100, spot: 0 });
      await table.act({ type: 'deal' });
      expect(table.snapshot().training.countCheck).toBeNull();
      const late = await table.post({ type: 'countCheck', id: lapsed, answer: 0 });
      expect(late.statusCode).toBe(409);
      expect(await record(p, 'countCheck')).toMatchObject([{ answered: s.state.runningCount + 1, expected: s.state.runningCount }]);
      draw = 0.99;
    });

    it("'off' never asks; 'shoeEnd' asks only once the shoe is at its shuffle point", async () => {
      draw = 0;
      const { table } = await seat(['10', '10', '9', '7', '5']);
      await table.act({ type: 'setTraining', settings: { countChecks: 'off' } });
      expect((await playRound(table)).training.countCheck).toBeNull();
      await table.act({ type: 'setTraining', settings: { countChecks: 'shoeEnd' } });
      await table.act({ type: 'bet', amount: 100, spot: 0 });
      expect((await playRound(table)).training.countCheck).toBeNull(); // six decks, far from the cut card
      draw = 0.99;
      // One deck dealt past its shuffle point asks at the end of the round, draw or not:
      // 2,3 v 10 hits 4 and 5, stands on 14; six cards dealt leave 46 of 52 (88%, under 90%).
      const { table: one } = await seat(['2', '10', '3', '7', '4', '5'], { numDecks: 1, shufflePoint: 0.9 });
      await one.act({ type: 'setTraining', settings: { countChecks: 'shoeEnd' } });
      await one.act({ type: 'deal' });
      await one.act({ type: 'hit' });
      await one.act({ type: 'hit' });
      const end = await one.act({ type: 'stand' });
      expect(end.state.gamePhase).toBe('roundOver');
      expect(end.training.countCheck).not.toBeNull();
    });
  });
});
