/**
 * SEAM: payments, read from the `payments` table that the payments module creates (branch
 * h-payments, migration 0007: payment_intent_id, user_id, pack_id, amount_cents, currency,
 * credits, status, provider, created_at, updated_at, fulfilled_at). Read with raw SQL over
 * those columns only, and only when the table exists (`to_regclass`), so this module works
 * before and after that branch is merged; before, the views say payments are not available.
 * Revenue counts fulfilled payments (fulfilled_at set), whatever the provider calls the status.
 */
import type { AdminPayment, AdminPaymentsQuery, AdminPaymentsResponse, AdminTotals } from '@card-counter/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/index.ts';
import { int, iso, isoOrNull } from './sql-values.ts';

/** Days of revenue the totals show. */
export const REVENUE_DAYS = 30;
const UNAVAILABLE = {
  available: false as const,
  note: 'The payments table is not in this database yet (payments module not merged).',
};

export async function paymentsTableExists(db: Database): Promise<boolean> {
  const r = await sql<{ present: boolean }>`select to_regclass('payments') is not null as present`.execute(db.kysely);
  return r.rows[0]?.present === true;
}

interface PaymentRow {
  payment_intent_id: string;
  user_id: string;
  email: string | null;
  pack_id: string;
  amount_cents: unknown;
  currency: string;
  credits: unknown;
  status: string;
  provider: string;
  created_at: Date;
  updated_at: Date;
  fulfilled_at: Date | null;
}

function toPayment(r: PaymentRow): AdminPayment {
  return {
    paymentIntentId: r.payment_intent_id,
    userId: r.user_id,
    email: r.email,
    packId: r.pack_id,
    amountCents: int(r.amount_cents),
    currency: r.currency,
    credits: int(r.credits),
    status: r.status,
    provider: r.provider,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    fulfilledAt: isoOrNull(r.fulfilled_at),
  };
}

/** Every attempt, newest first, filtered by status and/or user. */
export async function listPayments(db: Database, q: AdminPaymentsQuery): Promise<AdminPaymentsResponse> {
  if (!(await paymentsTableExists(db))) return UNAVAILABLE;
  const status = q.status === undefined || q.status === '' ? null : q.status;
  const userId = q.userId ?? null;
  const where = sql`(${status}::text is null or p.status = ${status}::text)
    and (${userId}::text is null or p.user_id = ${userId}::text)`;
  const [rows, count, statuses] = await Promise.all([
    sql<PaymentRow>`select p.payment_intent_id, p.user_id, u.email, p.pack_id, p.amount_cents, p.currency,
        p.credits, p.status, p.provider, p.created_at, p.updated_at, p.fulfilled_at
      from payments p left join auth_user u on u.id = p.user_id
      where ${where} order by p.created_at desc, p.payment_intent_id desc
      limit ${q.limit} offset ${q.offset}`.execute(db.kysely),
    sql<{ n: unknown }>`select count(*) as n from payments p where ${where}`.execute(db.kysely),
    sql<{ status: string }>`select distinct status from payments order by status limit 50`.execute(db.kysely),
  ]);
  return {
    available: true,
    items: rows.rows.map(toPayment),
    total: int(count.rows[0]?.n),
    limit: q.limit,
    offset: q.offset,
    statuses: statuses.rows.map((s) => s.status),
  };
}

export async function revenueByPackAndDay(db: Database, now: Date): Promise<AdminTotals['revenue']> {
  if (!(await paymentsTableExists(db))) return UNAVAILABLE;
  const since = new Date(now.getTime() - REVENUE_DAYS * 24 * 3600 * 1000);
  const r = await sql<{
    day: string;
    pack_id: string;
    currency: string;
    payments: unknown;
    amount_cents: unknown;
    credits: unknown;
  }>`select to_char(fulfilled_at at time zone 'UTC', 'YYYY-MM-DD') as day, pack_id, currency,
       count(*) as payments, sum(amount_cents) as amount_cents, sum(credits) as credits
     from payments where fulfilled_at is not null and fulfilled_at >= ${since}
     group by 1, 2, 3 order by 1 desc, 2, 3 limit 1000`.execute(db.kysely);
  return {
    available: true,
    days: REVENUE_DAYS,
    rows: r.rows.map((x) => ({
      day: x.day,
      packId: x.pack_id,
      currency: x.currency,
      payments: int(x.payments),
      amountCents: int(x.amount_cents),
      credits: int(x.credits),
    })),
  };
}
