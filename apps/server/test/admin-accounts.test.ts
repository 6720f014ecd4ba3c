// Account actions: revoking sessions ends them; a blocked user can neither sign in nor use a
// session they already had; unblocking lets them back in. Each action is audited.
import type { AdminAuditPage, AdminUserDetail } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browser, signUp, uniqueEmail, type Browser } from './support/browser.ts';
import { buildAppWithAdmin } from './support/admin.ts';
import type { Caller } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

const PASSWORD = 'correct horse 1';

forEachDatabase('admin account actions', (t) => {
  let app: FastifyInstance;
  let asAdmin: Caller;
  let adminId: string;
  beforeAll(async () => {
    const built = await buildAppWithAdmin(t.db);
    app = built.app;
    asAdmin = built.asAdmin;
    adminId = built.admin.id;
  });
  afterAll(async () => {
    await app.close();
  });

  async function player(tag: string): Promise<{ id: string; email: string; b: Browser }> {
    const b = browser(app);
    const email = uniqueEmail(tag);
    const res = await signUp(b, email, PASSWORD);
    expect(res.statusCode).toBe(200);
    return { id: (res.json() as { user: { id: string } }).user.id, email, b };
  }
  const signIn = (email: string) =>
    browser(app).post('/api/auth/sign-in/email', { email, password: PASSWORD });
  const detail = async (id: string) =>
    (await asAdmin('GET', `/api/admin/users/${id}`)).json() as AdminUserDetail;

  it('revoking sessions ends every session of the user; they can sign in again', async () => {
    const p = await player('revoke');
    const second = browser(app);
    expect(
      (await second.post('/api/auth/sign-in/email', { email: p.email, password: PASSWORD })).statusCode,
    ).toBe(200);
    expect((await detail(p.id)).sessions).toHaveLength(2);
    const res = await asAdmin('POST', `/api/admin/users/${p.id}/revoke-sessions`, {
      reason: 'Reported stolen laptop',
    });
    expect(res.json()).toEqual({ blocked: false, sessionsRevoked: 2 });
    expect((await p.b.get('/api/me')).statusCode).toBe(401);
    expect((await second.get('/api/me')).statusCode).toBe(401);
    expect((await detail(p.id)).sessions).toEqual([]);
    expect((await signIn(p.email)).statusCode).toBe(200);
  });

  it('a blocked user cannot use an existing session nor sign in; unblocked, they can', async () => {
    const p = await player('block');
    expect((await p.b.get('/api/me')).statusCode).toBe(200);
    const blocked = await asAdmin('POST', `/api/admin/users/${p.id}/block`, { reason: 'Chargeback fraud' });
    expect(blocked.json()).toEqual({ blocked: true, sessionsRevoked: 1 });

    const existing = await p.b.get('/api/me');
    expect(existing.statusCode).toBe(401);
    const refused = await signIn(p.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'ACCOUNT_BLOCKED' } });
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password still says only "invalid": the block is not revealed to a guesser.
    const guess = await browser(app).post('/api/auth/sign-in/email', {
      email: p.email,
      password: 'wrong password 9',
    });
    expect(guess.json()).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });

    const d = await detail(p.id);
    expect(d.user.blocked).toBe(true);
    expect(d.block).toMatchObject({ reason: 'Chargeback fraud', blockedBy: adminId });
    expect(d.sessions).toEqual([]);

    const unblocked = await asAdmin('POST', `/api/admin/users/${p.id}/unblock`, {
      reason: 'Bank confirmed the payment',
    });
    expect(unblocked.json()).toEqual({ blocked: false, sessionsRevoked: 0 });
    expect((await signIn(p.email)).statusCode).toBe(200);
    expect((await detail(p.id)).block).toBeNull();

    const audit = (await asAdmin('GET', `/api/admin/audit?targetUserId=${p.id}`)).json() as AdminAuditPage;
    expect(audit.items.map((e) => [e.action, e.reason])).toEqual([
      ['account.unblock', 'Bank confirmed the payment'],
      ['account.block', 'Chargeback fraud'],
    ]);
  });

  it('an admin cannot block their own account', async () => {
    const res = await asAdmin('POST', `/api/admin/users/${adminId}/block`, { reason: 'Oops' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect((await asAdmin('GET', '/api/admin/health')).statusCode).toBe(200);
  });
});
