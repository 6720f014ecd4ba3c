/**
 * Card payments and rewards.
 * - `payments`: every payment attempt, one row per payment intent, whichever provider made it
 *   (the admin page and support read it). `status` mirrors the provider's intent status;
 *   `fulfilled_at` is set once, in the transaction that credits the pack, and is what makes
 *   fulfilment idempotent (ADR 0010).
 * - `demo_payment_intents`: the demo provider's own state (what Stripe keeps on its side for
 *   real intents), so verify reads the demo provider the same way it reads Stripe.
 * - `reward_progress`: the counters achievements and levels are computed from (hands played,
 *   experience, ...), one row per (user, metric).
 */
import { sql, type Kysely, type Migration } from 'kysely';

const INTENT_STATUSES = sql`(
  'requires_payment_method', 'requires_confirmation', 'requires_action', 'processing',
  'requires_capture', 'canceled', 'succeeded'
)`;

export const migration0007: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payments')
      .addColumn('payment_intent_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
      .addColumn('pack_id', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits > 0`))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${INTENT_STATUSES}`))
      .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'demo')`))
      // The provider's last error for this intent (a declined card's message), for support.
      .addColumn('failure_message', 'text')
      // Credits of the first-purchase bonus paid with this payment (0 or 5000).
      .addColumn('bonus_credits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('fulfilled_at', 'timestamptz')
      .addCheckConstraint('payments_fulfilled_succeeded', sql`fulfilled_at is null or status = 'succeeded'`)
      .execute();
    await db.schema
      .createIndex('payments_user_created_idx')
      .on('payments')
      .columns(['user_id', 'created_at desc'])
      .execute();
    await db.schema.createIndex('payments_created_idx').on('payments').columns(['created_at desc']).execute();

    await db.schema
      .createTable('demo_payment_intents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('client_secret', 'text', (c) => c.notNull().unique())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${INTENT_STATUSES}`))
      .addColumn('metadata', 'jsonb', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('reward_progress')
      .addColumn('user_id', 'text', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('value', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`value >= 0`),
      )
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('reward_progress_pkey', ['user_id', 'metric'])
      .execute();
  },
};
