/**
 * Every error leaves the API as `{ error: { code, message } }` with a code of the shared
 * catalogue and that code's status (test/error-contract.test.ts provokes each kind).
 * Validation problems are 400 VALIDATION_FAILED with a message naming the field; anything
 * unexpected is 500 UNEXPECTED, logged with its stack but never sent to the client.
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

/**
 * A custom count's problem among the validation issues (custom-count.ts puts its reason in the
 * issue's params): answered as INVALID_CUSTOM_COUNT with the reason and the field, stable for
 * programs, rather than the general VALIDATION_FAILED.
 */
function customCountProblem(
  error: FastifyError & { validation: { instancePath: string; message?: string; params?: unknown }[] },
): { reason: string; field: string; message: string } | null {
  for (const v of error.validation) {
    const params = (v.params as { params?: { customCount?: unknown } } | undefined)?.params;
    if (typeof params?.customCount === 'string') {
      const field = `${error.validationContext ?? 'request'}${v.instancePath.replace(/\//g, '.')}`;
      return { reason: params.customCount, field, message: `${field}: ${v.message ?? 'is invalid'}` };
    }
  }
  return null;
}

/** Fastify's and its plugins' own 4xx statuses; any other 4xx is sent as 400 VALIDATION_FAILED. */
const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'NOT_AUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Codes whose Fastify message is safe and clearer than the catalogue's (bad JSON, body too large, ...). */
const FASTIFY_MESSAGE_CODES: ReadonlySet<ErrorCode> = new Set([
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
]);

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const custom = customCountProblem(error);
      if (custom) return reply.status(ERRORS.INVALID_CUSTOM_COUNT.status).send(errorBody('INVALID_CUSTOM_COUNT', custom.message, { reason: custom.reason, field: custom.field }));
      return reply.status(400).send(errorBody('VALIDATION_FAILED', validationMessage(error)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(errorBody('UNEXPECTED'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'VALIDATION_FAILED';
      const message = FASTIFY_MESSAGE_CODES.has(code) ? error.message : ERRORS[code].message;
      // The catalogue's status, so a code always travels with the same status.
      return reply.status(ERRORS[code].status).send(errorBody(code, message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('UNEXPECTED'));
  });
}
