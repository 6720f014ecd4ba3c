/**
 * The signed-in player's table: GET /api/table, POST /api/table/actions, GET /api/table/shoes
 * (replaced shoes, to verify against their commitments), GET /api/table/patterns and
 * GET /api/table/stream (the table's version, live, for the player's other tabs) and
 * GET /api/table/report (a shoe's or the session's report, report.ts).
 * Contract: packages/shared/src/table.ts. All behind requireUser; the POST is CSRF-guarded like
 * every state-changing route.
 */
import {
  AppError,
  BettingPatternsSchema,
  ErrorBodySchema,
  ShoeRevealHistorySchema,
  TableActionRequestSchema,
  TableReportQuerySchema,
  TableReportSchema,
  TableSnapshotSchema,
} from '@card-counter/shared';
import { parseRules } from '@card-counter/engine';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openEventStream } from '../../live/event-stream.ts';
import type { AppModule } from '../module.ts';
import { applyTableAction, defaultRng, readPatterns, readSnapshot } from './play.ts';
import { listReveals } from './reveals.ts';
import { readReport } from './report.ts';
import { replayRoutes } from './replay-routes.ts';
import { readVersion } from './store.ts';
import { basicCharts } from '../../strategy/basic-charts.ts';

/** Table streams per player (tabs); a tab over the cap still plays, it just does not follow others. */
export const TABLE_STREAM_CLIENTS_PER_USER_MAX = 5;

export const tableRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, live, grader } = deps;
  const hooks = deps.table ?? {};
  const rng = defaultRng(hooks);
  // The default rules' chart, built on its worker before the first decision needs it
  // (shoe-play.ts: a decision made before its chart exists is unjudged).
  basicCharts
    .request(parseRules({}))
    .catch((e: unknown) => app.log.warn({ err: e }, 'basic strategy chart not built'));
  const auth = { onRequest: app.requireUser };

  r.get('/api/table', { ...auth, schema: { response: { 200: TableSnapshotSchema } } }, async (request) =>
    readSnapshot(db, request.userId()),
  );

  r.post(
    '/api/table/actions',
    {
      ...auth,
      schema: {
        body: TableActionRequestSchema,
        response: { 200: TableSnapshotSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const answer = await applyTableAction({ db, now: clock(), hooks, rng, grader }, request.userId(), request.body);
      return reply.status(answer.status).send(answer.body);
    },
  );

  // `event: table` with `{ version }` at connect and after every accepted action, from any tab
  // or process: a tab behind it reloads GET /api/table. The state itself never travels here.
  await live.serve('table', {
    event: 'table',
    load: async (userId) => (await readVersion(db.kysely, userId)) ?? { version: 0 },
    clientsPerKeyMax: TABLE_STREAM_CLIENTS_PER_USER_MAX,
  });
  app.get('/api/table/stream', auth, async (request, reply) => {
    // The stream lives only as long as the session requireUser found (http/session-watch.ts).
    const sessionId = request.sessionId;
    if (sessionId === undefined) throw new AppError('NOT_AUTHENTICATED');
    openEventStream(request, reply, {
      hub: live,
      topic: 'table',
      key: request.userId(),
      heartbeat_ms: deps.streamHeartbeat_ms,
      session: { id: sessionId, watch: deps.sessions },
    });
  });

  r.get(
    '/api/table/shoes',
    { ...auth, schema: { response: { 200: ShoeRevealHistorySchema } } },
    async (request) => ({
      items: await listReveals(db.kysely, request.userId()),
    }),
  );

  r.get(
    '/api/table/patterns',
    { ...auth, schema: { response: { 200: BettingPatternsSchema } } },
    async (request) => BettingPatternsSchema.parse(await readPatterns(db, request.userId())),
  );

  r.get(
    '/api/table/report',
    { ...auth, schema: { querystring: TableReportQuerySchema, response: { 200: TableReportSchema } } },
    async (request) => readReport(db, request.userId(), request.query.shoe),
  );

  replayRoutes(app, db);
};
