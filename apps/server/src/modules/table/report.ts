/**
 * The shoe report (decision record 0031; contract packages/shared/src/table-report.ts): how a
 * shoe or the session was played, from the server's graded record (play_record rows of source
 * 'table': count checks, play decisions and, when the record holds them, bet grades of kind
 * 'bet') and the table's round tally (tally.ts: rounds, stakes, time). Nothing here is the
 * browser's word. In test mode the unfinished current shoe's decisions are withheld until its
 * count check is answered or lapses (the coach is silent until then; ADR 0043).
 */
import {
  AppError,
  ReportCountCheckSchema,
  ReportErrorSchema,
  TABLE_REPORT_ERRORS_MAX,
  type ReportCountCheck,
  type ReportError,
  type TableReport,
} from '@card-counter/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/index.ts';
import { shownSql, withheldShoe } from '../record/index.ts';
import { readTable } from './store.ts';
import type { Span } from './tally.ts';
import { atShufflePoint } from './training.ts';

/** Count checks listed in a report (the newest); the counts cover them all. */
const REPORT_CHECKS_MAX = 100;

interface Group {
  kind: string;
  graded: boolean;
  correct: boolean;
  n: number;
  cost: number;
}

/** The rows a report covers: one shoe's, or the session's since its start. */
function scopeSql(userId: string, where: { shoe: string } | { since: string }): RawBuilder<unknown> {
  if ('shoe' in where) return sql`user_id = ${userId} and source = 'table' and shoe = ${where.shoe}`;
  return sql`user_id = ${userId} and source = 'table' and at >= ${where.since}::timestamptz`;
}

/** `shoe`: a shoe's report (404 for a shoe the table no longer tallies); absent: the session's. */
export async function readReport(db: Database, userId: string, shoe: string | undefined): Promise<TableReport> {
  const table = await readTable(db.kysely, userId);
  const tally = table?.training.tally;
  const current = table?.state.deck?.commitment ?? null;
  const currentOver = table !== null && !table.state.gameInProgress && atShufflePoint(table.state);
  // Test mode: the coach's verdicts on the current shoe wait for its count check (the one rule,
  // record/withheld.ts, ADR 0043).
  const heldShoe = await withheldShoe(db, userId);
  let span: Span | null;
  let scope: RawBuilder<unknown>;
  let untimed = false;
  if (shoe !== undefined) {
    span = tally?.shoes.find((s) => s.shoe === shoe) ?? null;
    scope = scopeSql(userId, { shoe });
    // Every shoe of the player's record has its report (issue 39: Profile -> Shoes), the tally's
    // last shoes with their rounds, stakes and time, an older one with the rounds its record holds.
    if (span === null && shoe !== current) {
      span = await recordSpan(db, scope);
      untimed = true;
    }
    if (span === null && shoe !== current) throw new AppError('NOT_FOUND', 'No report for that shoe: your record holds nothing of it.');
  } else {
    span = tally?.session ?? null;
    scope = scopeSql(userId, { since: span?.since ?? new Date().toISOString() });
  }
  const withheld = heldShoe !== null && (shoe === undefined || shoe === heldShoe);
  const decisionScope = sql`${scope} and ${shownSql({ userId })}`;
  const [groups, errors, checks] = await Promise.all([groupsOf(db, scope, decisionScope), errorsOf(db, decisionScope), checksOf(db, scope)]);
  const sum = (kind: string, f: (g: Group) => boolean) => groups.filter((g) => g.kind === kind && f(g)).reduce((a, g) => a + g.n, 0);
  // What the plays the coach would change cost: a play that was the coach's counts nothing, even
  // where an exact, composition-dependent play would have been worth a little more.
  const cost = (kind: string) => groups.filter((g) => g.kind === kind && g.graded && !g.correct).reduce((a, g) => a + g.cost, 0);
  const bet_credits = span?.bet_credits ?? 0;
  const edge = cost('decision');
  const bets = sum('bet', (g) => g.graded);
  return {
    scope: shoe !== undefined ? 'shoe' : 'session',
    shoe: shoe ?? null,
    since: span?.since ?? null,
    finished: shoe !== undefined && (shoe !== current || currentOver),
    withheld,
    rounds: span?.rounds ?? 0,
    bet_credits,
    roundTime_ms: span !== null && span.rounds > 0 && !untimed ? Math.round(span.time_ms / span.rounds) : null,
    countChecks: { asked: sum('countCheck', () => true), correct: sum('countCheck', (g) => g.correct), items: checks },
    decisions: { graded: sum('decision', (g) => g.graded), errors: sum('decision', (g) => g.graded && !g.correct), pending: sum('decision', (g) => !g.graded) },
    edgeGiven: { credits: round2(edge), percentOfBet: bet_credits > 0 ? round2((100 * edge) / bet_credits) : null },
    errors,
    ...(bets > 0 ? { betGrades: { graded: bets, right: sum('bet', (g) => g.graded && g.correct), cost_credits: round2(cost('bet')) } } : {}),
  };
}

