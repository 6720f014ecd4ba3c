/**
 * One line per answered request at debug, not Fastify's two lines per request at info: at the
 * default level (info) the log keeps what an operator acts on (start, migrations, warnings,
 * failures: the error handler logs every 5xx at error, and a request that errored while its
 * answer was sent keeps Fastify's own error line); LOG_LEVEL=debug shows every request.
 * Fastify's logController option (its top-level disableRequestLogging is deprecated).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLog extends LogController {
  override incomingRequest(): void {
    // The answer's line says it all; the request alone is noise.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime_ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}
