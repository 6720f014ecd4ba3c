/**
 * Per-account sign-in limit, on top of better-auth's per-IP limits (decision record 0003):
 * guessing one account's password from many addresses is slowed too. After
 * ACCOUNT_FAILURES_MAX failed e-mail sign-ins, that e-mail's sign-ins are refused with 429
 * RATE_LIMITED and Retry-After until ACCOUNT_WINDOW_ms has passed since the last failure.
 * Refused attempts do not count, so the lock always ends; a success clears the count. The
 * owner is slowed, never locked out for good, and can still reset the password.
 *
 * The counts live in better-auth's `auth_rate_limit` table (shared by every process) under
 * keys `account-sign-in:<sha256 of the e-mail>`, which cannot collide with its `<ip><path>`
 * keys. Root Fastify hooks, so they see the auth routes (registered in a child) too.
 */
import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '@card-counter/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/index.ts';
import { readBodyString } from './errors.ts';

export const ACCOUNT_FAILURES_MAX = 10;
export const ACCOUNT_WINDOW_ms = 15 * 60 * 1000;
const SIGN_IN_PATH = '/api/auth/sign-in/email';

function accountKey(request: FastifyRequest): string | undefined {
  if (request.method !== 'POST' || request.url.split('?')[0] !== SIGN_IN_PATH) return undefined;
  let body: unknown = request.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  const email = readBodyString(body, 'email')?.trim().toLowerCase();
  if (email === undefined || email === '') return undefined;
  return `account-sign-in:${createHash('sha256').update(email).digest('hex')}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    accountSignInKey?: string | undefined;
  }
}

export function installAccountSignInLimit(app: FastifyInstance, db: Database): void {
  app.decorateRequest('accountSignInKey', undefined);
  app.addHook('preHandler', async (request, reply) => {
    const key = accountKey(request);
    if (key === undefined) return;
    request.accountSignInKey = key;
    const row = await sql<{ count: number; lastRequest: string | number }>`
      select count, "lastRequest" from auth_rate_limit where key = ${key}`.execute(db.kysely);
    const state = row.rows[0];
    if (state === undefined || state.count < ACCOUNT_FAILURES_MAX) return;
    const wait_ms = Number(state.lastRequest) + ACCOUNT_WINDOW_ms - Date.now();
    if (wait_ms <= 0) return;
    const wait_s = Math.ceil(wait_ms / 1000);
    reply.header('retry-after', String(wait_s));
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-ins for this account. Try again in ${Math.ceil(wait_s / 60)} minutes, or reset your password.`,
    );
  });
  // onSend, not onResponse: the count is stored before the client hears the answer, so its
  // next attempt cannot overtake the increment.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.accountSignInKey;
    if (key === undefined) return payload;
    const now = Date.now();
    if (reply.statusCode === 200) {
      await sql`delete from auth_rate_limit where key = ${key}`.execute(db.kysely);
    } else if (reply.statusCode === 401) {
      await sql`
        insert into auth_rate_limit (id, key, count, "lastRequest") values (${randomUUID()}, ${key}, 1, ${now})
        on conflict (key) do update set
          count = case when auth_rate_limit."lastRequest" < ${now - ACCOUNT_WINDOW_ms} then 1
                       else auth_rate_limit.count + 1 end,
          "lastRequest" = ${now}`.execute(db.kysely);
    }
    return payload;
  });
}
