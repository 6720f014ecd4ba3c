/**
 * Every payment attempt (the payments module's `payments` table, migration 0007) and revenue.
 * Revenue counts fulfilled payments only (`fulfilled_at` set, in the transaction that
 * credited the pack), so an intent that succeeded at the provider but was never credited
 * does not count as earned.
 */
import type {
  AdminPayment,
  AdminPaymentsQuery,
  AdminPaymentsResponse,
  AdminTotals,
} from '@card-counter/shared';
import { sql, type Selectable } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { int, iso, isoOrNull } from './sql-values.ts';

/** Days of revenue the totals show. */
export const REVENUE_WINDOW_days = 30;

type PaymentRow = Selectable<DB['payments']> & { email: string | null };

function toPayment(r: PaymentRow): AdminPayment {
  return {
    paymentIntentId: r.payment_intent_id,
    userId: r.user_id,
    email: r.email,
    packId: r.pack_id,
    amountCents: r.amount_cents,
    currency: r.currency,
    credits: r.credits,
    bonusCredits: r.bonus_credits,
    status: r.status,
    provider: r.provider,
    failureMessage: r.failure_message,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    fulfilledAt: isoOrNull(r.fulfilled_at),
  };
}

/** Every attempt, newest first, filtered by status and/or user. */
export async function listPayments(db: Database, q: AdminPaymentsQuery): Promise<AdminPaymentsResponse> {
  const status = q.status === undefined || q.status === '' ? undefined : q.status;
  let base = db.kysely.selectFrom('payments as p');
  if (status !== undefined) base = base.where('p.status', '=', status as DB['payments']['status']);
  if (q.userId !== undefined) base = base.where('p.user_id', '=', q.userId);
  const [rows, count, statuses] = await Promise.all([
    base
      .selectAll('p')
      .select(sql<string | null>`(select email from auth_user u where u.id = p.user_id)`.as('email'))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.payment_intent_id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    db.kysely.selectFrom('payments').select('status').distinct().orderBy('status').limit(50).execute(),
  ]);
  return {
    items: rows.map(toPayment),
    total: int(count.n),
    limit: q.limit,
    offset: q.offset,
    statuses: statuses.map((s) => s.status),
  };
}

export async function revenueByPackAndDay(db: Database, now: Date): Promise<AdminTotals['revenue']> {
  const since = new Date(now.getTime() - REVENUE_WINDOW_days * 24 * 3600 * 1000);
  const r = await sql<{
    day: string;
    pack_id: string;
    currency: string;
    payments: unknown;
    amount_cents: unknown;
    credits: unknown;
  }>`select to_char(fulfilled_at at time zone 'UTC', 'YYYY-MM-DD') as day, pack_id, currency,
       count(*) as payments, sum(amount_cents) as amount_cents, sum(credits + bonus_credits) as credits
     from payments where fulfilled_at is not null and fulfilled_at >= ${since}
     group by 1, 2, 3 order by 1 desc, 2, 3 limit 1000`.execute(db.kysely);
  return {
    days: REVENUE_WINDOW_days,
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