/**
 * A shoe beyond the tally, from the record alone: its rounds (a bet grade each, or the rounds its
 * decisions name) and the stakes its bet grades hold; no time per round (the tally's alone).
 */
async function recordSpan(db: Database, scope: RawBuilder<unknown>): Promise<Span | null> {
  const { rows } = await sql<{ n: number; bets: number; decided: number; bet_credits: number; since: Date | string | null }>`
    select count(*)::int as n, count(*) filter (where kind = 'bet')::int as bets,
      count(distinct facts->>'roundStart') filter (where kind = 'decision')::int as decided,
      coalesce(sum(bet_credits) filter (where kind = 'bet'), 0)::float8 as bet_credits, min(at) as since
    from play_record where ${scope}`.execute(db.kysely);
  const r = rows[0];
  if (r === undefined || r.n === 0 || r.since === null) return null;
  return { since: new Date(r.since).toISOString(), rounds: Math.max(r.bets, r.decided), bet_credits: r.bet_credits, time_ms: 0 };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Counts and costs by kind and verdict; decisions (and bet grades) only from `decisionScope`. */
async function groupsOf(db: Database, scope: RawBuilder<unknown>, decisionScope: RawBuilder<unknown>): Promise<Group[]> {
  const { rows } = await sql<Group>`
    select kind, graded, correct, count(*)::int as n,
      -- A bet's cost is the expectation it gives away, never negative (decision record 0058);
      -- rows graded before that rule may hold a negative one.
      coalesce(sum(case when kind = 'bet' then greatest(ev_cost_credits, 0) else ev_cost_credits end), 0)::float8 as cost
    from play_record where (${scope} and kind = 'countCheck') or (${decisionScope} and kind not in ('countCheck', 'round'))
    group by kind, graded, correct`.execute(db.kysely);
  return rows;
}

/** The costliest graded play errors, as the coach graded them. */
async function errorsOf(db: Database, scope: RawBuilder<unknown>): Promise<ReportError[]> {
  const { rows } = await sql<{ entry: Record<string, unknown> }>`
    select entry from play_record where ${scope} and kind = 'decision' and graded and not correct
    order by ev_cost_credits desc, id limit ${TABLE_REPORT_ERRORS_MAX}::integer`.execute(db.kysely);
  return rows.flatMap(({ entry: e }) => {
    const parsed = ReportErrorSchema.safeParse({
      at: e.at,
      hand: e.hand,
      upcard: e.upcard,
      trueCount: e.trueCount,
      chosen: e.chosen,
      best: e.best,
      evCost_credits: e.evCost,
      bet_credits: e.bet,
    });
    return parsed.success ? [parsed.data] : [];
  });
}

/** The count checks, oldest first (the newest REPORT_CHECKS_MAX). */
async function checksOf(db: Database, scope: RawBuilder<unknown>): Promise<ReportCountCheck[]> {
  const { rows } = await sql<{ entry: Record<string, unknown>; correct: boolean }>`
    select entry, correct from play_record where ${scope} and kind = 'countCheck'
    order by id desc limit ${REPORT_CHECKS_MAX}::integer`.execute(db.kysely);
  return rows.reverse().flatMap(({ entry: e, correct }) => {
    const parsed = ReportCountCheckSchema.safeParse({ at: e.at, asked: e.asked, expected: e.expected, answered: e.answered, ...(e.trueCount ? { trueCount: e.trueCount } : {}), correct });
    return parsed.success ? [parsed.data] : [];
  });
}
