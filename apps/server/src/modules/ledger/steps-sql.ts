/**
 * Ledger steps as part of a caller's statement (ADR 0025, docs/decisions/0025-one-statement-table-action.md):
 * the table writes an action (its state, the stakes and payout, the statistics, the answer) in
 * ONE statement, without a transaction of its own, so the ledger's writes come as CTEs for it.
 * The ledger still owns every write of a balance (ADR 0001): this file builds them, checks the
 * rows they wrote, and keeps the invariants of ledger.ts:
 *
 * - the balance moves only if it is still `creditsBefore` (the caller read it without a lock);
 *   otherwise NOTHING in the statement changes (the caller gates its writes on `lg_prof`) and
 *   the caller reads again and retries;
 * - every step's row carries its balance_after, never below 0 (also a CHECK), in step order;
 * - the balance = the sum of the rows: one update of the profile by the steps' total;
 * - the profile topic is announced (delivered at commit) whenever the profile row changed.
 *
 * Idempotency here is the caller's: the steps' keys are unique (UNIQUE index), and a caller
 * that wrote them once must not be able to write them again (the table's version gate).
 */
import { AppError } from '@card-counter/shared';
import { sql, type RawBuilder } from 'kysely';
import { LIVE_TOPICS, assertLiveKey } from '../../live/topics.ts';
import { creditsUpdate } from '../profiles/sql.ts';
import { validateCreditInput } from './ledger.ts';

export interface LedgerStep {
  type: string;
  /** Positive credits, negative debits; never 0. */
  amount: number;
  description: string;
  metadata: Record<string, unknown> | null;
  idempotencyKey: string;
}

export interface LedgerStepsInput {
  userId: string;
  /** The balance the caller decided on: the steps apply only if it is the balance when they run. */
  creditsBefore: number;
  /** Applied in order (each row's balance_after follows the one before). */
  steps: readonly LedgerStep[];
  now: Date;
  /** The caller's own condition: when false, the profile is neither locked nor changed. */
  gate: RawBuilder<boolean>;
  /**
   * Other columns of the profile row, set by the same update (PostgreSQL changes a row once per
   * statement): a piece of profiles/sql.ts. A constant text whatever the values, so the
   * statement stays one prepared text. Null: none.
   */
  alsoSet: RawBuilder<unknown> | null;
  /**
   * Lock and update the profile row even without a step (the caller's statistics, or its lock
   * order: the profile before the reward counters). Always true when there are steps.
   */
  touch: boolean;
}

export interface LedgerStepsSql {
  /** Three CTEs: `lg_prof` (the profile's update; one row when it ran), `lg_rows`, `lg_notice`. */
  ctes: RawBuilder<unknown>;
  /** An expression answering the rows written as JSON ([] when none), for the caller's RETURNING. */
  rows: RawBuilder<unknown>;
  /** The balance after each step, in order (the rows' balance_after). */
  running: number[];
  /** Whether `lg_prof` updates the profile (a step, or `touch`): the caller's gate counts on it. */
  touched: boolean;
}

/** Largest number of steps in one statement (the table writes at most two: stakes, payout). */
const STEPS_MAX = 8;

export function ledgerStepsSql(input: LedgerStepsInput): LedgerStepsSql {
  const { userId, creditsBefore, steps, now } = input;
  if (steps.length > STEPS_MAX) throw new Error(`ledger: ${steps.length} steps in one statement`);
  if (!Number.isSafeInteger(creditsBefore) || creditsBefore < 0) throw new Error(`ledger: bad balance ${creditsBefore}`);
  assertLiveKey(userId);
  const running: number[] = [];
  let balance = creditsBefore;
  for (const step of steps) {
    validateCreditInput({ ...step, userId });
    balance += step.amount;
    // The engine refuses what the balance cannot cover; this is the ledger's own guard.
    if (balance < 0) throw new AppError('INSUFFICIENT_CREDITS');
    running.push(balance);
  }
  const touched = input.touch || steps.length > 0;
  const col = <T>(pick: (s: LedgerStep) => T): T[] => steps.map(pick);
  const update = creditsUpdate({
    userId,
    before: creditsBefore,
    delta: balance - creditsBefore,
    now,
    when: sql<boolean>`${touched}::boolean and ${input.gate}`,
    also: input.alsoSet,
  });
  const ctes = sql`lg_prof as (${update}),
    lg_rows as (
      insert into credit_transactions
        (user_id, type, amount, balance_after, description, metadata, idempotency_key, created_at)
      select ${userId}::text, s.type, s.amount, s.balance_after, s.description, s.metadata, s.key, ${now}::timestamptz
      from lg_prof, unnest(${col((s) => s.type)}::text[], ${col((s) => s.amount)}::integer[], ${running}::integer[],
        ${col((s) => s.description)}::text[], ${col((s) => (s.metadata === null ? null : JSON.stringify(s.metadata)))}::jsonb[],
        ${col((s) => s.idempotencyKey)}::text[]) with ordinality as s(type, amount, balance_after, description, metadata, key, n)
      order by s.n
      returning id, amount, balance_after, idempotency_key
    ),
    lg_notice as (select pg_notify(${LIVE_TOPICS.profile}, ${userId}) from lg_prof)`;
  const rows = sql`(select coalesce(json_agg(json_build_object('id', id::text, 'amount', amount,
      'balance', balance_after, 'key', idempotency_key) order by id), '[]'::json) from lg_rows
    where (select count(*) from lg_notice) = (select count(*) from lg_prof))`;
  return { ctes, rows, running, touched };
}

/**
 * The rows `ledgerStepsSql` wrote, checked against the steps: one per step, in order, each
 * with its amount, key and the balance it was computed to leave. Answers the balance after them.
 */
export function checkLedgerSteps(sqlOf: LedgerStepsSql, steps: readonly LedgerStep[], creditsBefore: number, written: unknown): number {
  const rows = written as { amount: number; balance: number; key: string }[];
  if (!Array.isArray(rows) || rows.length !== steps.length)
    throw new Error(`ledger invariant: ${steps.length} steps, ${Array.isArray(rows) ? rows.length : 'no'} rows written`);
  steps.forEach((step, i) => {
    const row = rows[i];
    if (row?.amount !== step.amount || row.balance !== sqlOf.running[i] || row.key !== step.idempotencyKey)
      throw new Error('ledger invariant: a written row differs from its step');
  });
  return sqlOf.running.at(-1) ?? creditsBefore;
}
