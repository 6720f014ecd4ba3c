/**
 * GET /api/me/stream: Server-Sent Events with the player's own profile (`event: profile`),
 * sent once at connect and after every change (ProfileStreamHub). Heartbeat comments keep
 * proxies from closing an idle stream; the client is removed when the socket closes.
 */
import { AppError } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.ts';
import { hasProfile } from '../modules/profiles/index.ts';
import type { ProfileStreamHub } from '../modules/profiles/stream-hub.ts';
import { toWebHeaders } from '../auth/bridge.ts';
import type { SessionWatch } from '../http/session-watch.ts';
import { userId } from './me.ts';

export interface StreamOptions {
  heartbeat_ms: number;
}

export function streamRoutes(
  app: FastifyInstance,
  deps: { db: Database; hub: ProfileStreamHub; sessions: SessionWatch } & StreamOptions,
): void {
  app.get('/api/me/stream', { onRequest: app.requireUser }, async (request, reply) => {
    const id = userId(request);
    // A cheap existence check; the first event (below) loads the profile itself.
    if (!(await hasProfile(deps.db, id))) throw new AppError('USER_DOC_MISSING');
    // The stream lives only as long as the session that opened it (http/session-watch.ts).
    const session = await app.auth.api.getSession({ headers: toWebHeaders(request) });
    if (session === null) throw new AppError('NOT_AUTHENTICATED');
    const raw = reply.raw;
    let open = true;
    const client = {
      send(event: string, data: string) {
        if (open) raw.write(`event: ${event}\ndata: ${data}\n\n`);
      },
      close() {
        if (open) raw.end();
        open = false;
      },
    };
    const added = deps.hub.add(id, client);
    if (!added.ok) {
      reply.header('retry-after', '60');
      if (added.reason === 'process-full') {
        // The operator's signal that SSE_CLIENTS_MAX is too low for this server's load.
        request.log.warn({ reason: added.reason }, 'live stream refused: SSE_CLIENTS_MAX reached');
        throw new AppError('LIVE_UPDATES_FULL');
      }
      throw new AppError('RATE_LIMITED', 'You have too many live tabs open. Close one to get live updates here.');
    }
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 3000\n\n');
    const heartbeat = setInterval(() => {
      if (open) raw.write(': heartbeat\n\n');
    }, deps.heartbeat_ms);
    const unwatch = deps.sessions.watch(session.session.id, () => client.close());
    const cleanup = (): void => {
      open = false;
      clearInterval(heartbeat);
      added.remove();
      unwatch();
    };
    request.raw.socket.on('close', cleanup);
    raw.on('close', cleanup);
    // The first event goes through the hub's per-user queue, so it cannot overtake a newer one.
    deps.hub.changed(id);
  });
}
