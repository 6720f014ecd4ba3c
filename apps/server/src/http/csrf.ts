/**
 * The CSRF guard (decision record 0003): one onRequest hook on the root instance, so every
 * route of every module, present and future, gets it without opting in.
 *
 * Rule: a state-changing request (any method but GET, HEAD, OPTIONS) that carries a Cookie
 * header must prove it comes from the app's own pages: `Origin` equal to APP_URL's origin,
 * or, when a browser sent no Origin, `Sec-Fetch-Site: same-origin`. Anything else is 403
 * ORIGIN_NOT_TRUSTED before the body is parsed or a handler runs, so nothing changes.
 * Requests without cookies (webhooks; no route takes a bearer token, ADR 0046) carry no ambient
 * authority and are left to the route's own authentication.
 */
import { errorBody } from '@card-counter/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

interface CsrfVerdict {
  ok: boolean;
  reason?: 'foreign-origin' | 'no-origin';
}

/** The decision alone (no I/O). `trustedOrigin` is e.g. `https://example.com`. */
function judgeRequest(
  method: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  trustedOrigin: string,
): CsrfVerdict {
  if (SAFE_METHODS.has(method.toUpperCase())) return { ok: true };
  const cookie = headers.cookie;
  if (cookie === undefined || cookie === '' || (Array.isArray(cookie) && cookie.length === 0))
    return { ok: true };
  const origin = headers.origin;
  if (origin !== undefined)
    return origin === trustedOrigin ? { ok: true } : { ok: false, reason: 'foreign-origin' };
  // Browsers send Origin on every cross-origin non-GET request; without it, only the fetch
  // metadata a page cannot forge counts as proof.
  return headers['sec-fetch-site'] === 'same-origin' ? { ok: true } : { ok: false, reason: 'no-origin' };
}

/** Registers the guard; call on the root instance before any route or plugin. */
export function installCsrfGuard(app: FastifyInstance, appUrl: string): void {
  const trustedOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = judgeRequest(request.method, request.headers, trustedOrigin);
    if (verdict.ok) return;
    request.log.warn(
      { reason: verdict.reason, origin: request.headers.origin, url: request.url },
      'CSRF guard refused a request',
    );
    await reply.status(403).send(errorBody('ORIGIN_NOT_TRUSTED'));
  });
}
