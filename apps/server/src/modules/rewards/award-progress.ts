/**
 * `awardProgress`: the single entry point of rewards. An event (events.ts) moves the player's
 * counters; an achievement whose counter crosses its target pays REWARD_ACHIEVEMENT (500) and
 * each level reached pays REWARD_LEVEL_UP (1,000), both through the ledger with an idempotency
 * key (`achievement:<user>:<id>`, `level:<user>:<level>`), so each is paid once per account
 * ever, whatever races or retries happen. Call it inside the transaction that records what
 * happened, so the event counts once:
 *
 *   await awardProgress(trx, userId, { type: 'round_settled', hands: 1, blackjacks: 0, cleanShoe: false });
 *
 * Lock order, always: the profile row, then the counters (so it cannot deadlock with the ledger,
 * which locks the profile).
 */
import {
  ACHIEVEMENTS,
  AppError,
  LEVEL_MAX,
  REWARD_ACHIEVEMENT,
  REWARD_LEVEL_UP,
  levelForXp,
  type DrillPracticeReason,
  type RewardMetric,
} from '@card-counter/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { addAchievement } from '../profiles/sql.ts';
import { claimDrillPace } from './drill-pace.ts';
import type { ProgressEvent } from './events.ts';
import { changesFor, type CounterChange } from './metrics.ts';
import { countCheckPractice, drillMinTime_ms, drillPracticeOf } from './pay-rules.ts';

export interface AwardResult {
  xp: number;
  level: number;
  /** Achievements unlocked by this event (ids). */
  unlocked: string[];
  /** Levels reached by this event. */
  levelsReached: number[];
  /** Credits paid by this event. */
  credited: number;
  /** Why the event paid nothing at all (ADR 0044): it moved no counter; null when it counted. */
  practice: DrillPracticeReason | null;
}

type Trx = Kysely<DB>;

function isDatabase(db: Database | Trx): db is Database {
  return 'kysely' in db;
}

/** The player's counters among `metrics`, locked until the transaction ends (absent = 0). */
async function lockCounters(
  trx: Trx,
  userId: string,
  metrics: readonly RewardMetric[],
): Promise<Map<RewardMetric, number>> {
  const rows = await trx
    .selectFrom('reward_progress')
    .select(['metric', 'value'])
    .where('user_id', '=', userId)
    .where('metric', 'in', metrics)
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.metric as RewardMetric, Number(r.value)]));
}

function applied(before: number, change: CounterChange): number {
  const after =
    change.op === 'add'
      ? before + change.value
      : change.op === 'set'
        ? change.value
        : Math.max(before, change.value);
  if (!Number.isSafeInteger(after) || after < 0)
    throw new Error(`counter ${change.metric} out of range: ${after}`);
  return after;
}

export type Moved = Map<RewardMetric, { before: number; after: number }>;

/** An event's changes when they are distinct additions; null when they are not (count checks). */
export interface Additions {
  changes: readonly CounterChange[];
  metrics: string[];
  deltas: number[];
  /** The event moves xp itself (else xp is only read, for the level). */
  movesXp: boolean;
}

export function additionsOf(changes: readonly CounterChange[]): Additions | null {
  const metrics: string[] = changes.map((c) => c.metric);
  const addsOnly =
    changes.every((c) => c.op === 'add') &&
    new Set(metrics).size === metrics.length &&
    // The streak drags its best along (applyInOrder): not a plain addition.
    !metrics.includes('count_check_streak');
  if (!addsOnly) return null;
  const deltas = changes.map((c) => c.value);
  const movesXp = metrics.includes('xp');
  // The level needs the experience even when the event does not move it.
  if (!movesXp) {
    metrics.push('xp');
    deltas.push(0);
  }
  return { changes, metrics, deltas, movesXp };
}

/** No additions: the same statement text, touching nothing (a caller's statement that may or may not carry some). */
const NO_ADDITIONS: Additions = { changes: [], metrics: [], deltas: [], movesXp: false };

