/**
 * The player's lifetime record and mistakes list (contract: packages/shared/src/api/lifetime.ts),
 * read only from what the server stored: the profile's counters (written by the table's one
 * statement as rounds settle, profiles/sql.ts roundStatsSet) and the graded table record
 * (source 'table' and graded, ADR 0028). A browser's posts ('client') never count here. In
 * test mode the current shoe's play and bet verdicts wait for its end, as its report's do (ADR
 * 0031): both answers leave them out until then.
 */
import {
  LIFETIME_DAYS_MAX,
  MistakeSchema,
  type GradedTally,
  type Lifetime,
  type LifetimeDay,
  type Mistake,
  type MistakeHand,
  type MistakesPage,
  type MistakesQuery,
} from '@card-counter/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/index.ts';
import { shownSql } from '../record/index.ts';

type Bucket = 'plays' | 'insurance' | 'bets' | 'countChecks';

/** The bucket of a graded row, in SQL: insurance answers are decisions too, told apart by the choice. */
const bucketSql = sql<Bucket>`case
  when kind = 'bet' then 'bets'
  when kind = 'countCheck' then 'countChecks'
  when entry->>'chosen' in ('insure', 'noInsurance') then 'insurance'
  else 'plays' end`;

/**
 * The player's graded table rows a player may see now: the withheld shoe's verdicts left out
 * (the one rule, record/withheld.ts, ADR 0043). A round's result is no verdict (ADR 0060).
 */
export function visibleSql(userId: string): RawBuilder<boolean> {
  return sql<boolean>`user_id = ${userId} and source = 'table' and graded and kind <> 'round' and ${shownSql({ userId })}`;
}

function emptyTally(): GradedTally {
  return { graded: 0, correct: 0 };
}

