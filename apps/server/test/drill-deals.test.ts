/**
 * Server-dealt drills (ADR 0027): the only drills that pay. The server deals a countdown from
 * its own shuffle and sends the cards but never their count; the answer is graded against the
 * cards it dealt and timed on its own clock (injected here), stored for progress and paid as
 * drill_finished in one transaction, once. A deal belongs to its player, expires, and a player
 * holds a bounded number of them.
 */
import {
  cardValue,
  countingSystemOf,
  runningCountOf,
  type Card,
  type CountingSystemId,
} from '@card-counter/engine';
import {
  COUNTDOWN_HELD_BACK_MAX,
  DRILL_ANSWER_TIME_MAX_ms,
  DRILL_DEALS_PER_USER_MAX,
  DrillDealSchema,
  DrillDealVerdictSchema,
  DrillsProgressSchema,
  ERRORS,
  ErrorBodySchema,
  INITIAL_CREDITS,
  REWARD_ACHIEVEMENT,
  XP,
  type DrillDeal,
  type ErrorCode,
} from '@card-counter/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

function expectError(res: LightMyRequestResponse, code: ErrorCode): void {
  const body = ErrorBodySchema.parse(res.json());
  expect(body.error.code, res.body).toBe(code);
  expect(res.statusCode).toBe(ERRORS[code].status);
}

/** What a player who counted every card would answer. */
function countOf(deal: DrillDeal): number {
  return runningCountOf(countingSystemOf(deal), deal.cards, deal.decks);
}

