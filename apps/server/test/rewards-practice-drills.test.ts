/**
 * Server-dealt drills pay only at a pace a person plays, within a daily bound, in a count that
 * needs counting (ADR 0044, docs/rewards.md). The ways in of issue 35 item 4, replayed: a script
 * finishing 30 drills in 1.9 s, five deals answered together, a day of drills past the bound,
 * and a custom count {A:+1} answered "the most likely value" without looking. Every verdict is
 * still graded; what pays is read from the ledger (balance = sum of the ledger).
 */
import { COUNTING_SYSTEMS, countingSystemOf, runningCountOf, type CountingSystemId } from '@card-counter/engine';
import {
  DRILL_FLASH_MIN_ms,
  DRILLS_PAID_PER_DAY_MAX,
  DrillDealSchema,
  DrillDealVerdictSchema,
  GUESSABLE_COUNT_SHARE_MAX,
  REWARD_ACHIEVEMENT,
  REWARD_LEVEL_UP,
  XP,
  type DrillDeal,
  type DrillDealVerdict,
} from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { drillMinTime_ms, guessShare } from '../src/modules/rewards/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

/** {A:+1}, everything else 0: the count of issue 35 that is right 13 times in 20 by answering "4". */
const ACES_ONLY = { tags: { A: 1, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0, '7': 0, '8': 0, '9': 0, T: 0 }, irc: 0, key: 4, pivot: 4 };

describe('a count that needs no counting (exact guess share, one deck, 1-5 held back)', () => {
  it('every built-in count needs counting; {A:+1} does not', () => {
    const shares = Object.fromEntries(Object.keys(COUNTING_SYSTEMS).map((id) => [id, guessShare({ system: id as CountingSystemId })]));
    // The figures ADR 0044 states (3 decimals): KO, the least spread, is the highest.
    expect(Object.fromEntries(Object.entries(shares).map(([id, s]) => [id, Math.round(s * 1000) / 1000]))).toEqual({
      'hi-lo': 0.28,
      ko: 0.315,
      'hi-opt-1': 0.297,
      'hi-opt-2': 0.185,
      'omega-2': 0.18,
      zen: 0.18,
      'wong-halves': 0.189,
      'red-7': 0.295,
    });
    for (const share of Object.values(shares)) expect(share).toBeLessThanOrEqual(GUESSABLE_COUNT_SHARE_MAX);
    expect(guessShare({ system: 'custom', custom: ACES_ONLY })).toBeCloseTo(0.787, 3);
    // Exact: one card held back is an ace 1 time in 13, so "no ace" is right 12 times in 13.
    expect(guessShare({ system: 'custom', custom: ACES_ONLY })).toBeGreaterThan(GUESSABLE_COUNT_SHARE_MAX);
    // A custom count equal to Hi-Lo is Hi-Lo here too.
    const hiLo = { tags: { A: -1, '2': 1, '3': 1, '4': 1, '5': 1, '6': 1, '7': 0, '8': 0, '9': 0, T: -1 } };
    expect(guessShare({ system: 'custom', custom: hiLo })).toBe(shares['hi-lo']);
  });

  it('the pace floor is 150 ms a flash: one deck one card at a time needs 7.05 to 7.65 s', () => {
    expect(DRILL_FLASH_MIN_ms).toBe(150);
    expect(drillMinTime_ms(47, 1)).toBe(7050);
    expect(drillMinTime_ms(51, 1)).toBe(7650);
    expect(drillMinTime_ms(51, 3)).toBe(17 * 150);
    expect(drillMinTime_ms(415, 2)).toBe(208 * 150);
  });
});

