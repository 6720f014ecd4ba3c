// Admin grants and removals: through the ledger (type 'admin'), once per requestId, never
// below zero, each with its audit entry; and the audit log cannot be rewritten.
import { INITIAL_CREDITS, type AdminAuditPage, type TransactionsPage } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { buildAppWithAdmin } from './support/admin.ts';
import { signUpPlayer, type Caller, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

let seq = 0;
function requestId(): string {
  seq += 1;
  return `req-${Date.now().toString(36)}-${seq}`;
}

forEachDatabase('admin credits and audit log', (t) => {
  let app: FastifyInstance;
  let admin: Player;
  let asAdmin: Caller;
  beforeAll(async () => {
    ({ app, admin, asAdmin } = await buildAppWithAdmin(t.db));
  });
  afterAll(async () => {
    await app.close();
  });

  const credits = (userId: string, body: unknown) =>
    asAdmin('POST', `/api/admin/users/${userId}/credits`, body);
  const auditOf = async (userId: string) =>
    (await asAdmin('GET', `/api/admin/audit?targetUserId=${userId}`)).json() as AdminAuditPage;

  it('a grant and a removal reconcile in the ledger and in the audit log', async () => {
    const p = await signUpPlayer(app, 'grant');
    const grant = await credits(p.id, {
      requestId: requestId(),
      amount: 2500,
      reason: 'Lost hand after outage',
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json()).toMatchObject({
      applied: true,
      balance: INITIAL_CREDITS + 2500,
      transaction: { type: 'admin', amount: 2500 },
    });
    const removal = await credits(p.id, { requestId: requestId(), amount: -1000, reason: 'Duplicate grant' });
    expect(removal.statusCode, removal.body).toBe(200);
    expect(removal.json()).toMatchObject({ balance: INITIAL_CREDITS + 1500 });

    // The player sees both, with the reason, in their own history; the balance is the ledger's sum.
    const mine = (await p.call('GET', '/api/me/transactions')).json() as TransactionsPage;
    expect(mine.items.slice(0, 2).map((r) => [r.type, r.amount, r.description])).toEqual([
      ['admin', -1000, 'Credits removed by support: Duplicate grant'],
      ['admin', 2500, 'Credits added by support: Lost hand after outage'],
    ]);
    const me = (await p.call('GET', '/api/me')).json() as { credits: number };
    expect(me.credits).toBe(INITIAL_CREDITS + 1500);
    expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(me.credits);

    // The operator's view of the ledger shows the same rows.
    const viaAdmin = (
      await asAdmin('GET', `/api/admin/users/${p.id}/transactions?limit=2`)
    ).json() as TransactionsPage;
    expect(viaAdmin.items.map((r) => r.amount)).toEqual([-1000, 2500]);
    expect(viaAdmin.nextCursor).not.toBeNull();

    const audit = await auditOf(p.id);
    expect(audit.items.map((e) => [e.action, e.reason, e.details.amount, e.adminUserId])).toEqual([
      ['credits.remove', 'Duplicate grant', -1000, admin.id],
      ['credits.grant', 'Lost hand after outage', 2500, admin.id],
    ]);
    expect(audit.items[0]?.targetEmail).toMatch(/^grant-/);
    expect(audit.items[0]?.adminEmail).toMatch(/^admin-/);
    expect(audit.items[0]?.details.transactionId).toBe(mine.items[0]?.id);
  });

  it('a removal below zero is refused with INSUFFICIENT_CREDITS and changes nothing', async () => {
    const p = await signUpPlayer(app, 'below-zero');
    const res = await credits(p.id, {
      requestId: requestId(),
      amount: -(INITIAL_CREDITS + 1),
      reason: 'Too much',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'INSUFFICIENT_CREDITS' } });
    expect(((await p.call('GET', '/api/me')).json() as { credits: number }).credits).toBe(INITIAL_CREDITS);
    expect((await ledgerSum(t.db.kysely, p.id)).count).toBe(1);
    expect((await auditOf(p.id)).items).toEqual([]);
    // Down to exactly zero is allowed.
    const all = await credits(p.id, {
      requestId: requestId(),
      amount: -INITIAL_CREDITS,
      reason: 'Reset abuse',
    });
    expect(all.json()).toMatchObject({ balance: 0 });
  });

  it('a retried request (same requestId) credits once and writes one audit entry', async () => {
    const p = await signUpPlayer(app, 'retry');
    const body = { requestId: requestId(), amount: 700, reason: 'Goodwill' };
    const results = await Promise.all([credits(p.id, body), credits(p.id, body), credits(p.id, body)]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(results.filter((r) => (r.json() as { applied: boolean }).applied)).toHaveLength(1);
    const again = await credits(p.id, body);
    expect(again.json()).toMatchObject({ applied: false, balance: INITIAL_CREDITS + 700 });
    expect(((await p.call('GET', '/api/me')).json() as { credits: number }).credits).toBe(
      INITIAL_CREDITS + 700,
    );
    expect((await auditOf(p.id)).items).toHaveLength(1);
  });

  it('a requestId reused for a different change is 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const p = await signUpPlayer(app, 'reuse');
    const q = await signUpPlayer(app, 'reuse-other');
    const id = requestId();
    expect((await credits(p.id, { requestId: id, amount: 10, reason: 'First' })).statusCode).toBe(200);
    const otherAmount = await credits(p.id, { requestId: id, amount: 11, reason: 'First' });
    expect(otherAmount.statusCode).toBe(409);
    expect(otherAmount.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const otherUser = await credits(q.id, { requestId: id, amount: 10, reason: 'First' });
    expect(otherUser.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(((await q.call('GET', '/api/me')).json() as { credits: number }).credits).toBe(INITIAL_CREDITS);
  });

  it('refuses zero, fractions, amounts over the cap and a missing reason', async () => {
    const p = await signUpPlayer(app, 'bad-amounts');
    for (const body of [
      { requestId: requestId(), amount: 0, reason: 'zero' },
      { requestId: requestId(), amount: 1.5, reason: 'fraction' },
      { requestId: requestId(), amount: 10_000_001, reason: 'too big' },
      { requestId: requestId(), amount: 5 },
      { requestId: 'short', amount: 5, reason: 'bad id' },
    ]) {
      const res = await credits(p.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await ledgerSum(t.db.kysely, p.id)).count).toBe(1);
  });

  it('bug 39.7: a grant is exactly what was sent or refused with a stable code: fractions, text and signs in text change nothing', async () => {
    const p = await signUpPlayer(app, 'exact-amounts');
    const cases: [unknown, string][] = [
      [0.5, 'ADMIN_AMOUNT_NOT_WHOLE'],
      [1.5, 'ADMIN_AMOUNT_NOT_WHOLE'],
      [-0.5, 'ADMIN_AMOUNT_NOT_WHOLE'],
      ['-500', 'ADMIN_AMOUNT_NOT_WHOLE'],
      ['1e3', 'ADMIN_AMOUNT_NOT_WHOLE'],
      [0, 'ADMIN_AMOUNT_ZERO'],
      [10_000_001, 'ADMIN_AMOUNT_OUT_OF_RANGE'],
    ];
    for (const [amount, code] of cases) {
      const res = await credits(p.id, { requestId: requestId(), amount, reason: 'negative test' });
      expect(res.statusCode, JSON.stringify(amount)).toBe(400);
      const body = res.json() as { error: { code: string; message: string } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message, JSON.stringify(amount)).toContain(`body.amount: ${code}`);
    }
    expect((await ledgerSum(t.db.kysely, p.id)).count).toBe(1);
    // -500 is a removal of exactly 500.
    const removal = await credits(p.id, { requestId: requestId(), amount: -500, reason: 'negative test' });
    expect(removal.statusCode, removal.body).toBe(200);
    expect((removal.json() as { balance: number }).balance).toBe(INITIAL_CREDITS - 500);
  });

  it('the audit log is append-only in the database: update, delete and truncate are refused', async () => {
    const p = await signUpPlayer(app, 'append-only');
    await credits(p.id, { requestId: requestId(), amount: 1, reason: 'Entry to protect' });
    const entry = (await auditOf(p.id)).items[0];
    expect(entry).toBeDefined();
    await expect(
      sql`update admin_audit_log set reason = 'rewritten' where id = ${entry?.id}::bigint`.execute(
        t.db.kysely,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from admin_audit_log where id = ${entry?.id}::bigint`.execute(t.db.kysely),
    ).rejects.toThrow(/append-only/);
    await expect(sql`truncate admin_audit_log`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    expect((await auditOf(p.id)).items[0]).toEqual(entry);
  });

  it('the audit log pages by cursor, newest first', async () => {
    const p = await signUpPlayer(app, 'paging');
    for (let i = 1; i <= 3; i++)
      await credits(p.id, { requestId: requestId(), amount: i, reason: `Step ${i}` });
    const first = (
      await asAdmin('GET', `/api/admin/audit?targetUserId=${p.id}&limit=2`)
    ).json() as AdminAuditPage;
    expect(first.items.map((e) => e.reason)).toEqual(['Step 3', 'Step 2']);
    const next = (
      await asAdmin('GET', `/api/admin/audit?targetUserId=${p.id}&limit=2&cursor=${first.nextCursor ?? ''}`)
    ).json() as AdminAuditPage;
    expect(next).toMatchObject({ items: [{ reason: 'Step 1' }], nextCursor: null });
  });
});
