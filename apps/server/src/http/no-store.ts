/**
 * `Cache-Control: no-store` on every answer under /api/ and on every JSON answer anywhere,
 * signed in or not, errors included (an onSend hook on the root instance). A signed-in answer
 * carries the player's own data (balance, e-mail, a table, a session), which no browser cache
 * or shared proxy may keep. Signed-out API answers get the same: they are few and cheap
 * (health, config, 401s), and one rule leaves no answer that a proxy ignoring the Cookie header
 * could keep and then serve to a signed-in player. Pages and static files keep their own
 * caching (web-app.ts); live streams set theirs when they open (live/event-stream.ts).
 * test/error-contract.test.ts checks every route, signed in and out, and every error kind.
 */
import type { FastifyInstance } from 'fastify';

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Call on the root instance before any route or plugin is registered, so it covers them all. */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // Overrides a route's own value: nothing under /api is meant to be cached.
    if (isApi(request.url) || type.startsWith('application/json')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
