/**
 * Errors Fastify and Node answer before any route or error handler runs, in the catalogue's
 * `{ error: { code, message } }` shape like every other error: a malformed URL (bad percent
 * encoding) and a client error on the socket (headers too large, a broken request line).
 * Passed to the Fastify factory as `frameworkErrors` and `clientErrorHandler`.
 */
import type { Socket } from 'node:net';
import { ERRORS, errorBody, type ErrorCode } from '@card-counter/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code: ErrorCode = error.code === 'FST_ERR_BAD_URL' ? 'MALFORMED_URL' : 'VALIDATION_FAILED';
  // Answered before routing, so the root onSend hooks (no-store.ts) do not run: set it here.
  void reply.status(ERRORS[code].status).header('cache-control', 'no-store').send(errorBody(code));
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 431: 'Request Header Fields Too Large' };

/** Writes a complete HTTP/1.1 response on the raw socket (no request object exists yet). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const code: ErrorCode = error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'VALIDATION_FAILED';
  const status = ERRORS[code].status;
  const body = JSON.stringify(
    errorBody(code, code === 'VALIDATION_FAILED' ? 'The request is malformed.' : undefined),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
