/**
 * The operator's API under /api/admin, every route behind the admin guard (guard.ts):
 * users (search, detail, ledger), credits, account actions, the audit log, payments and
 * totals, and health. State-changing routes go through the app's CSRF guard like any other.
 */
import {
  AdminAccountActionResponseSchema,
  AdminAuditPageSchema,
  AdminAuditQuerySchema,
  AdminCreditRequestSchema,
  AdminCreditResponseSchema,
  AdminHealthSchema,
  AdminLedgerPageSchema,
  AdminLedgerQuerySchema,
  AdminPaymentsQuerySchema,
  AdminPaymentsResponseSchema,
  AdminReasonBodySchema,
  AdminTotalsSchema,
  AdminUserDetailSchema,
  AdminUserIdParamsSchema,
  AdminUserSearchQuerySchema,
  AdminUserSearchResponseSchema,
  AdminTournamentCreateSchema,
  TournamentSummarySchema,
} from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listTransactions } from '../ledger/index.ts';
import type { AppModule, ModuleDeps } from '../module.ts';
import { blockAccount, revokeSessions, unblockAccount } from './accounts.ts';
import { listAudit } from './audit.ts';
import { adjustCredits } from './credits.ts';
import { adminGuard } from './guard.ts';
import { health } from './health.ts';
import { listPayments } from './payments.ts';
import { totals } from './totals.ts';
import { createTournament } from './tournaments.ts';
import { assertUserExists, searchUsers, userDetail } from './users.ts';

export const adminRoutes: AppModule = async (app, deps) => {
  const admins: ReadonlySet<string> = new Set(deps.config.adminUserIds);
  // This plugin is encapsulated (registered without skip-override): the hook covers exactly its routes.
  app.addHook('onRequest', adminGuard(app, admins));
  userRoutes(app, deps, admins);
  accountRoutes(app, deps);
  operatorViews(app, deps);
  tournamentRoutes(app, deps);
};

/** Tournaments: created here (audited), listed and played under /api/tournaments. */
function tournamentRoutes(app: FastifyInstance, { db, clock, jobs }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/tournaments',
    { schema: { body: AdminTournamentCreateSchema, response: { 200: TournamentSummarySchema } } },
    async (request) => createTournament(db, jobs, { adminUserId: request.userId(), request: request.body, now: clock() }),
  );
}

const params = AdminUserIdParamsSchema;

/** A player: search, detail, ledger, and the operator's credit adjustment. */
function userRoutes(app: FastifyInstance, { db, clock }: ModuleDeps, admins: ReadonlySet<string>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/users',
    { schema: { querystring: AdminUserSearchQuerySchema, response: { 200: AdminUserSearchResponseSchema } } },
    async (request) => searchUsers(db, request.query, admins),
  );

  r.get(
    '/api/admin/users/:id',
    { schema: { params, response: { 200: AdminUserDetailSchema } } },
    async (request) => userDetail(db, request.params.id, admins),
  );

  r.get(
    '/api/admin/users/:id/transactions',
    { schema: { params, querystring: AdminLedgerQuerySchema, response: { 200: AdminLedgerPageSchema } } },
    async (request) => {
      await assertUserExists(db.kysely, request.params.id);
      return listTransactions(db, request.params.id, request.query);
    },
  );

  r.post(
    '/api/admin/users/:id/credits',
    { schema: { params, body: AdminCreditRequestSchema, response: { 200: AdminCreditResponseSchema } } },
    async (request) =>
      adjustCredits(db, {
        adminUserId: request.userId(),
        targetUserId: request.params.id,
        request: request.body,
        now: clock(),
      }),
  );
}

/** A player's account: sessions revoked, blocked, unblocked (each with the operator's reason). */
function accountRoutes(app: FastifyInstance, { db, clock }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const action = (fn: typeof blockAccount) =>
    ({
      schema: { params, body: AdminReasonBodySchema, response: { 200: AdminAccountActionResponseSchema } },
      handler: async (request: { userId(): string; params: { id: string }; body: { reason: string } }) =>
        fn(db, {
          adminUserId: request.userId(),
          targetUserId: request.params.id,
          reason: request.body.reason,
          now: clock(),
        }),
    }) as const;
  r.post('/api/admin/users/:id/revoke-sessions', action(revokeSessions));
  r.post('/api/admin/users/:id/block', action(blockAccount));
  r.post('/api/admin/users/:id/unblock', action(unblockAccount));
}

/** What the operator watches: the audit log, payments, totals and health. */
function operatorViews(app: FastifyInstance, { db, clock, config, live }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/audit',
    { schema: { querystring: AdminAuditQuerySchema, response: { 200: AdminAuditPageSchema } } },
    async (request) => listAudit(db, request.query),
  );

  r.get(
    '/api/admin/payments',
    { schema: { querystring: AdminPaymentsQuerySchema, response: { 200: AdminPaymentsResponseSchema } } },
    async (request) => listPayments(db, request.query),
  );

  r.get('/api/admin/totals', { schema: { response: { 200: AdminTotalsSchema } } }, async () =>
    totals(db, clock()),
  );

  r.get('/api/admin/health', { schema: { response: { 200: AdminHealthSchema } } }, async () =>
    health(db, config, live, clock()),
  );
}