/**
 * The additions as two CTEs, `rw_old` and `rw_up`, and the expression answering the counters
 * before and after as JSON (`[{metric, before, after}]`), for a statement of the caller's: the
 * table's write runs them with its own writes (ADR 0025). The upsert adds atomically, so a
 * counter it moved answers `after - delta` as its value before, exact even when another
 * writer's addition committed after this statement's snapshot; `rw_old` (the snapshot) only
 * answers counters the upsert leaves alone (the xp of an event that does not move it).
 * `gate`: the caller's condition for moving anything (default: always).
 */
export function additionsSql(
  userId: string,
  additions: Additions | null,
  now: Date,
  gate: RawBuilder<boolean> = sql<boolean>`true`,
): { ctes: RawBuilder<unknown>; answer: RawBuilder<unknown> } {
  const a = additions ?? NO_ADDITIONS;
  return {
    ctes: sql`rw_old as (
      select metric, value from reward_progress
      where user_id = ${userId} and metric = any(${a.metrics}::text[])
    ),
    rw_up as (
      insert into reward_progress (user_id, metric, value, updated_at)
      select ${userId}::text, m.metric, m.delta, ${now}::timestamptz
      from unnest(${a.metrics}::text[], ${a.deltas}::bigint[]) as m(metric, delta)
      where (m.delta <> 0 or m.metric <> 'xp' or ${a.movesXp}::boolean) and ${gate}
      on conflict (user_id, metric) do update
        set value = reward_progress.value + excluded.value, updated_at = excluded.updated_at
      returning metric, value
    )`,
    answer: sql`(select coalesce(json_agg(json_build_object('metric', m.metric,
        'before', coalesce(rw_up.value - m.delta, rw_old.value, 0)::text, 'after', coalesce(rw_up.value, rw_old.value, 0)::text)), '[]'::json)
      from unnest(${a.metrics}::text[], ${a.deltas}::bigint[]) as m(metric, delta)
      left join rw_old on rw_old.metric = m.metric
      left join rw_up on rw_up.metric = m.metric)`,
  };
}

/**
 * Whether additions to counters at `values` (absent = 0) would cross an achievement's target
 * or a level: the table decides from its read (no lock) whether its write needs a transaction
 * for the payment (ADR 0025). A guess only; the write's answer is the truth.
 */
export function wouldCross(additions: Additions, values: Readonly<Record<string, string | number>>): boolean {
  const moved: Moved = new Map();
  additions.metrics.forEach((metric, i) => {
    const before = Number(values[metric] ?? 0);
    moved.set(metric as RewardMetric, { before, after: before + (additions.deltas[i] ?? 0) });
  });
  const c = crossings(moved);
  return c.achievements.length > 0 || c.levels.length > 0;
}

/** The counters additionsSql answered, checked against the additions. */
export function movedOf(additions: Additions, answer: unknown): Moved {
  const rows = answer as { metric: RewardMetric; before: string; after: string }[];
  const moved: Moved = new Map();
  for (const row of rows) {
    const before = Number(row.before);
    const after = Number(row.after);
    const change = additions.changes.find((c) => c.metric === row.metric);
    if (change !== undefined && after !== applied(before, change))
      throw new Error(`counter ${row.metric}: ${before} + ${change.value} gave ${after}`);
    moved.set(row.metric, { before, after });
  }
  if (moved.size !== additions.metrics.length) throw new Error('rewards: a counter is missing from the upsert');
  return moved;
}

/**
 * Applies the event's changes in order and answers each counter's value before the event and
 * after it. An event that only adds (a round, a drill, a bonus: every event but a count check)
 * is one statement; the count-check streak (set, raised, and followed by its best) reads, then
 * writes.
 */
