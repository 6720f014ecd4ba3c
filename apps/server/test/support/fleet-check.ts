/**
 * What must hold in the database after a server process was lost under load (issue 29), read
 * straight from PostgreSQL, not through the servers: the fault test and `npm run bench:scale
 * -- --fault` both call it. Answers the problems found, one line each; empty means it held.
 *
 * - every table action the players saw answered (200) is stored with the version it answered,
 *   unless the table has moved on past the bounded retention of answers (ACTION_ANSWERS_KEPT);
 * - every player's balance equals the sum of their ledger, and is >= 0 (ADR 0001);
 * - every payment is credited at most once, only when succeeded, with the pack's credits; and
 *   every purchase the players saw confirmed is credited exactly once.
 */
import pg from 'pg';
import { ACTION_ANSWERS_KEPT_versions } from '../../src/modules/table/index.ts';

export interface AnsweredAction {
  userId: string;
  actionId: string;
  /** The table version the answer showed. */
  version: number;
}

export interface FleetRecord {
  answered: AnsweredAction[];
  /** Intents whose card confirmation the players saw succeed (they must end credited once). */
  confirmedIntents: string[];
}

/** Ids go to PostgreSQL as one array parameter: bounded so a bench cannot build a huge query. */
const IDS_MAX = 1_000_000;

export async function checkFleetInvariants(databaseUrl: string, record: FleetRecord): Promise<string[]> {
  if (record.answered.length > IDS_MAX || record.confirmedIntents.length > IDS_MAX)
    throw new Error('record too large to check');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  try {
    // 1. Answered actions, by (user, action id), and the table's version now.
    const users = [...new Set(record.answered.map((a) => a.userId))];
    const stored = await client.query<{
      user_id: string;
      action_id: string;
      table_version: number;
      status: number;
    }>(
      `select user_id, action_id, table_version, status from game_table_actions where user_id = any($1::text[])`,
      [users],
    );
    const tables = await client.query<{ user_id: string; version: number }>(
      `select user_id, version from game_tables where user_id = any($1::text[])`,
      [users],
    );
    const versionNow = new Map(tables.rows.map((r) => [r.user_id, r.version]));
    const byKey = new Map(stored.rows.map((r) => [`${r.user_id}/${r.action_id}`, r]));
    for (const a of record.answered) {
      const now = versionNow.get(a.userId);
      if (now === undefined) {
        problems.push(`user ${a.userId}: answered action ${a.actionId} but no table row`);
        continue;
      }
      if (now < a.version)
        problems.push(`user ${a.userId}: table at version ${now}, below the answered ${a.version}`);
      const row = byKey.get(`${a.userId}/${a.actionId}`);
      if (row === undefined) {
        if (a.version > now - ACTION_ANSWERS_KEPT_versions)
          problems.push(`user ${a.userId}: answered action ${a.actionId} (v${a.version}) is not stored`);
      } else if (row.status !== 200 || row.table_version !== a.version) {
        problems.push(
          `user ${a.userId}: action ${a.actionId} stored as ${row.status} v${row.table_version}, answered 200 v${a.version}`,
        );
      }
    }

    // 2. Balance = ledger sum, >= 0, for every profile in the database.
    const balances = await client.query<{ user_id: string; credits: number; ledger: string }>(
      `select p.user_id, p.credits, coalesce(l.total, 0)::text as ledger
         from profiles p
         left join (select user_id, sum(amount) as total from credit_transactions group by user_id) l using (user_id)
        where p.credits <> coalesce(l.total, 0) or p.credits < 0`,
    );
    for (const r of balances.rows)
      problems.push(`user ${r.user_id}: balance ${r.credits}, ledger sum ${r.ledger}`);

    // 3. Payments: credited at most once, only when succeeded, with the pack's credits.
    const payments = await client.query<{
      payment_intent_id: string;
      status: string;
      fulfilled: boolean;
      credits: number;
      rows: number;
      credited: string;
    }>(
      `select p.payment_intent_id, p.status, p.fulfilled_at is not null as fulfilled, p.credits,
              count(t.id)::int as rows, coalesce(sum(t.amount), 0)::text as credited
         from payments p
         left join credit_transactions t on t.idempotency_key = 'purchase:' || p.payment_intent_id
        group by p.payment_intent_id, p.status, p.fulfilled_at, p.credits`,
    );
    const paymentOf = new Map(payments.rows.map((r) => [r.payment_intent_id, r]));
    for (const r of payments.rows) {
      const expected = r.fulfilled ? 1 : 0;
      if (r.rows !== expected)
        problems.push(`payment ${r.payment_intent_id}: ${r.rows} ledger credits, fulfilled ${r.fulfilled}`);
      if (r.fulfilled && r.status !== 'succeeded')
        problems.push(`payment ${r.payment_intent_id}: fulfilled while ${r.status}`);
      if (r.rows === 1 && Number(r.credited) !== r.credits)
        problems.push(`payment ${r.payment_intent_id}: credited ${r.credited}, pack ${r.credits}`);
    }
    for (const id of record.confirmedIntents) {
      const p = paymentOf.get(id);
      if (p === undefined || !p.fulfilled || p.rows !== 1)
        problems.push(
          `confirmed purchase ${id}: ${p === undefined ? 'no payment row' : `${p.rows} credits, fulfilled ${p.fulfilled}`}`,
        );
    }
  } finally {
    await client.end();
  }
  return problems;
}