forEachDatabase('drills pay at a human pace', (t) => {
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

  async function deal(p: Player, system: CountingSystemId | 'custom' = 'hi-lo', perFlash = 1): Promise<DrillDeal> {
    const body = { drill: 'runningCount', decks: 1, perFlash, system, ...(system === 'custom' ? { custom: ACES_ONLY } : {}) };
    const res = await p.call('POST', '/api/me/drills/deals', body);
    expect(res.statusCode, res.body).toBe(200);
    return DrillDealSchema.parse(res.json());
  }
  async function answer(p: Player, d: DrillDeal, runningCount = countOf(d)): Promise<DrillDealVerdict> {
    const res = await p.call('POST', `/api/me/drills/deals/${d.dealId}/answer`, { runningCount });
    expect(res.statusCode, res.body).toBe(200);
    return DrillDealVerdictSchema.parse(res.json());
  }
  /** What a script that reads the cards off the wire answers: always right. */
  const countOf = (d: DrillDeal) => runningCountOf(countingSystemOf(d), d.cards, d.decks);

  /** Rewards paid (the ledger's reward rows), experience, and the balance checked against the ledger. */
  async function paid(p: Player): Promise<{ rewards: number; xp: number; balance: number }> {
    const me = (await p.call('GET', '/api/me')).json() as { credits: number };
    const { sum } = await ledgerSum(t.db.kysely, p.id);
    expect(me.credits).toBe(sum);
    const rows = await t.db.kysely
      .selectFrom('credit_transactions')
      .select(['amount'])
      .where('user_id', '=', p.id)
      .where('type', '=', 'reward')
      .execute();
    const progress = (await p.call('GET', '/api/me/progress')).json() as { xp: number };
    return { rewards: rows.reduce((a, r) => a + Number(r.amount), 0), xp: progress.xp, balance: sum };
  }

  it('a script finishing 30 drills in 1.9 s is graded right every time and paid nothing', async () => {
    const p = await signUpPlayer(app, 'pace-script');
    const before = await paid(p);
    for (let i = 0; i < 30; i++) {
      const d = await deal(p);
      advance(63); // 30 x 63 ms = 1.9 s
      const v = await answer(p, d);
      expect(v).toMatchObject({ correct: true, time_ms: 63, practice: 'tooFast' });
    }
    expect(await paid(p)).toEqual(before);
    const counters = await t.db.kysely.selectFrom('reward_progress').select('metric').where('user_id', '=', p.id).execute();
    expect(counters.map((c) => c.metric).filter((m) => m.startsWith('drill'))).toEqual([]);
    // What the pace allows: the next one, answered after its cards could all have been shown, pays.
    const d = await deal(p);
    advance(drillMinTime_ms(d.cards.length, 1));
    const v = await answer(p, d);
    expect(v.practice).toBeUndefined();
    expect(await paid(p)).toEqual({
      rewards: REWARD_ACHIEVEMENT,
      xp: XP.drillFinished + XP.drillUnderTarget,
      balance: before.balance + REWARD_ACHIEVEMENT,
    });
  });

  it('five deals answered together pay one: a person counts one countdown at a time', async () => {
    const p = await signUpPlayer(app, 'pace-parallel');
    const deals: DrillDeal[] = [];
    for (let i = 0; i < 5; i++) deals.push(await deal(p, 'hi-lo', 3));
    advance(8_000);
    const verdicts: DrillDealVerdict[] = [];
    for (const d of deals) verdicts.push(await answer(p, d));
    expect(verdicts.map((v) => v.practice ?? 'paid')).toEqual(['paid', 'tooFast', 'tooFast', 'tooFast', 'tooFast']);
    expect(verdicts.every((v) => v.correct)).toBe(true);
    expect((await paid(p)).xp).toBe(XP.drillFinished + XP.drillUnderTarget);
    // The next deal's counting time starts at the last paid answer, not at its own deal.
    const late = await deal(p, 'hi-lo', 3);
    advance(drillMinTime_ms(late.cards.length, 3));
    expect((await answer(p, late)).practice).toBeUndefined();
    expect((await paid(p)).xp).toBe(2 * (XP.drillFinished + XP.drillUnderTarget));
  });

  it(`at most ${DRILLS_PAID_PER_DAY_MAX} drills pay a UTC day; a retry pays nothing again; the next day pays`, async () => {
    now_ms = Date.parse('2026-04-02T08:00:00.000Z');
    const p = await signUpPlayer(app, 'pace-daily');
    const start = await paid(p);
    let lastPaid: { d: DrillDeal; v: DrillDealVerdict } | null = null;
    for (let i = 0; i < DRILLS_PAID_PER_DAY_MAX; i++) {
      const d = await deal(p);
      advance(10_000);
      const v = await answer(p, d);
      expect(v.practice).toBeUndefined();
      lastPaid = { d, v };
    }
    // 20 right drills within 45 s: 400 experience (levels 2 and 3) and the speed achievement.
    const bound = (XP.drillFinished + XP.drillUnderTarget) * DRILLS_PAID_PER_DAY_MAX;
    const day = { rewards: REWARD_ACHIEVEMENT + 2 * REWARD_LEVEL_UP, xp: bound, balance: start.balance + REWARD_ACHIEVEMENT + 2 * REWARD_LEVEL_UP };
    expect(await paid(p)).toEqual(day);
    const over = await deal(p);
    advance(10_000);
    const overVerdict = await answer(p, over);
    expect(overVerdict).toMatchObject({ correct: true, practice: 'dailyLimit' });
    expect(await paid(p)).toEqual(day);
    // Retries answer the stored verdicts and pay nothing, the paid one and the practice one alike.
    expect(await answer(p, lastPaid!.d)).toEqual(lastPaid!.v);
    expect(await answer(p, over)).toEqual(overVerdict);
    expect(await paid(p)).toEqual(day);
    // A new UTC day: drills pay again (and only this one more).
    now_ms = Date.parse('2026-04-03T00:00:01.000Z');
    const next = await deal(p);
    advance(10_000);
    expect((await answer(p, next)).practice).toBeUndefined();
    expect((await paid(p)).xp).toBe(bound + XP.drillFinished + XP.drillUnderTarget);
    // Still practice when retried on the new day: the verdict was decided once.
    expect(await answer(p, over)).toEqual(overVerdict);
  });

  it('a custom {A:+1} answered "the most likely value" without looking is often right and paid nothing; Hi-Lo, KO and Zen pay', async () => {
    const p = await signUpPlayer(app, 'guess-aces');
    const before = await paid(p);
    // One deck starts at the IRC 0; all four aces dealt unless one is held back: "4" is the guess.
    for (let i = 0; i < 12; i++) {
      const d = await deal(p, 'custom');
      advance(10_000);
      const v = await answer(p, d, 4);
      // Still graded against the cards dealt (right about 4 times in 5), but practice.
      expect(v).toMatchObject({ correct: countOf(d) === 4, expected: countOf(d), practice: 'countNeedsNoCounting' });
    }
    expect(await paid(p)).toEqual(before);
    for (const system of ['hi-lo', 'ko', 'zen'] as const) {
      const d = await deal(p, system);
      advance(10_000);
      expect((await answer(p, d)).practice).toBeUndefined();
    }
    expect((await paid(p)).xp).toBe(3 * (XP.drillFinished + XP.drillUnderTarget));
  });
});
