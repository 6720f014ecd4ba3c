/**
 * One line per answered request at debug, not Fastify's two lines per request at info: at the
 * default level (info) the log keeps what an operator acts on (start, migrations, warnings,
 * failures: the error handler logs every 5xx at error); LOG_LEVEL=debug shows every request.
 */
import type { FastifyInstance } from 'fastify';

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime_ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}
