/**
 * After a crash that may have lost acknowledged commits (the embedded database on a machine that
 * went down: db/run-marker.ts, ADR 0025), every table's shoe is withdrawn before the server takes
 * a request: a lost answer may have shown cards (the hole card, the next cards of the shoe) that
 * the restored table would otherwise deal again. A round in progress is called off and its
 * stakes (fee included) are returned through the ledger; the shoe is revealed; the next deal
 * shuffles a new one. Runs at start only, so nothing races it; each table in its own transaction,
 * gated on its version, so a second run after a crash in the middle finishes the rest.
 */
import { withdrawShoe } from '@card-counter/engine';
import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { restoreState } from './store.ts';

/** Tables read per page (bounded memory; the loop ends when a page comes back short). */
const PAGE_ROWS = 200;
/** Pages at most: 200 x 50,000 tables, far beyond what one embedded database serves. */
const PAGES_MAX = 50_000;

export interface WithdrawReport {
  tables: number;
  roundsCalledOff: number;
  creditsReturned: number;
}

/** The credits the round in progress took: every stake (and the fee) since its deal. */
async function roundStakes(trx: Kysely<DB>, userId: string, tableId: string): Promise<number> {
  const r = await sql<{ taken: number }>`
    with deal as (
      select max((metadata->>'version')::integer) as version from credit_transactions
      where user_id = ${userId} and type = 'game' and metadata->>'table' = ${tableId} and metadata->>'action' = 'deal'
    )
    select coalesce(-sum(amount), 0)::integer as taken from credit_transactions, deal
    where user_id = ${userId} and type = 'game' and metadata->>'table' = ${tableId} and amount < 0
      and (metadata->>'version')::integer >= deal.version`.execute(trx);
  return r.rows[0]?.taken ?? 0;
}

export async function withdrawShoesAfterLoss(db: Database, now: Date): Promise<WithdrawReport> {
  const report: WithdrawReport = { tables: 0, roundsCalledOff: 0, creditsReturned: 0 };
  let after = '';
  for (let page = 0; page < PAGES_MAX; page++) {
    const rows = await db.kysely
      .selectFrom('game_tables')
      .select(['user_id', 'table_id', 'version', 'state'])
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(PAGE_ROWS)
      .execute();
    for (const row of rows) {
      const state = restoreState(row.state);
      if (state.deck === null && state.heldShoes.length === 0 && !state.gameInProgress) continue;
      const { state: next, published } = withdrawShoe(state);
      await db.kysely.transaction().execute(async (trx) => {
        const refund = state.gameInProgress ? await roundStakes(trx, row.user_id, row.table_id) : 0;
        if (refund > 0) {
          const credited = await applyCreditInTransaction(trx, {
            userId: row.user_id,
            type: 'game',
            amount: refund,
            description: 'Blackjack: round called off after a server restart (stakes returned)',
            metadata: { table: row.table_id, version: next.version, action: 'withdrawn' },
            idempotencyKey: `table:${row.table_id}:v${next.version}:withdrawn`,
            now,
          });
          next.balance = credited.balance;
        }
        const moved = await trx
          .updateTable('game_tables')
          .set({ version: next.version, state: JSON.stringify(next), updated_at: now })
          .where('user_id', '=', row.user_id)
          .where('version', '=', row.version)
          .executeTakeFirst();
        if (moved.numUpdatedRows !== 1n) throw new Error(`table of ${row.user_id} moved during the start-up withdrawal`);
        // Oldest first, as the table's write records a step's reveals (ids in publication order).
        for (const shoe of published)
          await trx
            .insertInto('game_shoe_reveals')
            .values({ user_id: row.user_id, commitment: shoe.commitment, reveal: JSON.stringify(shoe.reveal), replaced_at: now })
            .execute();
        report.tables += 1;
        if (state.gameInProgress) report.roundsCalledOff += 1;
        report.creditsReturned += refund;
      });
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < PAGE_ROWS) break;
    after = last.user_id;
  }
  return report;
}
