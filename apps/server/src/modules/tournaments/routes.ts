/**
 * The tournaments' routes (contract: packages/shared/src/api/tournaments.ts), all behind
 * requireUser; the POSTs are CSRF-guarded like every state-changing route:
 * GET /api/tournaments, GET /api/tournaments/:id (standings, payouts, the reveal once closed),
 * POST /api/tournaments/:id/entries, GET /api/tournaments/:id/table and
 * POST /api/tournaments/:id/table/actions (the table's own contract, play.ts),
 * GET /api/tournaments/:id/record?userId= (after the end) and GET /api/tournaments/:id/stream
 * (the standings, live across processes). Creation is the admin's (admin/routes.ts) or a
 * schedule's (schedule.ts); the closing is a job (close.ts).
 */
import {
  AppError,
  ErrorBodySchema,
  TableActionRequestSchema,
  TableSnapshotSchema,
  TournamentDetailSchema,
  TournamentEntryRequestSchema,
  TournamentEntryResponseSchema,
  TournamentIdParamsSchema,
  TournamentListSchema,
  TournamentRecordQuerySchema,
  TournamentRecordSchema,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openEventStream } from '../../live/event-stream.ts';
import type { AppModule } from '../module.ts';
import { startClosings } from './close.ts';
import { enterTournament } from './entry.ts';
import { applyTournamentAction, readTournamentTable } from './play.ts';
import { startSchedules } from './schedule.ts';
import { findTournament, listTournaments, readDetail, readEntrantRecord, standingsEvent } from './standings.ts';

/** A tournament's standings are pushed at most this often per process, however fast rounds settle. */
export const STANDINGS_PUSH_MIN_ms = 500;

export const tournamentRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, live, grader, jobs } = deps;
  const auth = { onRequest: app.requireUser };
  const params = TournamentIdParamsSchema;

  r.get('/api/tournaments', { ...auth, schema: { response: { 200: TournamentListSchema } } }, async (request) =>
    listTournaments(db, request.userId(), clock()),
  );

  r.get('/api/tournaments/:id', { ...auth, schema: { params, response: { 200: TournamentDetailSchema } } }, async (request) =>
    readDetail(db, request.params.id, request.userId(), clock()),
  );

  r.post(
    '/api/tournaments/:id/entries',
    { ...auth, schema: { params, body: TournamentEntryRequestSchema, response: { 200: TournamentEntryResponseSchema } } },
    async (request) => enterTournament(db, request.params.id, request.userId(), request.body.requestId, clock()),
  );

  r.get('/api/tournaments/:id/table', { ...auth, schema: { params, response: { 200: TableSnapshotSchema } } }, async (request) =>
    readTournamentTable(db, await findTournament(db.kysely, request.params.id), request.userId()),
  );

  r.post(
    '/api/tournaments/:id/table/actions',
    {
      ...auth,
      schema: {
        params,
        body: TableActionRequestSchema,
        response: { 200: TableSnapshotSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const t = await findTournament(db.kysely, request.params.id);
      const answer = await applyTournamentAction({ db, now: clock(), grader }, t, request.userId(), request.body);
      return reply.status(answer.status).send(answer.body);
    },
  );

  r.get(
    '/api/tournaments/:id/record',
    { ...auth, schema: { params, querystring: TournamentRecordQuerySchema, response: { 200: TournamentRecordSchema } } },
    async (request) => readEntrantRecord(db, request.params.id, request.query.userId),
  );

  // `event: standings` at connect and after each entry, settled round and the closing, from any
  // process: chips and rounds only, the same for every follower.
  const lastPush = new Map<string, number>();
  await live.serve('tournament', {
    event: 'standings',
    load: async (id) => {
      const wait = (lastPush.get(id) ?? 0) + STANDINGS_PUSH_MIN_ms - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastPush.set(id, Date.now());
      if (lastPush.size > 1000) lastPush.clear();
      return standingsEvent(db.kysely, id, clock());
    },
  });
  app.get('/api/tournaments/:id/stream', { ...auth, schema: { params } }, async (request, reply) => {
    const sessionId = request.sessionId;
    if (sessionId === undefined) throw new AppError('NOT_AUTHENTICATED');
    const { id } = request.params as { id: string };
    await findTournament(db.kysely, id);
    openEventStream(request, reply, {
      hub: live,
      topic: 'tournament',
      key: id,
      heartbeat_ms: deps.streamHeartbeat_ms,
      session: { id: sessionId, watch: deps.sessions },
    });
  });

  const { repaired } = await startClosings({ db, jobs, clock, grader, log: app.log });
  // Before the database closes (main.ts closes it after the app).
  app.addHook('preClose', () => repaired);
  await startSchedules({ db, jobs, clock }, deps.config.tournamentSchedules);
};
