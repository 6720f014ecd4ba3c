/**
 * The operator's tools:
 * - `admin_audit_log`: every admin action, who, when, what and why. Append-only for real: a
 *   trigger refuses UPDATE, DELETE and TRUNCATE, so neither the app nor a careless query can
 *   rewrite history (decision record 0014). No foreign keys: an entry outlives the accounts it
 *   names.
 * - `user_blocks`: accounts an operator blocked from signing in (one row while blocked). The
 *   auth layer refuses new sessions for them; blocking also deletes their sessions.
 * - `mail_send_failures`: SMTP sends that failed, for the health view (the outbox only
 *   holds mails when no SMTP_URL is set).
 * Self-contained: a released migration must not change when the app's code does.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0011: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admin_audit_log')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('admin_user_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_user_id', 'text')
      .addColumn('reason', 'text', (c) => c.notNull().check(sql`length(trim(reason)) > 0`))
      .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('admin_audit_log_target_id_idx')
      .on('admin_audit_log')
      .columns(['target_user_id', 'id'])
      .execute();
    await sql`
      create function admin_audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'admin_audit_log is append-only: % refused', tg_op
          using errcode = 'insufficient_privilege';
      end $$`.execute(db);
    await sql`
      create trigger admin_audit_log_no_rewrite before update or delete on admin_audit_log
      for each row execute function admin_audit_log_append_only()`.execute(db);
    await sql`
      create trigger admin_audit_log_no_truncate before truncate on admin_audit_log
      for each statement execute function admin_audit_log_append_only()`.execute(db);

    await db.schema
      .createTable('user_blocks')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('auth_user.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('blocked_by', 'text', (c) => c.notNull())
      .addColumn('blocked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('mail_send_failures')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('error', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('mail_send_failures_created_at_idx')
      .on('mail_send_failures')
      .column('created_at')
      .execute();
  },
};
