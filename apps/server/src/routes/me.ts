/** The signed-in player's own profile, ledger and daily bonus (issue 2, section 4). */
import {
  AppError,
  DailyBonusResponseSchema,
  PatchMeSchema,
  MeResponseSchema,
  TransactionsPageSchema,
  TransactionsQuerySchema,
} from '@card-counter/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/index.ts';
import { listTransactions } from '../modules/ledger/index.ts';
import { claimDailyBonus, getProfile, updateProfile } from '../modules/profiles/index.ts';

const EmptyBody = z.strictObject({});

export function userId(request: FastifyRequest): string {
  const id = request.user?.id;
  // requireUser runs first on every route here; reaching this without a user is a wiring bug.
  if (id === undefined) throw new AppError('NOT_AUTHENTICATED');
  return id;
}

export function meRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock; adminUserIds: readonly string[] }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const admins = new Set(deps.adminUserIds);
  const me = async (id: string) => {
    const profile = await getProfile(db, id);
    if (profile === null) throw new AppError('USER_DOC_MISSING');
    return { ...profile, isAdmin: admins.has(id) };
  };
  // onRequest: an anonymous request is 401 before its body is even parsed or validated.
  const auth = { onRequest: app.requireUser };

  r.get('/api/me', { ...auth, schema: { response: { 200: MeResponseSchema } } }, async (request) =>
    me(userId(request)),
  );

  r.patch(
    '/api/me',
    { ...auth, schema: { body: PatchMeSchema, response: { 200: MeResponseSchema } } },
    async (request) => {
      const id = userId(request);
      await updateProfile(db, id, request.body, clock());
      return me(id);
    },
  );

  r.get(
    '/api/me/transactions',
    { ...auth, schema: { querystring: TransactionsQuerySchema, response: { 200: TransactionsPageSchema } } },
    async (request) => listTransactions(db, userId(request), request.query),
  );

  // No input: the server decides the amount. A body, if any, must be empty.
  r.post(
    '/api/me/daily-bonus',
    { ...auth, schema: { response: { 200: DailyBonusResponseSchema } } },
    async (request) => {
      const body: unknown = request.body;
      if (body !== undefined && body !== null && !EmptyBody.safeParse(body).success) {
        throw new AppError('VALIDATION_FAILED', 'body: this request takes no fields');
      }
      return claimDailyBonus(db, userId(request), clock());
    },
  );
}
