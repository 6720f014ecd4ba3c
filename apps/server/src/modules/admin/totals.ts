/** The economy at a glance: credits in circulation, admin grants and removals, revenue. */
import type { AdminTotals } from '@card-counter/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/index.ts';
import { ADMIN_CREDIT_TYPE } from './credits.ts';
import { revenueByPackAndDay } from './payments.ts';
import { int } from './sql-values.ts';

export async function totals(db: Database, now: Date): Promise<AdminTotals> {
  const [circulation, admin, users, revenue] = await Promise.all([
    sql<{ n: unknown }>`select coalesce(sum(credits), 0) as n from profiles`.execute(db.kysely),
    sql<{ granted: unknown; removed: unknown }>`
      select coalesce(sum(amount) filter (where amount > 0), 0) as granted,
             coalesce(-sum(amount) filter (where amount < 0), 0) as removed
      from credit_transactions where type = ${ADMIN_CREDIT_TYPE}`.execute(db.kysely),
    sql<{ n: unknown }>`select count(*) as n from auth_user`.execute(db.kysely),
    revenueByPackAndDay(db, now),
  ]);
  return {
    creditsInCirculation: int(circulation.rows[0]?.n),
    creditsGrantedByAdmins: int(admin.rows[0]?.granted),
    creditsRemovedByAdmins: int(admin.rows[0]?.removed),
    users: int(users.rows[0]?.n),
    revenue,
  };
}
