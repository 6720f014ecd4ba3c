/**
 * The lifetime record and the mistakes list (issue 26) are the server's: played through the
 * table's HTTP API from a stacked shoe, the figures equal what the rounds gave, and a wrong play
 * (hitting hard 18) is listed with its exact-EV cost. A browser's post counts nowhere.
 */
import { randomUUID } from 'node:crypto';
import { handEvs, knownComposition, parseRules } from '@card-counter/engine';
import { ErrorBodySchema, LifetimeSchema, MistakeRoundSchema, MistakesPageSchema, PlayHistorySchema, RecordPageSchema } from '@card-counter/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RecordGrader } from '../src/modules/record/index.ts';
import type { Player } from './support/players.ts';
import { tableSuite } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const silent = { warn: () => undefined, error: () => undefined };

/**
 * Three rounds of 100 (player, dealer up, player, hole, draws): 10,8 v 7 (hole 10) hits 18 (the
 * mistake), draws 2 and stands on 20 against 17: won. 10,9 v 10 (hole 10) stands: lost. 10,8
 * v 10 (hole 8) stands: pushed.
 */
const SHOE = ['10', '7', '8', '10', '2', '10', '10', '9', '10', '10', '10', '8', '8'];

forEachDatabase('lifetime record', (t) => {
  const suite = tableSuite(t, { countCheckRandom: () => 0.99 });

  async function get<T>(p: Player, url: string, schema: { parse(v: unknown): T }): Promise<T> {
    const res = await p.call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return schema.parse(res.json());
  }

  async function playThreeRounds(tag: string): Promise<Player> {
    const { p, table } = await suite.seat(tag, SHOE);
    await table.load();
    await table.act({ type: 'setConfig', rules: { numDecks: 6, surrenderAllowed: false } });
    const plays: (readonly ('hit' | 'stand')[])[] = [['hit', 'stand'], ['stand'], ['stand']];
    for (const round of plays) {
      await table.act({ type: 'bet', amount: 100, spot: 0 });
      await table.act({ type: 'deal' });
      for (const type of round) await table.act({ type });
      expect(table.snapshot().state.gamePhase).toBe('roundOver');
      await table.act({ type: 'newRound' });
    }
    await new RecordGrader(t.db, silent).drain();
    return p;
  }

  it('lifetime figures equal what the rounds gave, and the wrong play is in the mistakes list with its cost', async () => {
    const p = await playThreeRounds('lifetime');
    // A browser's post is history only: it must count in neither answer.
    const posted = await p.call('POST', '/api/me/record', {
      entries: [{ entryId: randomUUID(), kind: 'decision', at: new Date().toISOString(), hand: [10, 6], upcard: 10, trueCount: 0, chosen: 'stand', best: 'hit', evCost: 50, bet: 100 }],
    });
    expect(posted.statusCode, posted.body).toBe(200);

    const life = await get(p, '/api/me/lifetime', LifetimeSchema);
    expect(life.hands).toEqual({ played: 3, won: 1, lost: 1, pushed: 1 });
    expect(life.winRate).toBeCloseTo(1 / 3, 6);
    expect(life.netCredits).toBe(0);
    expect([life.biggestWin_credits, life.biggestLoss_credits, life.bestStreak, life.worstStreak]).toEqual([100, 100, 1, 1]);
    // Four plays graded (hit 18, stand 20, stand 19, stand 18); only the hit was wrong.
    expect(life.accuracy.plays).toEqual({ graded: 4, correct: 3 });
    expect(life.accuracy.insurance).toEqual({ graded: 0, correct: 0 });
    // No bet ramp set: the bets are not graded.
    expect(life.accuracy.bets).toEqual({ graded: 0, correct: 0 });
    expect(life.accuracy.countChecks).toEqual({ graded: 0, correct: 0 });

    const record = await get(p, '/api/me/record?kind=decision', RecordPageSchema);
    const hit = record.entries.find((e) => e.kind === 'decision' && e.source === 'table' && e.chosen === 'hit');
    if (hit?.kind !== 'decision') throw new Error('the hit on 18 is in the record');
    expect(hit.evCost).toBeGreaterThan(10);
    expect(life.givenAway_credits).toBeCloseTo(hit.evCost, 2);
    expect(life.cards_credits).toBeCloseTo(life.netCredits + hit.evCost, 2);
    const today = new Date().toISOString().slice(0, 10);
    expect(life.byDay.at(-1)).toMatchObject({ day: today, plays: { graded: 4, correct: 3 } });

    const plays = await get(p, '/api/me/mistakes?kind=play', MistakesPageSchema);
    expect(plays.total).toBe(1);
    expect(plays.mistakes[0]).toMatchObject({ kind: 'play', hand: [10, 8], handKind: 'hard', upcard: 7, chosen: 'hit', best: 'stand', bet_credits: 100 });
    const m = plays.mistakes[0];
    if (m?.kind !== 'play') throw new Error('a play');
    expect(m.cost_credits).toBeCloseTo(hit.evCost, 6);
    expect(m.costPercent).toBeCloseTo(hit.evCost, 1);
    // The cards seen before the hit: the player's 10 and 8 and the dealer's 7, never the hole card.
    expect(m.seen).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 0, 1]);

    expect((await get(p, '/api/me/mistakes?hand=hard', MistakesPageSchema)).total).toBe(1);
    expect((await get(p, '/api/me/mistakes?hand=soft', MistakesPageSchema)).total).toBe(0);
    expect((await get(p, '/api/me/mistakes?kind=countCheck', MistakesPageSchema)).total).toBe(0);
    // Newest first over every kind: no mistake comes from the browser's post (a stand on 16).
    const all = await get(p, '/api/me/mistakes', MistakesPageSchema);
    expect(all.mistakes.some((x) => x.kind === 'play' && x.chosen === 'stand')).toBe(false);
    const ids = all.mistakes.map((x) => Number(x.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page = await get(p, `/api/me/mistakes?offset=${all.total - 1}&limit=1`, MistakesPageSchema);
    expect(page.mistakes.map((x) => x.id)).toEqual([all.mistakes.at(-1)?.id]);
  });

  it('a mistake replays with its round: every decision of the round in order, with the facts it was graded from', async () => {
    const p = await playThreeRounds('replay');
    const [m] = (await get(p, '/api/me/mistakes?kind=play', MistakesPageSchema)).mistakes;
    if (m?.kind !== 'play') throw new Error('the hit on 18 is listed');
    const round = await get(p, `/api/me/mistakes/${m.id}/round`, MistakeRoundSchema);
    expect(round).toMatchObject({ mistakeId: m.id, wholeRound: true });
    // How it ended: the dealer's 7 and hole 10 stood on 17; the 20 won the 100.
    expect(round.end).toEqual({ dealer: [7, 10], dealerTotal: 17, hands: [{ cards: [10, 8, 2], outcome: 'win', net: 100 }], net: 100 });
    // The hit on 10,8 v 7 (wrong), then the stand on 20 after the 2 (right); not the next rounds' plays.
    expect(round.steps.map((s) => [s.hand, s.upcard, s.chosen, s.best, s.correct])).toEqual([
      [[10, 8], 7, 'hit', 'stand', false],
      [[10, 8, 2], 7, 'stand', 'stand', true],
    ]);
    expect(round.steps[0]).toMatchObject({ id: m.id, fromSplit: false, handsAtSpot: 1, bet_credits: 100, seen: [0, 0, 0, 0, 0, 0, 1, 1, 0, 1] });
    expect(round.steps[0]?.cost_credits).toBeCloseTo(m.cost_credits, 6);
    expect(round.steps[1]).toMatchObject({ cost_credits: 0, seen: [0, 1, 0, 0, 0, 0, 1, 1, 0, 1] });
    // The grade's EVs are the engine's exact ones from the step's facts (six decks, no surrender:
    // no surrender line), and the cost charged is the gap between the best and the chosen.
    const s0 = round.steps[0]!;
    const evs = handEvs(parseRules({ numDecks: 6, surrenderAllowed: false }), knownComposition(6, [0, ...s0.seen], [...s0.hand, s0.upcard]), s0.hand, s0.upcard);
    expect(s0.evs).toEqual({ stand: evs.stand, hit: evs.hit, double: evs.double });
    expect(((s0.evs?.stand ?? 0) - (s0.evs?.hit ?? 0)) * s0.bet_credits).toBeCloseTo(s0.cost_credits, 1);

    // Another player's mistake, a right play, or an id that is no row: 404 MISTAKE_NOT_FOUND.
    const other = (await suite.seat('replay-other')).p;
    const right = round.steps[1]?.id ?? '';
    for (const [who, id] of [[other, m.id], [p, right], [p, '999999999']] as const) {
      const res = await who.call('GET', `/api/me/mistakes/${id}/round`);
      expect(res.statusCode, res.body).toBe(404);
      expect(ErrorBodySchema.parse(res.json()).error.code).toBe('MISTAKE_NOT_FOUND');
    }
    const bad = await p.call('GET', '/api/me/mistakes/abc/round');
    expect([bad.statusCode, ErrorBodySchema.parse(bad.json()).error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('sessions and shoes, each with its figures; a span links to its own mistakes', async () => {
    const p = await playThreeRounds('history');
    const byShoe = await get(p, '/api/me/history?by=shoe', PlayHistorySchema);
    expect(byShoe.total).toBe(1);
    const [shoe] = byShoe.spans;
    expect(shoe).toMatchObject({ shoes: 1, plays: { graded: 4, correct: 3 }, insurance: { graded: 0, correct: 0 }, countChecks: { graded: 0, correct: 0 } });
    const [m] = (await get(p, '/api/me/mistakes?kind=play', MistakesPageSchema)).mistakes;
    expect(shoe?.givenAway_credits).toBeCloseTo(m?.kind === 'play' ? m.cost_credits : NaN, 2);
    expect((await get(p, `/api/me/mistakes?shoe=${shoe?.shoe}`, MistakesPageSchema)).total).toBe(1);
    expect((await get(p, `/api/me/mistakes?shoe=${'0'.repeat(64)}`, MistakesPageSchema)).total).toBe(0);

    // One session, until the first round's entries are moved two hours back: then two, newest first.
    expect((await get(p, '/api/me/history', PlayHistorySchema)).total).toBe(1);
    await sql`update play_record set at = at - interval '2 hours'
      where user_id = ${p.id} and id in (select id from play_record where user_id = ${p.id} order by id limit 2)`.execute(t.db.kysely);
    const sessions = await get(p, '/api/me/history?by=session', PlayHistorySchema);
    expect(sessions.total).toBe(2);
    expect(sessions.spans.map((s) => [s.plays, s.shoe])).toEqual([
      [{ graded: 2, correct: 2 }, null],
      [{ graded: 2, correct: 1 }, null],
    ]);
    const older = sessions.spans[1]!;
    expect(Date.parse(older.to)).toBeLessThan(Date.parse(sessions.spans[0]!.from) - 30 * 60_000);
    // The older session holds the hit on 18; the newer one none.
    const q = (s: typeof older) => `from=${encodeURIComponent(s.from)}&to=${encodeURIComponent(s.to)}`;
    expect((await get(p, `/api/me/mistakes?${q(older)}`, MistakesPageSchema)).total).toBe(1);
    expect((await get(p, `/api/me/mistakes?${q(sessions.spans[0]!)}`, MistakesPageSchema)).total).toBe(0);
    // Paging: one span a page, and past the end still says how many there are.
    const second = await get(p, '/api/me/history?by=session&offset=1&limit=1', PlayHistorySchema);
    expect([second.spans.length, second.total]).toEqual([1, 2]);
    expect(await get(p, '/api/me/history?offset=5', PlayHistorySchema)).toMatchObject({ spans: [], total: 2 });
    for (const bad of ['by=day', 'limit=0', 'limit=51', 'offset=-1']) {
      const res = await p.call('GET', `/api/me/history?${bad}`);
      expect([res.statusCode, ErrorBodySchema.parse(res.json()).error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it("in test mode the current shoe's wrong play waits for the shoe's end, as its report does (ADR 0031)", async () => {
    const { p, table } = await suite.seat('test-mode', SHOE);
    await table.load();
    await table.act({ type: 'setConfig', rules: { numDecks: 6, surrenderAllowed: false } });
    await table.act({ type: 'setTraining', settings: { testMode: true } });
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    await table.act({ type: 'deal' });
    await table.act({ type: 'hit' });
    await table.act({ type: 'stand' });
    await new RecordGrader(t.db, silent).drain();
    expect((await get(p, '/api/me/mistakes', MistakesPageSchema)).total).toBe(0);
    const held = await get(p, '/api/me/lifetime', LifetimeSchema);
    expect([held.accuracy.plays, held.givenAway_credits, held.hands.played]).toEqual([{ graded: 0, correct: 0 }, 0, 1]);
    // Out of test mode, the same graded row is listed.
    await table.act({ type: 'setTraining', settings: { testMode: false } });
    const shown = await get(p, '/api/me/mistakes', MistakesPageSchema);
    expect(shown.mistakes.map((m) => (m.kind === 'play' ? [m.chosen, m.hand] : m.kind))).toEqual([['hit', [10, 8]]]);
  });

  describe('bad queries', () => {
    let asker: Player | undefined;
    it.each(['kind=hand', 'hand=blackjack', 'limit=0', 'limit=101', 'offset=-1', 'other=1'])('%s is 400 VALIDATION_FAILED', async (q) => {
      asker ??= (await suite.seat('badq')).p;
      const p = asker;
      const res = await p.call('GET', `/api/me/mistakes?${q}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).error.code).toBe('VALIDATION_FAILED');
    });

    it('bug 39.6: the mistakes list is newest first in time order, whatever order the record was written in', async () => {
      const { p } = await suite.seat('order');
      const at = (min: number) => new Date(Date.UTC(2026, 11, 1, 12, min)).toISOString();
      // Written in id order 12:05, 12:00, 12:03 (a round's entries reach the record after a later check).
      for (const [min, expected] of [[5, 1], [0, 2], [3, 3]] as const)
        await sql`insert into play_record (user_id, entry_id, kind, correct, ev_cost_credits, bet_credits, entry, at, source, graded)
          values (${p.id}, ${randomUUID()}, 'countCheck', false, 0, 0, ${JSON.stringify({ at: at(min), expected, answered: expected + 1 })}::jsonb, ${at(min)}::timestamptz, 'table', true)`.execute(t.db.kysely);
      const list = await get(p, '/api/me/mistakes', MistakesPageSchema);
      expect(list.mistakes.map((m) => m.at)).toEqual([at(5), at(3), at(0)]);
    });

    it('bug 39.2: a bet graded before decision record 0058 with a negative cost is listed as giving nothing away', async () => {
      const { p } = await suite.seat('negbet');
      const now = new Date().toISOString();
      const entry = { at: now, trueCount: 4, bet: 400, rampBet: 200, verdict: 'over', diffUnits: 8, evCost: -1.13 };
      await sql`insert into play_record (user_id, entry_id, kind, correct, ev_cost_credits, bet_credits, entry, at, source, graded)
        values (${p.id}, ${randomUUID()}, 'bet', false, -1.13, 400, ${JSON.stringify(entry)}::jsonb, ${now}::timestamptz, 'table', true)`.execute(t.db.kysely);
      const [m] = (await get(p, '/api/me/mistakes?kind=bet', MistakesPageSchema)).mistakes;
      expect(m).toMatchObject({ kind: 'bet', verdict: 'over', cost_credits: 0, costPercent: 0 });
    });

    it("bug 39.10: every shoe of the record has its report, one beyond the table's last shoes too", async () => {
      const { p } = await suite.seat('oldshoe');
      const old = 'a'.repeat(64);
      const at = new Date(Date.UTC(2026, 10, 1, 12, 0)).toISOString();
      const facts = (roundStart: number) => JSON.stringify({ roundStart });
      for (const [roundStart, correct] of [[0, false], [0, true], [9, true]] as const)
        await sql`insert into play_record (user_id, entry_id, kind, correct, ev_cost_credits, bet_credits, entry, facts, at, source, graded, shoe)
          values (${p.id}, ${randomUUID()}, 'decision', ${correct}, ${correct ? 0.5 : 2}, 100, ${JSON.stringify({ at, hand: [10, 6], upcard: 10, trueCount: 0, chosen: 'stand', best: 'hit', evCost: 2, bet: 100 })}::jsonb,
            ${facts(roundStart)}::json, ${at}::timestamptz, 'table', true, ${old})`.execute(t.db.kysely);
      const res = await p.call('GET', `/api/table/report?shoe=${old}`);
      expect(res.statusCode, res.body).toBe(200);
      // Two rounds the record names; only the play the coach would change gives edge away (ADR 0059).
      expect(res.json()).toMatchObject({ scope: 'shoe', shoe: old, finished: true, rounds: 2, roundTime_ms: null, decisions: { graded: 3, errors: 1 }, edgeGiven: { credits: 2 } });
      expect((await p.call('GET', `/api/table/report?shoe=${'b'.repeat(64)}`)).statusCode).toBe(404);
    });

    it('a new account has an empty record, and no session is 401', async () => {
      const { p } = await suite.seat('fresh');
      const life = await get(p, '/api/me/lifetime', LifetimeSchema);
      expect(life.hands).toEqual({ played: 0, won: 0, lost: 0, pushed: 0 });
      expect(life.byDay).toEqual([]);
      const anon = await suite.app.inject({ method: 'GET', url: '/api/me/lifetime' });
      expect(anon.statusCode).toBe(401);
    });
  });
});
