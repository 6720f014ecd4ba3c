/**
 * The leaderboard's routes, all behind requireUser: the credits board page with the caller's
 * rank and neighbours, the skill board, and the live stream of the top of the credits board.
 * Also starts this process's refresher (the 100 ms refresh of entries, refresher.ts), which
 * flushes only while this process holds the fleet's lease (lease.ts).
 */
import {
  AppError,
  BalanceBoardQuerySchema,
  LEADERBOARD_LIMIT_DEFAULT,
  LEADERBOARD_REFRESH_DELAY_ms,
  LeaderboardPageSchema,
  LeaderboardQuerySchema,
  SkillPageSchema,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openEventStream } from '../../live/event-stream.ts';
import type { AppModule } from '../module.ts';
import { readBalancePage, readTopSnapshot } from './board.ts';
import { BOARD_KEY } from './entries.ts';
import { LEADERBOARD_LEASE_DEFAULT_ms, startRefresherLease } from './lease.ts';
import { LeaderboardRefresher } from './refresher.ts';
import { readSkillPage } from './skill.ts';

/** Leaderboard streams one player may hold in this process (tabs), as the profile stream allows. */
export const LEADERBOARD_STREAMS_PER_USER_MAX = 5;
/** A player who keeps changing is shown at least this often (refresher.ts). */
export const LEADERBOARD_REFRESH_WAIT_MAX_ms = 1000;
/** Refreshes start at least this far apart; users due in between share one (refresher.ts). */
export const LEADERBOARD_REFRESH_INTERVAL_MIN_ms = 200;

export const leaderboardRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, live } = deps;
  const auth = { onRequest: app.requireUser };

  const refresher = new LeaderboardRefresher(db, {
    delay_ms: LEADERBOARD_REFRESH_DELAY_ms,
    waitMax_ms: LEADERBOARD_REFRESH_WAIT_MAX_ms,
    intervalMin_ms: LEADERBOARD_REFRESH_INTERVAL_MIN_ms,
    log: app.log,
    // Standby until this process holds the fleet's lease (lease.ts, ADR 0048).
    active: false,
  });
  await refresher.start();
  app.addHook('preClose', () => refresher.stop());
  // The lease's first holder reconciles the board (in its job, while the app answers).
  await startRefresherLease(deps.jobs, refresher, {
    lease_ms: deps.leaderboardLease_ms ?? LEADERBOARD_LEASE_DEFAULT_ms,
    log: app.log,
  });

  r.get(
    '/api/leaderboard',
    { ...auth, schema: { querystring: BalanceBoardQuerySchema, response: { 200: LeaderboardPageSchema } } },
    async (request) => readBalancePage(db.kysely, request.query, request.userId()),
  );

  r.get(
    '/api/leaderboard/skill',
    { ...auth, schema: { querystring: LeaderboardQuerySchema, response: { 200: SkillPageSchema } } },
    async (request) => readSkillPage(db.kysely, request.query, request.userId()),
  );

  // One load per change in this process, the same JSON to every client (live/live-hub.ts): the
  // snapshot the refresh wrote, one row, not the top read again by every process (ADR 0078).
  await live.serve('leaderboard', {
    event: 'leaderboard',
    load: () => readTopSnapshot(db.kysely, LEADERBOARD_LIMIT_DEFAULT),
  });
  // Every client follows the one key, so the hub's per-key cap cannot tell players apart: count here.
  const streamsOf = new Map<string, number>();
  app.get('/api/leaderboard/stream', auth, async (request, reply) => {
    const id = request.userId();
    const sessionId = request.sessionId;
    if (sessionId === undefined) throw new AppError('NOT_AUTHENTICATED');
    const open = streamsOf.get(id) ?? 0;
    if (open >= LEADERBOARD_STREAMS_PER_USER_MAX) {
      reply.header('retry-after', '60');
      throw new AppError('RATE_LIMITED', 'You have too many live tabs open. Close one to get live updates here.');
    }
    // Throws (503) when the process-wide cap is reached; nothing counted then.
    openEventStream(request, reply, {
      hub: live,
      topic: 'leaderboard',
      key: BOARD_KEY,
      heartbeat_ms: deps.streamHeartbeat_ms,
      session: { id: sessionId, watch: deps.sessions },
    });
    streamsOf.set(id, open + 1);
    let counted = true;
    reply.raw.on('close', () => {
      if (!counted) return;
      counted = false;
      const left = (streamsOf.get(id) ?? 1) - 1;
      if (left <= 0) streamsOf.delete(id);
      else streamsOf.set(id, left);
    });
  });
};
