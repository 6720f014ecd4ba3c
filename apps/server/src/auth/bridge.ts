import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapAuthError } from './errors.ts';
import { withoutTokens } from './own-sessions.ts';

/** The header better-auth reads the client address from (see options.ts). */
export const CLIENT_IP_HEADER = 'x-card-counter-client-ip';

/** Node's incoming headers as a Web Headers object, with the client IP set by us. */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export function toWebRequest(request: FastifyRequest, baseUrl: string): Request {
  const url = new URL(request.url, baseUrl);
  const headers = toWebHeaders(request);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  let body: string | undefined;
  if (hasBody) {
    // The auth routes keep bodies as raw strings (plugin.ts); anything else is re-serialised.
    body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    if (body === '') body = undefined;
    headers.delete('content-length');
  }
  return new Request(url, { method: request.method, headers, body });
}

/**
 * Copies better-auth's Response onto Fastify's reply. Error bodies are rewritten to the
 * app's `{ error: { code, message } }` shape; redirects pass through; JSON successes pass
 * through without their session tokens (ADR 0046: the httpOnly cookie carries the session).
 */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) {
    let parsed: unknown = undefined;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const mapped = mapAuthError(response.status, parsed);
    reply.status(mapped.status).header('content-type', 'application/json; charset=utf-8');
    await reply.send(mapped.body);
    return;
  }
  if (text !== '' && (response.headers.get('content-type') ?? '').includes('json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON after all: nothing in it to strip as a field.
      await reply.send(text);
      return;
    }
    await reply.send(JSON.stringify(withoutTokens(parsed)));
    return;
  }
  await reply.send(text === '' ? undefined : text);
}
