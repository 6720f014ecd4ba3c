/**
 * The simulator's runs (contract: packages/shared/src/api/simulator.ts): one row per charged
 * run, written in the charge's transaction; the browser adds the result when the run ends.
 * Bounded per player (SIM_RUNS_PER_USER_MAX, oldest dropped). The run id is also the ledger's
 * idempotency key, so a retried charge finds both the ledger row and this one.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0009: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('simulator_runs')
      .addColumn('run_id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .addColumn('result', 'jsonb')
      .addColumn('mine', 'jsonb')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('simulator_runs_user_created_idx')
      .on('simulator_runs')
      .columns(['user_id', 'created_at'])
      .execute();
  },
};
