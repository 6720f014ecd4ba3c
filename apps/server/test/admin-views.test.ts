// What the operator reads: user search and detail, payments and totals (through the payments
// seam), health (including failed mail sends).
import { randomUUID } from 'node:crypto';
import type {
  AdminHealth,
  AdminPaymentsResponse,
  AdminTotals,
  AdminUserDetail,
  AdminUserSearchResponse,
} from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer.ts';
import { recordSendFailure } from '../src/mail/outbox.ts';
import { buildAppWithAdmin } from './support/admin.ts';
import { signUpPlayer, type Caller, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('admin views', (t) => {
  let app: FastifyInstance;
  let asAdmin: Caller;
  let admin: Player;
  beforeAll(async () => {
    ({ app, admin, asAdmin } = await buildAppWithAdmin(t.db));
  });
  afterAll(async () => {
    await app.close();
  });
  const get = async <T>(url: string) => {
    const res = await asAdmin('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it('finds users by e-mail, name or exact id, paged, with a total; % and _ are taken literally', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const a = await signUpPlayer(app, `${tag}-a`, 'Wanda Findme');
    await signUpPlayer(app, `${tag}-b`, 'Other Person');
    const byEmail = await get<AdminUserSearchResponse>(`/api/admin/users?q=${tag}&limit=1`);
    expect(byEmail.total).toBe(2);
    expect(byEmail.items).toHaveLength(1);
    const page2 = await get<AdminUserSearchResponse>(`/api/admin/users?q=${tag}&limit=1&offset=1`);
    expect(page2.items[0]?.id).not.toBe(byEmail.items[0]?.id);
    const byName = await get<AdminUserSearchResponse>('/api/admin/users?q=wanda%20findme');
    expect(byName.items.map((u) => u.id)).toEqual([a.id]);
    const byId = await get<AdminUserSearchResponse>(`/api/admin/users?q=${a.id}`);
    expect(byId.items).toMatchObject([
      { id: a.id, blocked: false, isAdmin: false, credits: expect.any(Number) as number },
    ]);
    expect((await get<AdminUserSearchResponse>('/api/admin/users?q=%25')).total).toBe(0);
    const me = await get<AdminUserSearchResponse>(`/api/admin/users?q=${admin.id}`);
    expect(me.items[0]?.isAdmin).toBe(true);
  });

  it("a user's detail: profile, sessions (no token), providers, record and drill statistics", async () => {
    const p = await signUpPlayer(app, 'detail', 'Dee Tail');
    const at = new Date('2026-01-02T03:04:05Z');
    // The server's graded entries count; a browser's posted history (source 'client') does not (ADR 0028).
    for (const [i, kind, correct, cost, source] of [
      [1, 'decision', true, 0, 'table'],
      [2, 'decision', false, 12.5, 'table'],
      [3, 'countCheck', true, 0, 'table'],
      [4, 'decision', true, 0, 'client'],
      [5, 'countCheck', true, 0, 'client'],
    ] as const) {
      await sql`insert into play_record (user_id, entry_id, kind, correct, ev_cost_credits, bet_credits, entry, at, source)
        values (${p.id}, ${`e${i}`}, ${kind}, ${correct}, ${cost}, 10, '{}'::jsonb, ${at}, ${source})`.execute(
        t.db.kysely,
      );
    }
    const d = await get<AdminUserDetail>(`/api/admin/users/${p.id}`);
    expect(d.user).toMatchObject({ id: p.id, name: 'Dee Tail', blocked: false });
    expect(d.profile).toMatchObject({ uid: p.id, displayName: 'Dee Tail' });
    expect(d.linkedProviders).toEqual({ email: true, google: false });
    expect(d.accounts.map((x) => x.providerId)).toEqual(['credential']);
    expect(d.sessions).toHaveLength(1);
    expect(Object.keys(d.sessions[0] ?? {}).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'id',
      'ipAddress',
      'userAgent',
    ]);
    expect(d.record).toEqual({
      decisions: 2,
      decisionsCorrect: 1,
      countChecks: 1,
      countChecksCorrect: 1,
      evCostCredits: 12.5,
      lastAt: at.toISOString(),
    });
    // Two trainer items answered, one a miss (due again at once), one right (due later).
    const answer = (item: string, correct: boolean) => ({
      answerId: randomUUID(),
      drill: 'basicStrategy',
      item,
      correct,
      time_ms: 1000,
      answeredAt: new Date().toISOString(),
    });
    expect(
      (
        await p.call('POST', '/api/me/drills/answers', {
          answers: [answer('hard:16:10', false), answer('hard:12:4', true)],
        })
      ).statusCode,
    ).toBe(200);
    const later = await get<AdminUserDetail>(`/api/admin/users/${p.id}`);
    expect(later.drills).toEqual({ available: true, cards: 2, due: expect.any(Number) });
    expect(later.drills.available ? later.drills.due : -1).toBeLessThanOrEqual(2);
  });

  it('payments: every attempt, filtered by status and user; revenue by day and pack counts fulfilled ones', async () => {
    const p = await signUpPlayer(app, 'payer');
    const day = new Date();
    const rows: [string, string, number, number, number, string, Date | null, string | null][] = [
      ['pi_a', 'starter', 499, 5000, 5000, 'succeeded', day, null],
      ['pi_b', 'starter', 499, 5000, 0, 'succeeded', day, null],
      ['pi_c', 'pro', 1999, 25000, 0, 'requires_payment_method', null, 'Your card was declined.'],
      ['pi_d', 'pro', 1999, 25000, 0, 'succeeded', null, null],
    ];
    for (const [id, pack, cents, creditsN, bonus, status, fulfilled, failure] of rows) {
      await t.db.kysely
        .insertInto('payments')
        .values({
          payment_intent_id: `${id}_${p.id}`,
          user_id: p.id,
          pack_id: pack,
          amount_cents: cents,
          currency: 'usd',
          credits: creditsN,
          bonus_credits: bonus,
          status: status as 'succeeded',
          provider: 'demo',
          failure_message: failure,
          created_at: day,
          updated_at: day,
          fulfilled_at: fulfilled,
        })
        .execute();
    }
    const mine = await get<AdminPaymentsResponse>(`/api/admin/payments?userId=${p.id}`);
    expect(mine.total).toBe(4);
    const declined = await get<AdminPaymentsResponse>(
      `/api/admin/payments?userId=${p.id}&status=requires_payment_method`,
    );
    expect(declined.items.map((x) => [x.packId, x.status, x.failureMessage, x.email])).toEqual([
      ['pro', 'requires_payment_method', 'Your card was declined.', expect.stringMatching(/^payer-/)],
    ]);
    expect(declined.statuses).toEqual(expect.arrayContaining(['requires_payment_method', 'succeeded']));
    expect((await asAdmin('GET', '/api/admin/payments?status=Bad%20Status')).statusCode).toBe(400);

    const totals = await get<AdminTotals>('/api/admin/totals');
    const today = day.toISOString().slice(0, 10);
    // This database holds only this test's payments.
    expect(totals.revenue.rows).toEqual([
      { day: today, packId: 'starter', currency: 'usd', payments: 2, amountCents: 998, credits: 15000 },
    ]);
  });

  it('totals: credits in circulation equal the ledger, admin grants and removals counted', async () => {
    const p = await signUpPlayer(app, 'totals');
    const before = await get<AdminTotals>('/api/admin/totals');
    await asAdmin('POST', `/api/admin/users/${p.id}/credits`, {
      requestId: `tot-${p.id}-1`,
      amount: 300,
      reason: 'Grant',
    });
    await asAdmin('POST', `/api/admin/users/${p.id}/credits`, {
      requestId: `tot-${p.id}-2`,
      amount: -100,
      reason: 'Remove',
    });
    const after = await get<AdminTotals>('/api/admin/totals');
    expect(after.creditsGrantedByAdmins - before.creditsGrantedByAdmins).toBe(300);
    expect(after.creditsRemovedByAdmins - before.creditsRemovedByAdmins).toBe(100);
    expect(after.creditsInCirculation - before.creditsInCirculation).toBe(200);
    const ledger = await sql<{
      n: string;
    }>`select coalesce(sum(amount), 0)::text as n from credit_transactions`.execute(t.db.kysely);
    expect(after.creditsInCirculation).toBe(Number(ledger.rows[0]?.n));
  });

  it('health: the database, mail (outbox held and failed sends) and live stream counts', async () => {
    await recordSendFailure(
      t.db.kysely,
      { to: 'lost@example.com', subject: 'Verify your e-mail', text: 'x' },
      new Error('connect ECONNREFUSED'),
    );
    // A real SMTP failure (nothing listens on port 1) is recorded by the mailer and still thrown.
    const silent = { info: () => undefined };
    const smtp = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:1', appUrl: 'http://localhost:3000' },
      t.db,
      silent,
    );
    await expect(
      smtp.send({ to: 'down@example.com', subject: 'Reset your password', text: 'x' }),
    ).rejects.toThrow();
    await smtp.close();
    const h = await get<AdminHealth>('/api/admin/health');
    expect(h.database).toMatchObject({ ok: true, kind: t.kind, message: 'ok' });
    expect(h.mail.mode).toBe('outbox');
    // Sign-ups above wrote their verification mails to the outbox (no SMTP_URL in tests).
    expect(h.mail.outboxHeld).toBeGreaterThan(0);
    expect(h.mail.failedLast24h).toBe(2);
    expect(h.mail.recentFailures.map((f) => f.to)).toEqual(['down@example.com', 'lost@example.com']);
    expect(h.mail.recentFailures[1]).toMatchObject({ error: 'connect ECONNREFUSED' });
    expect(h.live).toEqual({ clients: 0, clientsMax: 1000 });
  });
});
