/**
 * Bets graded by the count (ADR 0030): the player's bet ramp is a table training setting the
 * server validates and keeps; each deal records the round's bet with the count the server
 * dealt to, and the grader grades it against the ramp with the engine's advantage. The browser
 * can neither set a ramp the server refuses nor post a bet grade. Through the HTTP API, from
 * stacked shoes, on both databases.
 */
import { BET_RAMP_PRESETS, advantageBasis, computeStrategy, parseRules } from '@card-counter/engine';
import { RecordPageSchema, SKILL_MIN_DECISIONS, SkillPageSchema } from '@card-counter/shared';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RecordGrader } from '../src/modules/record/index.ts';
import type { Player } from './support/players.ts';
import { tableSuite, type TableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const silent = { warn: () => undefined, error: () => undefined };
const ONE_TO_EIGHT = { unit_credits: 25, steps: BET_RAMP_PRESETS['1-8'].map((s) => ({ ...s })) };

forEachDatabase('table bet grades', (t) => {
  const suite = tableSuite(t, { countCheckRandom: () => 0.99 });

  async function seat(top: string[]): Promise<{ p: Player; table: TableClient }> {
    const { p, table } = await suite.seat('bets', top);
    await table.load();
    await table.act({ type: 'setConfig', rules: { numDecks: 6, surrenderAllowed: false } });
    return { p, table };
  }

  async function bets(p: Player) {
    const res = await p.call('GET', '/api/me/record?kind=bet');
    expect(res.statusCode, res.body).toBe(200);
    return RecordPageSchema.parse(res.json()).entries;
  }

  describe('the ramp setting', () => {
    it('is kept by the server with the training settings', async () => {
      const { table } = await seat(['10', '10', '6', '7', '5']);
      const s = await table.act({ type: 'setTraining', settings: { betRamp: ONE_TO_EIGHT, showRampBet: true } });
      expect(s.training.settings).toEqual({ indexPlays: false, countChecks: 'random', testMode: false, betRamp: ONE_TO_EIGHT, showRampBet: true });
      // Another setting leaves the ramp as it is.
      const after = await table.act({ type: 'setTraining', settings: { indexPlays: true } });
      expect(after.training.settings.betRamp).toEqual(ONE_TO_EIGHT);
      expect((await table.load()).training.settings.betRamp).toEqual(ONE_TO_EIGHT);
    });

    const bad: [string, unknown][] = [
      ['RAMP_EMPTY', { unit_credits: 25, steps: [] }],
      ['RAMP_TOO_MANY_STEPS', { unit_credits: 25, steps: Array.from({ length: 31 }, (_, i) => ({ tc: i - 15, units: 1 })) }],
      ['RAMP_TC_OUT_OF_RANGE', { unit_credits: 25, steps: [{ tc: 21, units: 1 }] }],
      ['RAMP_TC_OUT_OF_RANGE', { unit_credits: 25, steps: [{ tc: 0.5, units: 1 }] }],
      ['RAMP_TC_REPEATED', { unit_credits: 25, steps: [{ tc: 1, units: 1 }, { tc: 1, units: 2 }] }],
      ['RAMP_UNITS_OUT_OF_RANGE', { unit_credits: 25, steps: [{ tc: 1, units: -1 }] }],
      ['RAMP_UNITS_OUT_OF_RANGE', { unit_credits: 25, steps: [{ tc: 1, units: 201 }] }],
      ['RAMP_UNIT_CREDITS_OUT_OF_LIMITS', { unit_credits: 5, steps: [{ tc: 1, units: 1 }] }],
      ['RAMP_UNIT_CREDITS_OUT_OF_LIMITS', { unit_credits: 5001, steps: [{ tc: 1, units: 1 }] }],
    ];
    it.each(bad)('a ramp with %s is refused with that code and changes nothing', async (code, ramp) => {
      const { table } = await seat(['10', '10', '6', '7', '5']);
      const before = table.snapshot();
      const res = await table.post({ type: 'setTraining', settings: { betRamp: ramp } } as never);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { error: { code: string; message: string } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toContain(code);
      const now = await table.load();
      expect(now.version).toBe(before.version);
      expect(now.training.settings.betRamp).toBeNull();
    });
  });

  describe('a bet graded at the deal', () => {
    it('8 units at a true count of 0 on a 1-8 ramp is over by 7 and costs 7 units times the house edge there', async () => {
      const { p, table } = await seat(['10', '10', '6', '7', '5']);
      await table.act({ type: 'setTraining', settings: { betRamp: ONE_TO_EIGHT } });
      await table.act({ type: 'bet', amount: 200, spot: 0 });
      expect(table.snapshot().state.trueCount).toBe(0);
      await table.act({ type: 'deal' });
      await table.act({ type: 'stand' });
      // Recorded with the deal, graded after it.
      expect(await bets(p)).toEqual([]);
      await new RecordGrader(t.db, silent).drain();
      const [entry, ...rest] = await bets(p);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ kind: 'bet', source: 'table', trueCount: 0, bet: 200, rampBet: 25, verdict: 'over', diffUnits: 7 });
      // A fresh shoe: the advantage is the exact edge off the top of these rules.
      const rules = parseRules({ numDecks: 6, surrenderAllowed: false });
      const edge = advantageBasis(rules, computeStrategy(rules).table).edge;
      if (entry?.kind !== 'bet') throw new Error('a bet');
      expect(entry.evCost).toBeGreaterThan(0);
      expect(entry.evCost).toBeCloseTo(175 * -edge, 2);
      const row = await sql<{ correct: boolean; ev_cost_credits: number; bet_credits: number }>`
        select correct, ev_cost_credits, bet_credits from play_record where user_id = ${p.id} and kind = 'bet'`.execute(t.db.kysely);
      expect(row.rows).toEqual([{ correct: false, ev_cost_credits: entry.evCost, bet_credits: 200 }]);
      // The record's default listing (the trainer's, the player model's) stays decisions and checks.
      const all = RecordPageSchema.parse((await p.call('GET', '/api/me/record')).json()).entries;
      expect(all.map((e) => e.kind)).toEqual(['decision']);
    }, 30_000);

    it('the ramp bet is right; without a ramp nothing is recorded for the bet', async () => {
      const { p, table } = await seat(['10', '10', '6', '7', '5', '10', '9', '7', '8', '5']);
      // A unit of 20: a bet the 3:2 table pays exactly (bets in steps of 2, decision record 0045).
      await table.act({ type: 'bet', amount: 20, spot: 0 });
      await table.act({ type: 'deal' });
      await table.act({ type: 'stand' });
      await table.act({ type: 'setTraining', settings: { betRamp: { ...ONE_TO_EIGHT, unit_credits: 20 } } });
      await table.act({ type: 'deal' });
      await table.act({ type: 'stand' });
      await new RecordGrader(t.db, silent).drain();
      const graded = await bets(p);
      expect(graded).toHaveLength(1);
      expect(graded[0]).toMatchObject({ verdict: 'right', diffUnits: 0, bet: 20, rampBet: 20 });
    }, 30_000);
  });

  describe('what a bet grade means (decision record 0058)', () => {
    it("bug 39.1: the shoe report of a shoe whose only off-ramp bet is an under-bet at a disadvantage answers, with nothing given away", async () => {
      const { p, table } = await seat(['10', '10', '6', '7', '5']);
      // Two units at every count; one unit bet at a true count of 0 (a disadvantage off the top).
      await table.act({ type: 'setTraining', settings: { betRamp: { unit_credits: 25, steps: [{ tc: 0, units: 2 }] } } });
      await table.act({ type: 'bet', amount: 26, spot: 0 });
      await table.act({ type: 'deal' });
      await table.act({ type: 'stand' });
      await new RecordGrader(t.db, silent).drain();
      const [entry] = await bets(p);
      expect(entry).toMatchObject({ kind: 'bet', verdict: 'under' });
      if (entry?.kind !== 'bet') throw new Error('a bet');
      // Off the ramp (less at risk than it plans), but no expectation given away: cost 0, never negative.
      expect(entry.evCost).toBe(0);
      const shoe = table.snapshot().state.deck?.commitment;
      for (const url of [`/api/table/report?shoe=${shoe}`, '/api/table/report']) {
        const res = await p.call('GET', url);
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as { betGrades: unknown }).betGrades).toEqual({ graded: 1, right: 0, cost_credits: 0 });
      }
      // A row graded before the rule (a negative cost) reads as nothing given away too.
      await sql`update play_record set ev_cost_credits = -0.13 where user_id = ${p.id} and kind = 'bet'`.execute(t.db.kysely);
      const old = await p.call('GET', `/api/table/report?shoe=${shoe}`);
      expect(old.statusCode, old.body).toBe(200);
      expect((old.json() as { betGrades: { cost_credits: number } }).betGrades.cost_credits).toBe(0);
    }, 30_000);
  });

  describe("the browser's word", () => {
    it('a posted bet grade is refused, and bet accuracy on the skill board is the server’s', async () => {
      const { p, table } = await seat(['10', '10', '6', '7', '5']);
      await sql`update profiles set show_on_leaderboard = true where user_id = ${p.id}`.execute(t.db.kysely);
      const fake = { entryId: randomUUID(), kind: 'bet', at: new Date().toISOString(), trueCount: 0, bet: 25, rampBet: 25, verdict: 'right', diffUnits: 0, evCost: 0 };
      const posted = await p.call('POST', '/api/me/record', { entries: [fake] });
      expect(posted.statusCode, posted.body).toBe(400);
      // Enough graded table decisions to be on the board (made here, not played: the board is the subject).
      const rows = Array.from({ length: SKILL_MIN_DECISIONS }, () => ({ entry_id: randomUUID() }));
      await sql`insert into play_record (user_id, entry_id, kind, correct, ev_cost_credits, bet_credits, entry, at, source, graded)
        select ${p.id}, r.entry_id, 'decision', true, 0, 100, '{}'::jsonb, now(), 'table', true
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(entry_id text)`.execute(t.db.kysely);
      const board = async () => SkillPageSchema.parse((await p.call('GET', '/api/leaderboard/skill')).json()).entries.find((e) => e.userId === p.id);
      expect(await board()).toMatchObject({ bets: 0, betAccuracy: null });
      await table.act({ type: 'setTraining', settings: { betRamp: ONE_TO_EIGHT } });
      await table.act({ type: 'bet', amount: 200, spot: 0 });
      await table.act({ type: 'deal' });
      await table.act({ type: 'hit' }); // 16 v 10: the right play, so play accuracy stays 1
      await new RecordGrader(t.db, silent).drain();
      expect(await board()).toMatchObject({ bets: 1, betAccuracy: 0, accuracy: 1 });
    }, 30_000);
  });
});
