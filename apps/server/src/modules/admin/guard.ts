/**
 * The one check every /api/admin route gets (decision record 0014): a signed-in user (else
 * 401) whose id is in ADMIN_USER_IDS (else 403 FORBIDDEN), in an onRequest hook of the admin
 * plugin, so it runs before any body is parsed and a route added to the plugin cannot skip it.
 * test/admin-routes.test.ts walks the route table to prove it for every /api/admin route.
 */
import { errorBody } from '@card-counter/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export function adminGuard(app: FastifyInstance, admins: ReadonlySet<string>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    await app.requireUser(request, reply);
    if (reply.sent) return reply;
    if (!admins.has(request.userId())) {
      request.log.warn({ userId: request.userId(), url: request.url }, 'admin route refused to a non-admin');
      return reply.status(403).send(errorBody('FORBIDDEN'));
    }
    return undefined;
  };
}
