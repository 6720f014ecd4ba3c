import type { AdminAuditEntry, AdminUserDetail, AdminUserSummary, CreditTransaction } from '@card-counter/shared';
import { json } from '../../support/fetch.ts';

// A fake /api/admin: a few accounts with their ledgers behind fetch. It searches as the server
// does (e-mail, name, username or exact id), credits through the ledger (the balance is the
// sum of the entries) and records each grant in the audit log; `refuse` makes the next call to
// a path answer an error instead.

const AT = '2026-01-01T00:00:00.000Z';

export class FakeAdminServer {
  users: AdminUserSummary[] = [
    { id: 'user-ada', email: 'ada@example.com', name: 'Ada', username: 'ada', credits: 10_000, createdAt: AT, lastLogin: AT, blocked: false, isAdmin: true },
    { id: 'user-bob', email: 'bob@example.com', name: 'Bob', username: 'bob', credits: 1_000, createdAt: AT, lastLogin: null, blocked: false, isAdmin: false },
  ];
  ledgers = new Map<string, CreditTransaction[]>();
  audit: AdminAuditEntry[] = [];
  /** Requests as `METHOD /path?query`, in order. */
  calls: string[] = [];
  private refusals = new Map<string, { status: number; code: string; message: string }>();

  /** The next request to `path` (no query) answers this error. */
  refuse(path: string, status: number, code: string, message: string): void {
    this.refusals.set(path, { status, code, message });
  }

  handle = (url: URL, init: RequestInit | undefined): Response | undefined => {
    const method = init?.method ?? 'GET';
    this.calls.push(`${method} ${url.pathname}${url.search}`);
    const refusal = this.refusals.get(url.pathname);
    if (refusal) {
      this.refusals.delete(url.pathname);
      return json({ error: { code: refusal.code, message: refusal.message } }, refusal.status);
    }
    const p = url.pathname;
    if (p === '/api/admin/totals') return json(this.totals());
    if (p === '/api/admin/users') return json(this.search(url.searchParams.get('q') ?? ''));
    if (p === '/api/admin/audit') return json({ items: this.audit.filter((e) => [null, e.targetUserId].includes(url.searchParams.get('targetUserId'))), nextCursor: null });
    if (p === '/api/admin/payments') return json({ items: [], total: 0, limit: 20, offset: 0, statuses: [] });
    const user = /^\/api\/admin\/users\/([^/]+)(\/.*)?$/.exec(p);
    if (!user?.[1]) return undefined;
    const summary = this.users.find((u) => u.id === decodeURIComponent(user[1] as string));
    if (!summary) return json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404);
    if (user[2] === undefined) return json(this.detail(summary));
    if (user[2] === '/transactions') return json({ items: [...(this.ledgers.get(summary.id) ?? [])].reverse(), nextCursor: null });
    if (user[2] === '/credits' && method === 'POST') return json(this.credit(summary, JSON.parse(String(init?.body)) as { amount: number; reason: string }));
    return undefined;
  };

  private totals() {
    const credits = this.users.reduce((a, u) => a + (u.credits ?? 0), 0);
    return { creditsInCirculation: credits, creditsGrantedByAdmins: 0, creditsRemovedByAdmins: 0, users: this.users.length, revenue: { days: 30, rows: [] } };
  }

  private search(q: string) {
    const needle = q.toLowerCase();
    const items = this.users.filter((u) => needle === '' || u.id === q || [u.email, u.name, u.username ?? ''].some((s) => s.toLowerCase().includes(needle)));
    return { items, total: items.length, limit: 20, offset: 0 };
  }

  private detail(u: AdminUserSummary): AdminUserDetail {
    return {
      user: { ...u, emailVerified: true },
      profile: null,
      linkedProviders: { email: true, google: false },
      accounts: [],
      sessions: [],
      block: null,
      record: { decisions: 0, decisionsCorrect: 0, countChecks: 0, countChecksCorrect: 0, evCostCredits: 0, lastAt: null },
      drills: { available: false, note: 'No drills yet.' },
    };
  }

  private credit(u: AdminUserSummary, body: { amount: number; reason: string }) {
    const balance = (u.credits ?? 0) + body.amount;
    u.credits = balance;
    const ledger = this.ledgers.get(u.id) ?? [];
    const transaction: CreditTransaction = {
      id: String(ledger.length + 1),
      userId: u.id,
      type: 'admin',
      amount: body.amount,
      balance,
      description: body.reason,
      metadata: null,
      createdAt: AT,
    };
    this.ledgers.set(u.id, [...ledger, transaction]);
    this.audit.push({
      id: String(this.audit.length + 1),
      adminUserId: 'user-ada',
      adminEmail: 'ada@example.com',
      action: body.amount > 0 ? 'credits.grant' : 'credits.remove',
      targetUserId: u.id,
      targetEmail: u.email,
      reason: body.reason,
      details: { amount: body.amount },
      createdAt: AT,
    });
    return { applied: true, balance, transaction };
  }
}
