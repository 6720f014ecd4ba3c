/**
 * The credit ledger: the ONLY code that changes a balance (ADR 0001,
 * docs/decisions/0001-credit-ledger.md). Each change is one database transaction that
 * 1. locks the profile row (SELECT ... FOR UPDATE) so concurrent changes of one user queue,
 * 2. replays an earlier result when the idempotency key was already used,
 * 3. refuses a balance below zero (INSUFFICIENT_CREDITS),
 * 4. writes the new balance and appends the ledger row with balance_after,
 * 5. publishes the user's `profile` live topic (delivered on commit) for the live profile streams.
 * Invariants: credits >= 0 (also a CHECK), credits = sum(amount) of the user's rows,
 * one row per idempotency key (UNIQUE).
 */
import { AppError, CreditTransactionTypeSchema, type CreditTransaction } from '@card-counter/shared';
import { sql, type Kysely, type Selectable } from 'kysely';
import { isUniqueViolation, type Database, type DB } from '../../db/index.ts';
import { LIVE_TOPICS, assertLiveKey } from '../../live/topics.ts';
import { creditsUpdate } from '../profiles/sql.ts';

/** Largest single change; far above any pack (500,000) and far below integer overflow. */
export const CREDIT_AMOUNT_MAX = 100_000_000;

export interface CreditInput {
  userId: string;
  /** 'game', 'bonus', 'purchase', 'signup', ... (a lower-case identifier). */
  type: string;
  /** Positive credits, negative debits; never 0. */
  amount: number;
  description: string;
  metadata?: Record<string, unknown> | null | undefined;
  /** Same key again (retry, race, replay) = the first result, credited once. Globally unique: namespace it. */
  idempotencyKey?: string | undefined;
  /** Time of the entry (injected clock); default now. */
  now?: Date | undefined;
}

export interface CreditResult {
  transaction: CreditTransaction;
  /** Balance after this operation (for a replay: after the original one). */
  balance: number;
  /** false when the idempotency key had been used: nothing changed this time. */
  applied: boolean;
}

type Row = Omit<Selectable<DB['credit_transactions']>, 'id'> & { id: string };

