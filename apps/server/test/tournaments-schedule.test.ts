// Tournaments on a schedule (TOURNAMENT_SCHEDULES, ADR 0057): a run makes the period's
// tournament and the next period's, each once however many runs race (the unique schedule key),
// with their closings sent; the periods are UTC days and weeks from Monday.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { periodOf, runSchedule } from '../src/modules/tournaments/schedule.ts';
import { buildTestApp } from './support/app.ts';
import { forEachDatabase } from './support/test-db.ts';

it('the periods: a UTC day, and a week from Monday 00:00 UTC', () => {
  const wed = new Date('2026-12-02T15:30:00Z');
  expect(periodOf('daily', wed)).toEqual({ start: new Date('2026-12-02T00:00:00Z'), end: new Date('2026-12-03T00:00:00Z'), key: 'daily:2026-12-02' });
  expect(periodOf('weekly', wed)).toEqual({ start: new Date('2026-11-30T00:00:00Z'), end: new Date('2026-12-07T00:00:00Z'), key: 'weekly:2026-11-30' });
  expect(periodOf('weekly', new Date('2026-12-06T23:59:00Z')).key).toBe('weekly:2026-11-30');
  expect(periodOf('weekly', new Date('2026-12-07T00:00:00Z')).key).toBe('weekly:2026-12-07');
});

forEachDatabase('tournament schedules', (t) => {
  // The app defines the closing's queue the schedule sends to.
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it("racing runs make the period's and the next period's tournament once each", async () => {
    const now = new Date('2030-01-09T10:00:00Z');
    const made = await Promise.all([0, 1, 2].map(() => runSchedule({ db: t.db, jobs: app.jobs, clock: () => now }, 'daily')));
    expect(made.reduce((a, b) => a + b, 0)).toBe(2);
    const { rows } = await sql<{ schedule_key: string; rounds: number | null; starts_at: Date }>`
      select schedule_key, rounds, starts_at from tournaments where schedule_key like 'daily:2030-01-%' order by starts_at`.execute(t.db.kysely);
    expect(rows.map((r) => [r.schedule_key, r.rounds])).toEqual([
      ['daily:2030-01-09', null],
      ['daily:2030-01-10', null],
    ]);
    expect(await runSchedule({ db: t.db, jobs: app.jobs, clock: () => now }, 'daily')).toBe(0);
  });
});
