/**
 * The signed-in player's own profile, ledger, daily bonus and live profile stream, all under
 * /api/me and behind requireUser; and GET /api/session, which says who the caller is, signed in or not.
 */
import {
  AppError,
  DailyBonusResponseSchema,
  PatchMeSchema,
  MeResponseSchema,
  SessionResponseSchema,
  TransactionsPageSchema,
  TransactionsQuerySchema,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseHiddenCharacters } from '../../auth/name-rules.ts';
import { openEventStream } from '../../live/event-stream.ts';
import { listTransactions } from '../ledger/index.ts';
import type { AppModule } from '../module.ts';
import { claimDailyBonus } from './daily-bonus.ts';
import { getProfile, hasProfile, updateProfile } from './profiles.ts';

const EmptyBody = z.strictObject({});

/**
 * Clients per user on GET /api/me/stream (tabs). Low, so a few players cannot fill the
 * process-wide cap (SSE_CLIENTS_MAX), which is only a last resort that answers 503.
 */
export const STREAM_CLIENTS_PER_USER_MAX = 5;

export const profileRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, live } = deps;
  const admins = new Set(deps.config.adminUserIds);
  const me = async (id: string) => {
    const profile = await getProfile(db, id);
    if (profile === null) throw new AppError('USER_DOC_MISSING');
    return { ...profile, isAdmin: admins.has(id) };
  };
  // onRequest: an anonymous request is 401 before its body is even parsed or validated.
  const auth = { onRequest: app.requireUser };

  r.get('/api/me', { ...auth, schema: { response: { 200: MeResponseSchema } } }, async (request) =>
    me(request.userId()),
  );

  r.get(
    '/api/session',
    { onRequest: app.requireUser, config: { userOptional: true }, schema: { response: { 200: SessionResponseSchema } } },
    async (request) => (request.user === undefined ? { signedIn: false as const } : { signedIn: true as const, me: await me(request.user.id) }),
  );

  r.patch(
    '/api/me',
    {
      ...auth,
      // Hidden characters get their own code before the schema's generic one (ADR 0046).
      preValidation: async (request) => refuseHiddenCharacters(request.body),
      schema: { body: PatchMeSchema, response: { 200: MeResponseSchema } },
    },
    async (request) => {
      const id = request.userId();
      await updateProfile(db, id, request.body, clock());
      return me(id);
    },
  );

  r.get(
    '/api/me/transactions',
    { ...auth, schema: { querystring: TransactionsQuerySchema, response: { 200: TransactionsPageSchema } } },
    async (request) => listTransactions(db, request.userId(), request.query),
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
      return claimDailyBonus(db, request.userId(), clock());
    },
  );

  await live.serve('profile', {
    event: 'profile',
    load: (userId) => getProfile(db, userId),
    clientsPerKeyMax: STREAM_CLIENTS_PER_USER_MAX,
  });
  // `event: profile` with the player's own profile at connect and after every change.
  app.get('/api/me/stream', auth, async (request, reply) => {
    const id = request.userId();
    // A cheap existence check; the first event loads the profile itself.
    if (!(await hasProfile(db, id))) throw new AppError('USER_DOC_MISSING');
    // The stream lives only as long as the session requireUser found (http/session-watch.ts).
    const sessionId = request.sessionId;
    if (sessionId === undefined) throw new AppError('NOT_AUTHENTICATED');
    openEventStream(request, reply, {
      hub: live,
      topic: 'profile',
      key: id,
      heartbeat_ms: deps.streamHeartbeat_ms,
      session: { id: sessionId, watch: deps.sessions },
    });
  });
};
