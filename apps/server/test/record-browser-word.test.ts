/**
 * Regression: the record was the browser's word, and it paid. A new account posted 100 made-up
 * decisions (chosen = best, evCost 0, bet 5,000) and 100 made-up count checks (answered =
 * expected) without playing a hand: it ranked 1 on the skill board with 100% accuracy and its
 * balance rose from 10,000 to 13,500 (three count-check achievements and two level ups).
 * Now what a browser posts is history (source 'client'): it neither ranks nor pays (ADR 0028).
 */
import { randomUUID } from 'node:crypto';
import {
  INITIAL_CREDITS,
  RECORD_ENTRIES_PER_POST_MAX,
  SkillPageSchema,
  type RecordEntry,
} from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

const at = () => new Date().toISOString();

const madeUpDecision = (): RecordEntry => ({
  entryId: randomUUID(),
  kind: 'decision',
  at: at(),
  hand: [10, 6],
  upcard: 10,
  trueCount: 0,
  chosen: 'hit',
  best: 'hit',
  evCost: 0,
  bet: 5000,
});

const madeUpCheck = (): RecordEntry => ({
  entryId: randomUUID(),
  kind: 'countCheck',
  at: at(),
  asked: 'runningCount',
  expected: 4,
  answered: 4,
});

forEachDatabase('the record is not the browser’s word', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('made-up record entries posted by a signed-in player change neither the skill board nor the balance', async () => {
    const p = await signUpPlayer(app, 'made-up', 'Made Up');
    await p.call('PATCH', '/api/me', { showOnLeaderboard: true });
    const counters = async () =>
      (
        await sql<{ metric: string; value: string }>`select metric, value::text from reward_progress
          where user_id = ${p.id} order by metric`.execute(t.db.kysely)
      ).rows;
    const countersBefore = await counters();
    for (const make of [madeUpDecision, madeUpCheck]) {
      const entries = Array.from({ length: RECORD_ENTRIES_PER_POST_MAX }, make);
      const res = await p.call('POST', '/api/me/record', { entries });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Kept as the player's own history, marked as a browser's...
    const page = (await p.call('GET', '/api/me/record?limit=500')).json() as { entries: { source: string }[] };
    expect(page.entries).toHaveLength(2 * RECORD_ENTRIES_PER_POST_MAX);
    expect(new Set(page.entries.map((e) => e.source))).toEqual(new Set(['client']));
    // ...but it ranks nothing and pays nothing.
    const skill = SkillPageSchema.parse((await p.call('GET', '/api/leaderboard/skill')).json());
    expect(skill.userRank).toBeNull();
    expect(skill.entries.some((e) => e.userId === p.id)).toBe(false);
    const me = (await p.call('GET', '/api/me')).json() as { credits: number };
    expect(me.credits).toBe(INITIAL_CREDITS);
    expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(INITIAL_CREDITS);
    expect(await counters()).toEqual(countersBefore);
  });
});