forEachDatabase('server-dealt drills', (t) => {
  let app: FastifyInstance;
  let now_ms = Date.parse('2026-04-01T10:00:00.000Z');
  const advance = (ms: number) => {
    now_ms += ms;
  };
  beforeAll(async () => {
    app = await buildTestApp(t.db, { clock: () => new Date(now_ms) });
  });
  afterAll(async () => {
    await app.close();
  });

  async function deal(p: Player, decks = 1, system: CountingSystemId = 'hi-lo', perFlash = 1): Promise<DrillDeal> {
    const res = await p.call('POST', '/api/me/drills/deals', { drill: 'runningCount', decks, perFlash, system });
    expect(res.statusCode, res.body).toBe(200);
    return DrillDealSchema.parse(res.json());
  }
  const answer = (p: Player, dealId: string, runningCount: number) =>
    p.call('POST', `/api/me/drills/deals/${dealId}/answer`, { runningCount });

  /** Everything a drill can pay into: balance, experience and counters, achievements. */
  async function paidOf(p: Player) {
    const me = (await p.call('GET', '/api/me')).json() as { credits: number };
    const progress = (await p.call('GET', '/api/me/progress')).json() as {
      xp: number;
      achievements: { id: string; unlockedAt: string | null }[];
    };
    const counters = await t.db.kysely
      .selectFrom('reward_progress')
      .select(['metric', 'value'])
      .where('user_id', '=', p.id)
      .orderBy('metric')
      .execute();
    return {
      credits: me.credits,
      xp: progress.xp,
      unlocked: progress.achievements.filter((a) => a.unlockedAt !== null).map((a) => a.id),
      counters: Object.fromEntries(counters.map((c) => [c.metric, Number(c.value)])),
    };
  }
  async function countdownAnswers(p: Player) {
    const progress = DrillsProgressSchema.parse((await p.call('GET', '/api/me/drills')).json());
    return progress.drills.find((d) => d.drill === 'runningCount');
  }

  it('deals the cards of full shuffled decks less a few held back, and never their count', async () => {
    const p = await signUpPlayer(app, 'deal-cards');
    for (const [decks, system] of [
      [1, 'hi-lo'],
      [2, 'ko'],
      [6, 'wong-halves'],
    ] as const) {
      const res = await p.call('POST', '/api/me/drills/deals', { drill: 'runningCount', decks, perFlash: 2, system });
      expect(res.statusCode).toBe(200);
      // Exactly the contract's fields: cards and what was asked, no count, no held-back cards.
      expect(Object.keys(res.json() as object).sort()).toEqual(
        ['cards', 'decks', 'dealId', 'dealtAt', 'drill', 'expiresAt', 'item', 'perFlash', 'system'].sort(),
      );
      const d = DrillDealSchema.parse(res.json());
      expect(d).toMatchObject({ drill: 'runningCount', item: `rc:${decks}d:2c`, decks, perFlash: 2, system });
      expect(d.dealtAt).toBe(new Date(now_ms).toISOString());
      expect(Date.parse(d.expiresAt) - Date.parse(d.dealtAt)).toBe(DRILL_ANSWER_TIME_MAX_ms);
      expect(d.cards.length).toBeGreaterThanOrEqual(decks * 52 - COUNTDOWN_HELD_BACK_MAX);
      expect(d.cards.length).toBeLessThan(decks * 52);
      // No card appears more often than the decks hold it.
      const seen = new Map<string, number>();
      for (const c of d.cards) seen.set(`${c.rank}${c.suit}`, (seen.get(`${c.rank}${c.suit}`) ?? 0) + 1);
      expect(Math.max(...seen.values())).toBeLessThanOrEqual(decks);
      // What the server keeps: the same cards, and their count with the system's initial count.
      const row = await t.db.kysely
        .selectFrom('drill_deal')
        .select(['cards', 'expected_count', 'counting_system', 'answered_at'])
        .where('id', '=', d.dealId)
        .executeTakeFirstOrThrow();
      expect(row.counting_system).toBe(system);
      expect(row.answered_at).toBeNull();
      expect(Number(row.expected_count)).toBe(countOf(d));
    }
    // Shuffled: two one-deck deals in the same order would be a 1 in 52! coincidence.
    const a = await deal(p);
    const b = await deal(p);
    expect(a.cards.slice(0, 20)).not.toEqual(b.cards.slice(0, 20));
    // Not a sorted deck either: some card is followed by one of a lower value.
    expect(a.cards.some((c, i) => i > 0 && cardValue(c) < cardValue(a.cards[i - 1] as Card))).toBe(true);
  });

  it('a correct answer within the target pays drill_finished once; a retry answers the same and pays nothing more', async () => {
    const p = await signUpPlayer(app, 'deal-right');
    const before = await paidOf(p);
    const d = await deal(p);
    advance(30_000);
    const res = await answer(p, d.dealId, countOf(d));
    expect(res.statusCode, res.body).toBe(200);
    const verdict = DrillDealVerdictSchema.parse(res.json());
    expect(verdict).toEqual({
      dealId: d.dealId,
      item: 'rc:1d:1c',
      correct: true,
      expected: countOf(d),
      answered: countOf(d),
      time_ms: 30_000,
      target_ms: 45_000,
      answeredAt: new Date(now_ms).toISOString(),
    });
    const after = await paidOf(p);
    expect(after.xp - before.xp).toBe(XP.drillFinished + XP.drillUnderTarget);
    expect(after.counters).toMatchObject({ drills_finished: 1, drills_under_target: 1 });
    expect(after.unlocked).toContain('drill_under_target');
    expect(after.credits).toBe(INITIAL_CREDITS + REWARD_ACHIEVEMENT);
    expect(await countdownAnswers(p)).toMatchObject({ answers: 1, correct: 1, medianTime_ms: 30_000 });

    // The same answer again (a lost response retried), later: the same verdict, nothing paid.
    advance(5_000);
    const retry = await answer(p, d.dealId, countOf(d));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(verdict);
    // Another answer to an answered deal is refused; the first stands.
    expectError(await answer(p, d.dealId, countOf(d) + 1), 'DRILL_DEAL_ANSWERED');
    expect(await paidOf(p)).toEqual(after);
    expect(await countdownAnswers(p)).toMatchObject({ answers: 1, correct: 1 });
  });

  it('two answers of one deal at once are graded and paid once', async () => {
    const p = await signUpPlayer(app, 'deal-race');
    const d = await deal(p);
    advance(20_000);
    const [x, y] = await Promise.all([answer(p, d.dealId, countOf(d)), answer(p, d.dealId, countOf(d))]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json()).toEqual(y.json());
    expect((await paidOf(p)).counters).toMatchObject({ drills_finished: 1, drills_under_target: 1 });
    expect((await countdownAnswers(p))?.answers).toBe(1);
  });

  it('a wrong answer pays only as a wrong drill: finished, no speed reward', async () => {
    const p = await signUpPlayer(app, 'deal-wrong');
    const before = await paidOf(p);
    const d = await deal(p, 2, 'ko');
    // Past the pace floor (about 100 flashes of 150 ms: ADR 0044), far under the target.
    advance(20_000);
    const res = await answer(p, d.dealId, countOf(d) + 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ correct: false, expected: countOf(d), answered: countOf(d) + 1, time_ms: 20_000, target_ms: 90_000 });
    const after = await paidOf(p);
    expect(after.xp - before.xp).toBe(XP.drillFinished);
    expect(after.counters).toMatchObject({ drills_finished: 1 });
    expect(after.counters.drills_under_target ?? 0).toBe(0);
    expect(after.unlocked).not.toContain('drill_under_target');
    expect(after.credits).toBe(before.credits);
    expect(await countdownAnswers(p)).toMatchObject({ answers: 1, correct: 0 });
  });

  it("the time is the server's: from the deal to the answer's arrival, whatever the browser says", async () => {
    const p = await signUpPlayer(app, 'deal-time');
    const d = await deal(p);
    advance(50_000);
    // The body has no place for a time or a verdict.
    expectError(
      await p.call('POST', `/api/me/drills/deals/${d.dealId}/answer`, { runningCount: countOf(d), time_ms: 1, correct: true }),
      'VALIDATION_FAILED',
    );
    const res = await answer(p, d.dealId, countOf(d));
    expect(res.json()).toMatchObject({ correct: true, time_ms: 50_000, target_ms: 45_000 });
    const paid = await paidOf(p);
    // Right but slower than 45 s a deck: finished, not under target.
    expect(paid.xp).toBe(XP.drillFinished);
    expect(paid.unlocked).not.toContain('drill_under_target');
  });

  it("another player's deal is 404 to them and stays the owner's to answer", async () => {
    const owner = await signUpPlayer(app, 'deal-owner');
    const other = await signUpPlayer(app, 'deal-other');
    const d = await deal(owner);
    advance(1_000);
    const res = await answer(other, d.dealId, countOf(d));
    expectError(res, 'NOT_FOUND');
    expect((await paidOf(other)).xp).toBe(0);
    expect((await countdownAnswers(other))?.answers).toBe(0);
    expect((await answer(owner, d.dealId, countOf(d))).statusCode).toBe(200);
    // A deal id never dealt is the same 404.
    expectError(await answer(owner, '00000000-0000-4000-8000-000000000000', 0), 'NOT_FOUND');
  });

  it('a deal expires DRILL_ANSWER_TIME_MAX_ms after it was dealt: refused, nothing stored or paid', async () => {
    const p = await signUpPlayer(app, 'deal-expiry');
    const late = await deal(p);
    const edge = await deal(p);
    advance(DRILL_ANSWER_TIME_MAX_ms);
    const onTime = await answer(p, edge.dealId, countOf(edge));
    expect(onTime.statusCode).toBe(200);
    expect(onTime.json()).toMatchObject({ time_ms: DRILL_ANSWER_TIME_MAX_ms });
    const paid = await paidOf(p);
    advance(1);
    expectError(await answer(p, late.dealId, countOf(late)), 'DRILL_DEAL_EXPIRED');
    expect(await paidOf(p)).toEqual(paid);
    expect((await countdownAnswers(p))?.answers).toBe(1);
    // An answered deal keeps its verdict for a retry after it would have expired.
    expect((await answer(p, edge.dealId, countOf(edge))).statusCode).toBe(200);
  });

  it(`a player holds at most ${DRILL_DEALS_PER_USER_MAX} deals: a new one drops the oldest`, async () => {
    const p = await signUpPlayer(app, 'deal-bound');
    const other = await signUpPlayer(app, 'deal-bound-other');
    const kept = await deal(other);
    const deals: DrillDeal[] = [];
    for (let i = 0; i < DRILL_DEALS_PER_USER_MAX + 2; i++) {
      deals.push(await deal(p));
      advance(1_000);
    }
    const rows = await t.db.kysely.selectFrom('drill_deal').select('id').where('user_id', '=', p.id).execute();
    expect(rows.map((r) => r.id).sort()).toEqual(deals.slice(2).map((d) => d.dealId).sort());
    for (const gone of deals.slice(0, 2)) expectError(await answer(p, gone.dealId, countOf(gone)), 'NOT_FOUND');
    const oldestKept = deals[2] as DrillDeal;
    expect((await answer(p, oldestKept.dealId, countOf(oldestKept))).statusCode).toBe(200);
    // Another player's deals are not theirs to drop.
    expect((await answer(other, kept.dealId, countOf(kept))).statusCode).toBe(200);
  });

  it('refuses bad deals and answers with 400 VALIDATION_FAILED and keeps nothing', async () => {
    const p = await signUpPlayer(app, 'deal-bad');
    const good = { drill: 'runningCount', decks: 1, perFlash: 1, system: 'hi-lo' };
    for (const body of [
      {},
      { ...good, decks: 0 },
      { ...good, decks: 9 },
      { ...good, decks: 1.5 },
      { ...good, perFlash: 4 },
      { ...good, system: 'made-up' },
      { ...good, drill: 'basicStrategy' },
      { ...good, cards: [] },
    ]) {
      expectError(await p.call('POST', '/api/me/drills/deals', body), 'VALIDATION_FAILED');
    }
    // A forged request from another site (CSRF guard, like every POST) deals nothing either.
    const forged = await app.inject({
      method: 'POST',
      url: '/api/me/drills/deals',
      headers: { origin: 'http://evil.example', cookie: p.cookie(), 'content-type': 'application/json' },
      payload: JSON.stringify(good),
    });
    expectError(forged, 'ORIGIN_NOT_TRUSTED');
    expect(await t.db.kysely.selectFrom('drill_deal').select('id').where('user_id', '=', p.id).execute()).toEqual([]);
    const d = await deal(p);
    for (const body of [{}, { runningCount: '3' }, { runningCount: 1e9 }, { runningCount: 1, extra: 1 }]) {
      expectError(await p.call('POST', `/api/me/drills/deals/${d.dealId}/answer`, body), 'VALIDATION_FAILED');
    }
    expectError(await answer(p, 'not-a-uuid', 0), 'VALIDATION_FAILED');
    // Still open: nothing above answered it.
    expect((await answer(p, d.dealId, countOf(d))).statusCode).toBe(200);
  });
});