export function toCreditTransaction(row: Row): CreditTransaction {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    amount: row.amount,
    balance: row.balance_after,
    description: row.description,
    metadata: row.metadata,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The checks every ledger entry passes (also ledgerStepsSql's, steps-sql.ts). */
export function validateCreditInput(input: CreditInput): void {
  if (
    !Number.isSafeInteger(input.amount) ||
    input.amount === 0 ||
    Math.abs(input.amount) > CREDIT_AMOUNT_MAX
  ) {
    throw new AppError(
      'VALIDATION_FAILED',
      `amount must be a non-zero integer of at most ${CREDIT_AMOUNT_MAX}`,
    );
  }
  if (!CreditTransactionTypeSchema.safeParse(input.type).success) {
    throw new AppError('VALIDATION_FAILED', `bad transaction type: ${input.type}`);
  }
  if (input.userId === '' || input.description.length > 500) {
    throw new AppError('VALIDATION_FAILED', 'userId must be set and description at most 500 characters');
  }
  if (
    input.idempotencyKey !== undefined &&
    (input.idempotencyKey === '' || input.idempotencyKey.length > 200)
  ) {
    throw new AppError('VALIDATION_FAILED', 'idempotencyKey must be 1..200 characters');
  }
}

const rowColumns = [
  sql<string>`id::text`.as('id'),
  'user_id',
  'type',
  'amount',
  'balance_after',
  'description',
  'metadata',
  'idempotency_key',
  'created_at',
] as const;

async function findByKey(db: Kysely<DB>, key: string): Promise<Row | undefined> {
  return db
    .selectFrom('credit_transactions')
    .select(rowColumns)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

function replay(row: Row, input: CreditInput): CreditResult {
  // Same key, different operation: a caller bug that must not pass silently as a success.
  if (row.user_id !== input.userId || row.amount !== input.amount || row.type !== input.type) {
    throw new Error(`idempotency key ${input.idempotencyKey ?? ''} reused for a different operation`);
  }
  return { transaction: toCreditTransaction(row), balance: row.balance_after, applied: false };
}

/**
 * The ledger step inside the caller's transaction (for operations that change other
 * profile fields atomically with the credit, e.g. the daily bonus). `trx` must be a
 * transaction: the row lock lives until it ends.
 *
 * After the lock, the rest is ONE statement (steps 2 to 5 of the file comment): the replay of
 * a used key, the balance update (refused below zero), the row and the live notice.
 */
export async function applyCreditInTransaction(
  trx: Kysely<DB>,
  input: CreditInput,
): Promise<CreditResult> {
  validateCreditInput(input);
  const profile = await trx
    .selectFrom('profiles')
    .select('credits')
    .where('user_id', '=', input.userId)
    .forUpdate()
    .executeTakeFirst();
  if (profile === undefined) throw new AppError('USER_DOC_MISSING');
  const credits = profile.credits;
  assertLiveKey(input.userId);
  const balance = credits + input.amount;
  if (!Number.isSafeInteger(balance)) throw new Error(`balance overflow for ${input.userId}`);
  const now = input.now ?? new Date();
  const key = input.idempotencyKey ?? null;
  const metadata = input.metadata == null ? null : JSON.stringify(input.metadata);
  // Run after the lock: a racing twin with the same key has committed by now, so `prior` sees it.
  // The update also checks the credits read under the lock: a mismatch is a bug, never a race,
  // and fails below rather than writing a wrong balance.
  const { rows } = await sql<Row & { replay: boolean }>`
    with prior as (
      select id::text as id, user_id, type, amount, balance_after, description, metadata,
             idempotency_key, created_at
      from credit_transactions where ${key}::text is not null and idempotency_key = ${key}
    ),
    upd as (${creditsUpdate({
      userId: input.userId,
      before: credits,
      delta: input.amount,
      now,
      when: sql<boolean>`${balance}::bigint >= 0 and not exists (select 1 from prior)`,
      also: null,
    })}),
    ins as (
      insert into credit_transactions
        (user_id, type, amount, balance_after, description, metadata, idempotency_key, created_at)
      select ${input.userId}::text, ${input.type}::text, ${input.amount}::integer, upd.credits,
             ${input.description}::text, ${metadata}::jsonb, ${key}::text, ${now}::timestamptz
      from upd
      returning id::text as id, user_id, type, amount, balance_after, description, metadata,
                idempotency_key, created_at
    ),
    notice as (select pg_notify(${LIVE_TOPICS.profile}, ${input.userId}) from ins)
    select false as replay, ins.* from ins where (select count(*) from notice) = 1
    union all
    select true as replay, prior.* from prior`.execute(trx);
  if (rows.length > 1) throw new Error('ledger invariant: one idempotency key, several rows');
  const row = rows[0];
  if (row !== undefined && row.replay) return replay(row, input);
  if (row === undefined) {
    if (balance < 0) throw new AppError('INSUFFICIENT_CREDITS');
    throw new Error('ledger invariant: locked profile changed under the lock');
  }
  if (row.balance_after !== balance || row.amount !== input.amount) {
    throw new Error('ledger invariant: written row differs from the computed change');
  }
  return { transaction: toCreditTransaction(row), balance, applied: true };
}

/** Applies one credit or debit in its own transaction. See the file comment. */
export async function applyCredit(db: Database, input: CreditInput): Promise<CreditResult> {
  try {
    return await db.kysely.transaction().execute((trx) => applyCreditInTransaction(trx, input));
  } catch (e) {
    // The same key raced by another user's operation (it cannot race under one user's
    // lock): the unique index refused the second row; answer with the first.
    if (input.idempotencyKey !== undefined && isUniqueViolation(e)) {
      const existing = await findByKey(db.kysely, input.idempotencyKey);
      if (existing !== undefined) return replay(existing, input);
    }
    throw e;
  }
}

export interface TransactionsPageInput {
  limit: number;
  /** Exclusive upper bound on the id (the previous page's nextCursor). */
  cursor?: string | undefined;
}

/** The user's ledger, newest first, keyset-paginated by id (stable under inserts). */
export async function listTransactions(
  db: Database,
  userId: string,
  { limit, cursor }: TransactionsPageInput,
): Promise<{ items: CreditTransaction[]; nextCursor: string | null }> {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new RangeError(`bad limit ${limit}`);
  let q = db.kysely.selectFrom('credit_transactions').select(rowColumns).where('user_id', '=', userId);
  if (cursor !== undefined) q = q.where(sql<boolean>`id < ${cursor}::bigint`);
  const rows = await q
    // The table's bigint id, not the selected `id::text` alias (which would sort as text).
    .orderBy(sql`credit_transactions.id`, 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).map(toCreditTransaction);
  const last = page.at(-1);
  return { items: page, nextCursor: rows.length > limit && last !== undefined ? last.id : null };
}

/** Sum of the user's ledger amounts (the invariant's right-hand side; tests and audits). */
export async function ledgerSum(db: Kysely<DB>, userId: string): Promise<{ sum: number; count: number }> {
  const r = await db
    .selectFrom('credit_transactions')
    .select([sql<string>`coalesce(sum(amount), 0)::text`.as('sum'), sql<string>`count(*)::text`.as('count')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { sum: Number(r.sum), count: Number(r.count) };
}
