/** Finding users and everything the operator sees about one (auth tables, profile, record). */
import {
  AppError,
  type AdminRecordStats,
  type AdminUserDetail,
  type AdminUserSearchQuery,
  type AdminUserSearchResponse,
  type AdminUserSummary,
} from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import { getLinkedProviders } from '../../auth/linked-providers.ts';
import type { Database, DB } from '../../db/index.ts';
import { getProfile } from '../profiles/index.ts';
import { shownSql } from '../record/index.ts';
import { drillStats } from './drills.ts';
import { containsPattern, int, iso, isoOrNull } from './sql-values.ts';

/** Sessions listed per user: a user has a handful; the cap only bounds a pathological one. */
const SESSIONS_SHOWN_MAX = 50;

export async function assertUserExists(kysely: Kysely<DB>, userId: string): Promise<void> {
  const r = await sql<{ id: string }>`select id from auth_user where id = ${userId}`.execute(kysely);
  if (r.rows.length === 0) throw new AppError('USER_NOT_FOUND');
}

interface SummaryRow {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
  username: string | null;
  credits: number | null;
  last_login: Date | null;
  blocked: boolean;
}

const summaryColumns = sql`u.id, u.email, u.name, u."emailVerified", u."createdAt", p.username, p.credits,
  p.last_login, (b.user_id is not null) as blocked`;
const summaryFrom = sql`auth_user u left join profiles p on p.user_id = u.id left join user_blocks b on b.user_id = u.id`;

function toSummary(r: SummaryRow, admins: ReadonlySet<string>): AdminUserSummary {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    username: r.username,
    credits: r.credits,
    createdAt: iso(r.createdAt),
    lastLogin: isoOrNull(r.last_login),
    blocked: r.blocked,
    isAdmin: admins.has(r.id),
  };
}

/** Newest accounts first; q matches the id exactly or e-mail, name, username or display name anywhere. */
export async function searchUsers(
  db: Database,
  query: AdminUserSearchQuery,
  admins: ReadonlySet<string>,
): Promise<AdminUserSearchResponse> {
  const q = query.q;
  const pattern = containsPattern(q);
  const where = sql`(${q} = '' or u.id = ${q} or u.email ilike ${pattern} or u.name ilike ${pattern}
    or p.username ilike ${pattern} or p.display_name ilike ${pattern})`;
  const [rows, count] = await Promise.all([
    sql<SummaryRow>`select ${summaryColumns} from ${summaryFrom} where ${where}
      order by u."createdAt" desc, u.id desc limit ${query.limit} offset ${query.offset}`.execute(db.kysely),
    sql<{ n: unknown }>`select count(*) as n from ${summaryFrom} where ${where}`.execute(db.kysely),
  ]);
  return {
    items: rows.rows.map((r) => toSummary(r, admins)),
    total: int(count.rows[0]?.n),
    limit: query.limit,
    offset: query.offset,
  };
}

export async function recordStats(db: Database, userId: string): Promise<AdminRecordStats> {
  const r = await sql<{
    decisions: unknown;
    decisions_correct: unknown;
    count_checks: unknown;
    count_checks_correct: unknown;
    ev_cost: unknown;
    last_at: Date | null;
  }>`select count(*) filter (where kind = 'decision') as decisions,
       count(*) filter (where kind = 'decision' and correct) as decisions_correct,
       count(*) filter (where kind = 'countCheck') as count_checks,
       count(*) filter (where kind = 'countCheck' and correct) as count_checks_correct,
       coalesce(sum(ev_cost_credits) filter (where kind <> 'bet' and not correct), 0) as ev_cost,
       max(at) as last_at
     from play_record where user_id = ${userId} and source = 'table' and graded and ${shownSql({ userId })}`.execute(db.kysely);
  const row = r.rows[0];
  return {
    decisions: int(row?.decisions),
    decisionsCorrect: int(row?.decisions_correct),
    countChecks: int(row?.count_checks),
    countChecksCorrect: int(row?.count_checks_correct),
    evCostCredits: Number(row?.ev_cost ?? 0),
    lastAt: isoOrNull(row?.last_at),
  };
}

export async function userDetail(
  db: Database,
  userId: string,
  admins: ReadonlySet<string>,
): Promise<AdminUserDetail> {
  const found =
    await sql<SummaryRow>`select ${summaryColumns} from ${summaryFrom} where u.id = ${userId}`.execute(
      db.kysely,
    );
  const row = found.rows[0];
  if (row === undefined) throw new AppError('USER_NOT_FOUND');
  const [profile, linkedProviders, accounts, sessions, block, record, drills] = await Promise.all([
    getProfile(db, userId),
    getLinkedProviders(db, userId),
    sql<{ providerId: string; createdAt: Date }>`select "providerId", "createdAt" from auth_account
      where "userId" = ${userId} order by "createdAt" limit 20`.execute(db.kysely),
    sql<{ id: string; createdAt: Date; expiresAt: Date; ipAddress: string | null; userAgent: string | null }>`
      select id, "createdAt", "expiresAt", "ipAddress", "userAgent" from auth_session
      where "userId" = ${userId} order by "createdAt" desc limit ${SESSIONS_SHOWN_MAX}`.execute(db.kysely),
    db.kysely.selectFrom('user_blocks').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    recordStats(db, userId),
    drillStats(db, userId),
  ]);
  return {
    user: { ...toSummary(row, admins), emailVerified: row.emailVerified },
    profile,
    linkedProviders,
    accounts: accounts.rows.map((a) => ({ providerId: a.providerId, createdAt: iso(a.createdAt) })),
    // Never the session token: an operator sees that a session exists, not how to use it.
    sessions: sessions.rows.map((s) => ({
      id: s.id,
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    block:
      block === undefined
        ? null
        : { reason: block.reason, blockedBy: block.blocked_by, blockedAt: iso(block.blocked_at) },
    record,
    drills,
  };
}