export async function readLifetime(db: Database, userId: string): Promise<Lifetime | null> {
  const profile = await db.kysely
    .selectFrom('profiles')
    .select(['total_hands_played', 'total_hands_won', 'total_hands_lost', 'total_hands_pushed', 'total_winnings', 'biggest_win', 'biggest_loss', 'best_streak', 'worst_streak'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (profile === undefined) return null;
  const visible = visibleSql(userId);
  const totals = await sql<{ bucket: Bucket; graded: number; correct: number; cost: number }>`
    select ${bucketSql} as bucket, count(*)::int as graded, count(*) filter (where correct)::int as correct,
      -- Given away: only what the plays the coach would change cost (decision record 0059).
      coalesce(sum(ev_cost_credits) filter (where not correct), 0)::float8 as cost
    from play_record where ${visible}
    group by 1`.execute(db.kysely);
  const accuracy: Lifetime['accuracy'] = { plays: emptyTally(), insurance: emptyTally(), bets: emptyTally(), countChecks: emptyTally() };
  let givenAway = 0;
  for (const r of totals.rows) {
    accuracy[r.bucket] = { graded: r.graded, correct: r.correct };
    if (r.bucket === 'plays' || r.bucket === 'insurance') givenAway += r.cost;
  }
  const days = await sql<{ day: string; bucket: Bucket; graded: number; correct: number }>`
    with d as (
      select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day, ${bucketSql} as bucket, correct
      from play_record where ${visible}
    ), newest as (select distinct day from d order by day desc limit ${LIFETIME_DAYS_MAX}::integer)
    select day, bucket, count(*)::int as graded, count(*) filter (where correct)::int as correct
    from d where day in (select day from newest) group by 1, 2 order by 1`.execute(db.kysely);
  const byDay = new Map<string, LifetimeDay>();
  for (const r of days.rows) {
    const day = byDay.get(r.day) ?? { day: r.day, plays: emptyTally(), bets: emptyTally(), countChecks: emptyTally() };
    // The charts show play accuracy with insurance answers among the plays.
    const key = r.bucket === 'insurance' ? 'plays' : r.bucket;
    day[key] = { graded: day[key].graded + r.graded, correct: day[key].correct + r.correct };
    byDay.set(r.day, day);
  }
  const played = profile.total_hands_played;
  const givenAway_credits = Math.round(givenAway * 100) / 100;
  return {
    hands: { played, won: profile.total_hands_won, lost: profile.total_hands_lost, pushed: profile.total_hands_pushed },
    winRate: played > 0 ? profile.total_hands_won / played : 0,
    netCredits: profile.total_winnings,
    biggestWin_credits: profile.biggest_win,
    biggestLoss_credits: profile.biggest_loss,
    bestStreak: profile.best_streak,
    worstStreak: profile.worst_streak,
    accuracy,
    givenAway_credits,
    cards_credits: Math.round((profile.total_winnings + givenAway_credits) * 100) / 100,
    byDay: [...byDay.values()],
  };
}

/** A play's hand: two cards of one value a pair, an ace that can count 11 soft, else hard. */
export function handKindOf(hand: readonly number[]): MistakeHand {
  if (hand.length === 2 && hand[0] === hand[1]) return 'pair';
  const total = hand.reduce((a, c) => a + c, 0);
  return hand.includes(1) && total + 10 <= 21 ? 'soft' : 'hard';
}

function percent(cost: number, bet: number): number | null {
  return bet > 0 ? Math.round((cost / bet) * 10000) / 100 : null;
}

interface MistakeRow {
  id: string;
  kind: 'decision' | 'countCheck' | 'bet';
  entry: Record<string, unknown>;
  facts: { seen?: unknown } | null;
  ev_cost_credits: number;
}

function toMistake(r: MistakeRow): Mistake | null {
  const e = r.entry;
  const at = String(e.at);
  let m: unknown;
  if (r.kind === 'decision') {
    const hand = e.hand as number[];
    const bet = Number(e.bet);
    const seenRaw = Array.isArray(r.facts?.seen) ? (r.facts.seen as number[]).slice(1, 11) : null;
    m = {
      id: r.id,
      at,
      kind: e.chosen === 'insure' || e.chosen === 'noInsurance' ? 'insurance' : 'play',
      hand,
      handKind: handKindOf(hand),
      upcard: e.upcard,
      trueCount: e.trueCount,
      seen: seenRaw !== null && seenRaw.length === 10 ? seenRaw : null,
      chosen: e.chosen,
      best: e.best,
      cost_credits: r.ev_cost_credits,
      bet_credits: bet,
      costPercent: percent(r.ev_cost_credits, bet),
    };
  } else if (r.kind === 'bet') {
    const bet = Number(e.bet);
    m = {
      id: r.id,
      at,
      kind: 'bet',
      trueCount: e.trueCount,
      bet_credits: bet,
      rampBet_credits: e.rampBet,
      verdict: e.verdict,
      // Never negative (decision record 0058; rows graded before it may hold a negative cost).
      cost_credits: Math.max(0, r.ev_cost_credits),
      costPercent: percent(Math.max(0, r.ev_cost_credits), bet),
    };
  } else m = { id: r.id, at, kind: 'countCheck', expected: e.expected, answered: e.answered };
  const parsed = MistakeSchema.safeParse(m);
  return parsed.success ? parsed.data : null;
}

/**
 * The player's wrong graded table entries, newest first by the time each was made (not the
 * order rows reached the record: a round's entries are written after a later count check), filtered and paged. The record holds
 * at most 5,000 entries per player, so the filter runs over the player's wrong rows in memory
 * (the hand's kind is the cards' arithmetic, not a column).
 */
export async function listMistakes(db: Database, userId: string, q: MistakesQuery): Promise<MistakesPage> {
  // A shoe's or a session's mistakes (the history's spans link here).
  let span = sql<boolean>`true`;
  if (q.shoe !== undefined) span = sql<boolean>`${span} and shoe = ${q.shoe}`;
  if (q.from !== undefined) span = sql<boolean>`${span} and at >= ${q.from}::timestamptz`;
  if (q.to !== undefined) span = sql<boolean>`${span} and at <= ${q.to}::timestamptz`;
  const rows = await sql<MistakeRow>`
    select id::text as id, kind, entry, facts, ev_cost_credits from play_record
    where ${visibleSql(userId)} and not correct and ${span}
    order by at desc, id desc`.execute(db.kysely);
  const all = rows.rows.flatMap((r) => {
    const m = toMistake(r);
    return m === null ? [] : [m];
  });
  const wanted = all.filter((m) => {
    if (q.kind !== undefined && m.kind !== q.kind) return false;
    if (q.hand !== undefined) return m.kind === 'play' && m.handKind === q.hand;
    return true;
  });
  return { mistakes: wanted.slice(q.offset, q.offset + q.limit), total: wanted.length };
}
