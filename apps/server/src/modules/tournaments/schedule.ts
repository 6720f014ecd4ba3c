/**
 * Tournaments on a schedule (TOURNAMENT_SCHEDULES, config.ts): 'daily' (each UTC day, the one
 * shoe to its cut card) and 'weekly' (each week from Monday 00:00 UTC, 200 rounds). A job per
 * schedule on the fleet's queue (stately, keyed by the schedule) makes the period's tournament and
 * the next one's (so the next shows as upcoming), each once whatever number of processes run it
 * (the tournament's unique schedule_key), then sends itself again for the next period's start.
 */
import type { Database } from '../../db/index.ts';
import type { JobQueue } from '../../jobs/index.ts';
import { insertTournament, type TournamentDefinition } from './create.ts';
import { sendClosing } from './close.ts';

export type ScheduleName = 'daily' | 'weekly';
export const TOURNAMENT_SCHEDULE_JOB = 'tournament-schedule';
const DAY_ms = 24 * 60 * 60 * 1000;

/** The period that holds `now`: its start, its length and its key. */
export function periodOf(name: ScheduleName, now: Date): { start: Date; end: Date; key: string } {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (name === 'daily') return { start: new Date(day), end: new Date(day + DAY_ms), key: `daily:${new Date(day).toISOString().slice(0, 10)}` };
  // Monday: getUTCDay() is 0 on Sunday.
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_ms;
  return { start: new Date(monday), end: new Date(monday + 7 * DAY_ms), key: `weekly:${new Date(monday).toISOString().slice(0, 10)}` };
}

/** The scheduled formats: six decks, dealer hits soft 17, double after split, late surrender, 75% dealt. */
export function scheduledDefinition(name: ScheduleName, period: { start: Date; end: Date }): TournamentDefinition {
  const rules = { numDecks: 6, shufflePoint: 0.25, dealerStandsSoft17: false, doubleAfterSplit: true, surrenderAllowed: true, numInitialHands: 1, otherPlayers: 0 };
  const date = period.start.toISOString().slice(0, 10);
  const common = { startsAt: period.start.toISOString(), endsAt: period.end.toISOString(), rules, testMode: 'available' as const, chips: 10_000 };
  return name === 'daily'
    ? { ...common, name: `Daily shoe ${date}`, rounds: 'shoe', betMin: 10, betMax: 500, minEntrants: 2, payouts_pct: [50, 30, 20] }
    : { ...common, name: `Weekly 200 rounds from ${date}`, rounds: 200, betMin: 10, betMax: 1000, minEntrants: 5, payouts_pct: [40, 25, 15, 10, 10] };
}

export interface ScheduleDeps {
  db: Database;
  jobs: JobQueue;
  clock: () => Date;
}

/** Makes the period's and the next period's tournaments (each once); answers how many this run made. */
export async function runSchedule(deps: ScheduleDeps, name: ScheduleName): Promise<number> {
  const now = deps.clock();
  const current = periodOf(name, now);
  const next = periodOf(name, current.end);
  let made = 0;
  for (const p of [current, next]) {
    const t = await deps.db.kysely
      .transaction()
      .execute((trx) => insertTournament(trx, scheduledDefinition(name, p), { now, createdBy: null, scheduleKey: p.key }));
    if (t !== null) {
      made += 1;
      await sendClosing(deps.jobs, t, now);
    }
  }
  return made;
}

export async function startSchedules(deps: ScheduleDeps, names: readonly ScheduleName[]): Promise<void> {
  if (names.length === 0) return;
  await deps.jobs.define<{ name: ScheduleName }>({
    name: TOURNAMENT_SCHEDULE_JOB,
    policy: 'stately',
    concurrency: 1,
    expire_s: 60,
    retryLimit: 1_000_000,
    retryDelay_s: 5,
    handler: async (data) => {
      const made = await runSchedule(deps, data.name);
      const now = deps.clock();
      const due_s = Math.max(1, Math.ceil((periodOf(data.name, now).end.getTime() - now.getTime()) / 1000));
      await deps.jobs.send(TOURNAMENT_SCHEDULE_JOB, data, { startAfter_s: due_s, singletonKey: data.name });
      return { made };
    },
  });
  for (const name of names) await deps.jobs.send(TOURNAMENT_SCHEDULE_JOB, { name }, { singletonKey: name });
}
