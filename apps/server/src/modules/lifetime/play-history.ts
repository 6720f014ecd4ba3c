/**
 * The player's sessions and shoes, each with its report (contract
 * packages/shared/src/api/play-history.ts), from the graded table record alone, as the
 * lifetime figures are (ADR 0035): the same rows a player may see (`visibleSql`: test mode's
 * unfinished shoe left out). A session breaks where two graded entries are more than
 * SESSION_GAP_ms apart. The record keeps a player's newest 5,000 entries, so the history
 * reaches as far back as they do.
 */
import { SESSION_GAP_ms, type PlayHistory, type PlayHistoryQuery, type PlaySpan } from '@card-counter/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/index.ts';
import { visibleSql } from './lifetime.ts';

interface SpanRow {
  shoe: string | null;
  first_at: Date | string;
  last_at: Date | string;
  shoes: number;
  plays: number;
  plays_right: number;
  insurance: number;
  insurance_right: number;
  bets: number;
  bets_right: number;
  checks: number;
  checks_right: number;
  given: number;
  total: number;
}

/** The figures of a group of rows `v` (kind, correct, entry, ev_cost_credits, shoe, at). */
const FIGURES = sql`
  min(at) as first_at, max(at) as last_at, count(distinct shoe)::int as shoes,
  count(*) filter (where kind = 'decision' and not ${insuranceSql()})::int as plays,
  count(*) filter (where kind = 'decision' and not ${insuranceSql()} and correct)::int as plays_right,
  count(*) filter (where kind = 'decision' and ${insuranceSql()})::int as insurance,
  count(*) filter (where kind = 'decision' and ${insuranceSql()} and correct)::int as insurance_right,
  count(*) filter (where kind = 'bet')::int as bets,
  count(*) filter (where kind = 'bet' and correct)::int as bets_right,
  count(*) filter (where kind = 'countCheck')::int as checks,
  count(*) filter (where kind = 'countCheck' and correct)::int as checks_right,
  coalesce(sum(ev_cost_credits) filter (where kind = 'decision' and not correct), 0)::float8 as given,
  count(*) over ()::int as total`;

function insuranceSql() {
  return sql`coalesce(entry->>'chosen' in ('insure', 'noInsurance'), false)`;
}

function iso(at: Date | string): string {
  return new Date(at).toISOString();
}

function spanOf(r: SpanRow, by: PlayHistory['by']): PlaySpan {
  return {
    shoe: by === 'shoe' ? r.shoe : null,
    from: iso(r.first_at),
    to: iso(r.last_at),
    shoes: r.shoes,
    plays: { graded: r.plays, correct: r.plays_right },
    insurance: { graded: r.insurance, correct: r.insurance_right },
    bets: { graded: r.bets, correct: r.bets_right },
    countChecks: { graded: r.checks, correct: r.checks_right },
    givenAway_credits: Math.round(r.given * 100) / 100,
  };
}

export async function readPlayHistory(db: Database, userId: string, q: PlayHistoryQuery): Promise<PlayHistory> {
  const visible = visibleSql(userId);
  const page = sql`offset ${q.offset}::integer limit ${q.limit}::integer`;
  const { rows } =
    q.by === 'shoe'
      ? await sql<SpanRow>`
          select shoe, ${FIGURES} from play_record
          where ${visible} and shoe is not null
          group by shoe order by max(id) desc ${page}`.execute(db.kysely)
      : await sql<SpanRow>`
          with v as (
            select id, at, kind, correct, entry, ev_cost_credits, shoe,
              case when at - lag(at) over (order by at, id) <= ${SESSION_GAP_ms}::integer * interval '1 millisecond'
                then 0 else 1 end as opens
            from play_record where ${visible}
          ), s as (select *, sum(opens) over (order by at, id rows unbounded preceding) as session from v)
          select null as shoe, ${FIGURES} from s
          group by session order by session desc ${page}`.execute(db.kysely);
  // `total` is the count of groups (a window over the grouped rows); an empty page says none.
  const total = rows[0]?.total ?? (q.offset > 0 ? await countSpans(db, userId, q) : 0);
  return { by: q.by, spans: rows.map((r) => spanOf(r, q.by)), total };
}

/** The number of spans when the page asked for is past the end. */
async function countSpans(db: Database, userId: string, q: PlayHistoryQuery): Promise<number> {
  const all = await readPlayHistory(db, userId, { ...q, offset: 0, limit: 1 });
  return all.total;
}
