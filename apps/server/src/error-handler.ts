/**
 * Every error leaves the API as `{ error: { code, message } }` with a code of the shared
 * catalogue. Validation problems are 400 VALIDATION_FAILED with a message naming the field;
 * anything unexpected is 500 UNEXPECTED, logged with its stack but never sent to the client.
 */
import { AppError, ERRORS, errorBody, type ErrorCode } from '@card-counter/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

function validationMessage(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
): string {
  const where = error.validationContext ?? 'request';
  const parts = error.validation.slice(0, 5).map((v) => {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return `${where}${field === '' ? '' : `.${field}`}: ${v.message ?? 'is invalid'}`;
  });
  return parts.join('; ');
}

const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'NOT_AUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(errorBody('VALIDATION_FAILED', validationMessage(error)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(errorBody('UNEXPECTED'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'VALIDATION_FAILED';
      // Fastify's own 4xx messages (bad JSON, wrong content type, body too large) are safe and clear.
      const message = code === 'VALIDATION_FAILED' ? error.message : ERRORS[code].message;
      return reply.status(status).send(errorBody(code, message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('UNEXPECTED'));
  });
}
