/** After a restore: every balance equals the sum of its ledger and none is below 0 (ADR 0001). */
import { sql } from 'kysely';
import type { Database } from '../db/open.ts';

export interface LedgerCheck {
  profiles: number;
  ledgerRows: number;
  /** One line per profile whose balance is not its ledger's sum (or is negative). */
  problems: string[];
}

export async function checkLedger(db: Database): Promise<LedgerCheck> {
  const counts = await sql<{ profiles: number; rows: number }>`select
      (select count(*)::int from profiles) as profiles,
      (select count(*)::int from credit_transactions) as rows`.execute(db.kysely);
  const bad = await sql<{ user_id: string; credits: number; ledger: string }>`
    select p.user_id, p.credits, coalesce(l.total, 0)::text as ledger
      from profiles p
      left join (select user_id, sum(amount) as total from credit_transactions group by user_id) l using (user_id)
     where p.credits <> coalesce(l.total, 0) or p.credits < 0`.execute(db.kysely);
  return {
    profiles: counts.rows[0]?.profiles ?? 0,
    ledgerRows: counts.rows[0]?.rows ?? 0,
    problems: bad.rows.map((r) => `user ${r.user_id}: balance ${r.credits}, ledger sum ${r.ledger}`),
  };
}
