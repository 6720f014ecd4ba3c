/**
 * The skill board: ranks the coach's verdicts in the player's record (`play_record`) instead of
 * credits, which mostly measure purchases. Only the server's graded entries of the table's own
 * decisions rank (source 'table', ADR 0028): what a browser posts is history, never a rank. Over each player's last
 * SKILL_WINDOW_DECISIONS decisions: edge given away = sum(ev_cost_credits) / sum(bet_credits)
 * (lower ranks first), then accuracy = correct / decisions (higher first). Beside them, not ranked,
 * the bet accuracy over the player's last as many graded bets (ADR 0030). Players with fewer
 * than SKILL_MIN_DECISIONS decisions, or hidden from the leaderboard, are not on it. A test-mode
 * shoe's verdicts count only once its count check is answered or lapses (record/withheld.ts).
 *
 * One statement computes the page, the caller's rank and neighbours and the total. It reads
 * the record on demand, which is fine while records are small; when it is not, the same
 * ranking moves to a per-player summary kept by the record's writer (ADR 0011).
 */
import {
  LEADERBOARD_NEARBY,
  SKILL_MIN_DECISIONS,
  SKILL_WINDOW_DECISIONS,
  type SkillEntry,
  type SkillPage,
} from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import { shownSql } from '../record/index.ts';

interface SkillRow {
  user_id: string;
  display_name: string;
  decisions: number;
  accuracy: number;
  bets: number | null;
  bet_accuracy: number | null;
  edge: number;
  last_at: Date | string;
  rank: number;
  pos: number;
  on_page: boolean;
  near: boolean;
  total: number;
}

function toEntry(row: SkillRow): SkillEntry {
  return {
    userId: row.user_id,
    displayName: row.display_name,
    rank: Number(row.rank),
    accuracy: Number(row.accuracy),
    edgeGivenAway: Number(row.edge),
    decisions: Number(row.decisions),
    betAccuracy: row.bet_accuracy === null ? null : Number(row.bet_accuracy),
    bets: Number(row.bets ?? 0),
    lastUpdated: new Date(row.last_at).toISOString(),
  };
}

export async function readSkillPage(
  db: Kysely<DB>,
  query: { page: number; pageSize: number },
  userId: string,
): Promise<SkillPage> {
  const first = (query.page - 1) * query.pageSize;
  // Test mode's withheld shoes rank nothing until their count check (ADR 0043).
  const r = await sql<SkillRow>`
    with recent as (
      select user_id, correct, ev_cost_credits, bet_credits, at,
        row_number() over (partition by user_id order by id desc) as n
      from play_record where kind = 'decision' and source = 'table' and graded and ${shownSql()}
    ), stats as (
      select user_id, count(*)::int as decisions,
        avg(case when correct then 1.0 else 0.0 end)::float8 as accuracy,
        -- Only the plays the coach would change give edge away (decision record 0059).
        (case when sum(bet_credits) > 0 then sum(case when correct then 0 else ev_cost_credits end) / sum(bet_credits) else 0 end)::float8 as edge,
        max(at) as last_at
      from recent where n <= ${SKILL_WINDOW_DECISIONS}
      group by user_id having count(*) >= ${SKILL_MIN_DECISIONS}
    ), recent_bets as (
      select user_id, correct, row_number() over (partition by user_id order by id desc) as n
      from play_record where kind = 'bet' and source = 'table' and graded and ${shownSql()}
    ), bet_stats as (
      select user_id, count(*)::int as bets, avg(case when correct then 1.0 else 0.0 end)::float8 as bet_accuracy
      from recent_bets where n <= ${SKILL_WINDOW_DECISIONS} group by user_id
    ), board as (
      select s.*, p.display_name, bs.bets, bs.bet_accuracy,
        rank() over (order by s.edge asc, s.accuracy desc)::int as rank,
        row_number() over (order by s.edge asc, s.accuracy desc, s.decisions desc, s.user_id desc)::int as pos
      from stats s join profiles p on p.user_id = s.user_id
      left join bet_stats bs on bs.user_id = s.user_id
      where p.show_on_leaderboard
    ), me as (select pos from board where user_id = ${userId})
    select x.*, t.total
    from (select count(*)::int as total from board) t
    left join lateral (
      select b.*,
        (b.pos > ${first} and b.pos <= ${first + query.pageSize}) as on_page,
        coalesce(abs(b.pos - (select pos from me)) <= ${LEADERBOARD_NEARBY}, false) as near
      from board b
      where (b.pos > ${first} and b.pos <= ${first + query.pageSize})
        or abs(b.pos - (select pos from me)) <= ${LEADERBOARD_NEARBY}
    ) x on true
    order by x.pos`.execute(db);
  // One row at least (the total); a row without user_id means the page and the caller are empty.
  const rows = r.rows.filter((row) => row.user_id != null);
  const own = rows.find((row) => row.user_id === userId);
  return {
    entries: rows.filter((row) => row.on_page).map(toEntry),
    totalPlayers: Number(r.rows[0]?.total ?? 0),
    userRank: own === undefined ? null : Number(own.rank),
    nearbyEntries: rows.filter((row) => row.near).map(toEntry),
    page: query.page,
    pageSize: query.pageSize,
  };
}