export async function applyChanges(
  trx: Trx,
  userId: string,
  changes: readonly CounterChange[],
  now: Date,
): Promise<Moved> {
  const additions = additionsOf(changes);
  return additions !== null ? applyAdds(trx, userId, additions, now) : applyInOrder(trx, userId, changes, now);
}

/** Distinct additions in ONE statement (additionsSql). */
export async function applyAdds(trx: Trx, userId: string, additions: Additions, now: Date): Promise<Moved> {
  const { ctes, answer } = additionsSql(userId, additions, now);
  const { rows } = await sql<{ counters: unknown }>`with ${ctes} select ${answer} as counters`.execute(trx);
  return movedOf(additions, rows[0]?.counters);
}

/**
 * Any changes, in order: one read of the counters they touch (locked), the arithmetic here,
 * one upsert of every counter moved.
 */
export async function applyInOrder(
  trx: Trx,
  userId: string,
  changes: readonly CounterChange[],
  now: Date,
): Promise<Moved> {
  const touched = new Set<RewardMetric>(['xp', ...changes.map((c) => c.metric)]);
  // The best streak follows the streak in the same event.
  if (touched.has('count_check_streak')) touched.add('count_check_streak_best');
  const values = await lockCounters(trx, userId, [...touched]);
  const moved: Moved = new Map();
  const move = (change: CounterChange): number => {
    const before = moved.get(change.metric)?.after ?? values.get(change.metric) ?? 0;
    const after = applied(before, change);
    moved.set(change.metric, { before: moved.get(change.metric)?.before ?? before, after });
    return after;
  };
  for (const change of changes) {
    const after = move(change);
    if (change.metric === 'count_check_streak' && change.op === 'add')
      move({ metric: 'count_check_streak_best', op: 'max', value: after });
  }
  if (moved.size > 0) {
    await trx
      .insertInto('reward_progress')
      .values([...moved].map(([metric, m]) => ({ user_id: userId, metric, value: m.after, updated_at: now })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'metric']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  // A counter the event did not move still answers its value (the level needs the xp).
  const xp = values.get('xp') ?? 0;
  if (!moved.has('xp')) moved.set('xp', { before: xp, after: xp });
  return moved;
}

async function grantAchievement(
  trx: Trx,
  userId: string,
  achievement: (typeof ACHIEVEMENTS)[number],
  now: Date,
): Promise<boolean> {
  const result = await applyCreditInTransaction(trx, {
    userId,
    type: 'reward',
    amount: REWARD_ACHIEVEMENT,
    description: `Achievement: ${achievement.title}`,
    metadata: { kind: 'achievement', achievementId: achievement.id },
    idempotencyKey: `achievement:${userId}:${achievement.id}`,
    now,
  });
  if (!result.applied) return false;
  // The profile's `achievements` list (the product's field) gains the id once.
  await addAchievement(trx, userId, achievement.id);
  return true;
}

async function grantLevel(trx: Trx, userId: string, level: number, now: Date): Promise<boolean> {
  const result = await applyCreditInTransaction(trx, {
    userId,
    type: 'reward',
    amount: REWARD_LEVEL_UP,
    description: `Reached level ${level}`,
    metadata: { kind: 'level', level },
    idempotencyKey: `level:${userId}:${level}`,
    now,
  });
  return result.applied;
}

export async function awardProgressInTransaction(
  trx: Trx,
  userId: string,
  event: ProgressEvent,
  now: Date,
): Promise<AwardResult> {
  const changes = changesFor(event);
  const profile = await trx
    .selectFrom('profiles')
    .select('user_id')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (profile === undefined) throw new AppError('USER_DOC_MISSING');
  // Decided under the profile's lock, so two answers of one player claim the drill pace in turn.
  const practice = await practiceOf(trx, userId, event, now);
  // Practice moves nothing: no counter, so no experience, streak or achievement either.
  const moved = await applyChanges(trx, userId, practice === null ? changes : [], now);
  return { ...(await grantCrossings(trx, userId, moved, now)), practice };
}

/**
 * Whether a count check or a drill pays (ADR 0044): only for what was not on screen, no faster
 * than a person plays, within the daily bound, in a count that needs counting. Other events pay.
 */
async function practiceOf(trx: Trx, userId: string, event: ProgressEvent, now: Date): Promise<DrillPracticeReason | null> {
  if (event.type === 'count_check_answered') return countCheckPractice(event);
  if (event.type !== 'drill_finished') return null;
  const practice = drillPracticeOf(event);
  if (practice !== null) return practice;
  return claimDrillPace(trx, userId, event.dealtAt, now, drillMinTime_ms(event.cards, event.perFlash));
}

/** The achievements and levels `moved` crosses (before < target <= after). */
function crossings(moved: Moved): { achievements: (typeof ACHIEVEMENTS)[number][]; levels: number[]; xp: number } {
  const achievements = ACHIEVEMENTS.filter((a) => {
    const m = moved.get(a.metric);
    return m !== undefined && m.before < a.target && m.after >= a.target;
  });
  const xp = moved.get('xp') ?? { before: 0, after: 0 };
  const levels: number[] = [];
  // Bounded by LEVEL_MAX: levelForXp never answers more.
  for (let level = levelForXp(xp.before) + 1; level <= levelForXp(xp.after) && level <= LEVEL_MAX; level++) levels.push(level);
  return { achievements, levels, xp: xp.after };
}

/**
 * The achievements and levels the counters crossed, each paid once through the ledger. The
 * caller's transaction holds the profile row.
 */
export async function grantCrossings(trx: Trx, userId: string, moved: Moved, now: Date): Promise<AwardResult> {
  const crossed = crossings(moved);
  const result: AwardResult = { xp: crossed.xp, level: levelForXp(crossed.xp), unlocked: [], levelsReached: [], credited: 0, practice: null };
  for (const achievement of crossed.achievements) {
    if (await grantAchievement(trx, userId, achievement, now)) {
      result.unlocked.push(achievement.id);
      result.credited += REWARD_ACHIEVEMENT;
    }
  }
  for (const level of crossed.levels) {
    if (await grantLevel(trx, userId, level, now)) {
      result.levelsReached.push(level);
      result.credited += REWARD_LEVEL_UP;
    }
  }
  return result;
}

/**
 * An event whose counters another module's statement will move (additionsSql in it), for
 * one round trip less: the table's save. Null when the event is not plain additions (then
 * call awardProgress). After that statement, `finishAward` pays what the counters crossed.
 */
export function pendingAward(event: ProgressEvent): Additions | null {
  return additionsOf(changesFor(event));
}

/** Whether the counters a statement's `answer` reports moved crossed anything (finishAward would pay). */
export function answerCrosses(additions: Additions, answer: unknown): boolean {
  const c = crossings(movedOf(additions, answer));
  return c.achievements.length > 0 || c.levels.length > 0;
}

/** The second half of a pending award: the counters `answer` moved, and what they crossed paid. */
export function finishAward(trx: Trx, userId: string, additions: Additions, answer: unknown, now: Date): Promise<AwardResult> {
  return grantCrossings(trx, userId, movedOf(additions, answer), now);
}

/**
 * See the file comment. `db` is the app's Database (a transaction of its own) or the caller's
 * transaction (the event then counts if and only if the caller's transaction commits).
 */
export async function awardProgress(
  db: Database | Trx,
  userId: string,
  event: ProgressEvent,
  now: Date = new Date(),
): Promise<AwardResult> {
  if (isDatabase(db)) {
    return db.kysely.transaction().execute((trx) => awardProgressInTransaction(trx, userId, event, now));
  }
  if (!db.isTransaction) throw new Error('awardProgress needs the Database or an open transaction');
  return awardProgressInTransaction(db, userId, event, now);
}
